import Foundation
import GamePackContent

/// The first pass of the gohike target, made in pieces on all cores.
///
/// The `profiles` array is cut into pieces: each profile's own members (up to the `[` of its
/// routes) and each route. Runs of pieces are made side by side (`DispatchQueue.
/// concurrentPerform`), each piece with a `JSONWriter` and a `ContentRecording` of its own, and
/// written in order to the output that hashes them, with the punctuation between them; their
/// recordings are joined in order into the target's. A run holds `piecesPerRun` pieces, so no
/// more than a run's bytes (images included) are held at a time. The bytes are those one writer
/// would write: a piece starts a JSON value of its own, and the commas and brackets between
/// pieces are the ones the writer puts there.
extension GohikeTarget {
    /// Pieces made side by side before they are written: enough for both cores to end
    /// together, few enough to hold in memory (a few MB with 5 KB photos).
    static let piecesPerRun = 64

    /// A piece of the profiles array, before it is made.
    enum PieceSource {
        /// A profile's members, from its `{` to the `[` of its routes.
        case profile(ContentItem)
        /// A route of the profile, whole.
        case route(ContentItem, profile: ContentItem)
    }

    /// A piece as made: its bytes and what the second pass replays of them.
    struct Piece: Sendable {
        var bytes: [UInt8]
        var recording: ContentRecording
    }

    /// Writes the `profiles` array to `out` (the first pass), and its recording to `recording`.
    func writeProfiles(to out: OutputFile) throws {
        let sources = pieceSources()
        try write(text: "[", to: out)
        var index = 0
        while index < sources.count {
            let run = Array(sources[index..<min(index + Self.piecesPerRun, sources.count)])
            let made = PieceResults(count: run.count)
            DispatchQueue.concurrentPerform(iterations: run.count) { offset in
                made.set(offset, Result { try piece(run[offset]) })
            }
            // In order, so that the first error is the one a single writer would have met.
            for (offset, result) in made.results.enumerated() {
                let piece = try result.get()
                switch run[offset] {
                case .profile:
                    if index + offset > 0 { try write(text: "]},", to: out) }
                case .route:
                    if case .route = sources[index + offset - 1] { try write(text: ",", to: out) }
                }
                try out.write(piece.bytes)
                recording.append(piece.recording)
            }
            index += run.count
        }
        try write(text: sources.isEmpty ? "]" : "]}]", to: out)
    }

    /// The pieces of the profiles array, in order: each profile (sorted) and its routes (sorted).
    /// (Their ids are read when each is made, so that an error comes in the order it is met.)
    func pieceSources() -> [PieceSource] {
        let index = context.index
        // The routes by the profile they name, read once (not once for every profile).
        let routes = Dictionary(grouping: index.items(in: "routes")) { $0.node["profile"].flatMap(ItemID.init(node:)) }
        var sources: [PieceSource] = []
        for profile in sorted(index.items(in: "profiles")) {
            sources.append(.profile(profile))
            for route in sorted(routes[profile.id] ?? []) { sources.append(.route(route, profile: profile)) }
        }
        return sources
    }

    /// Makes one piece, with a writer and a recording of its own.
    func piece(_ source: PieceSource) throws -> Piece {
        let recording = ContentRecording()
        var bytes: [UInt8] = []
        let out = try OutputFile(
            consumer: { chunk in
                bytes.append(contentsOf: chunk)
                recording.receive(chunk)
            }, digest: nil, hashesInParallel: false)
        var json = JSONWriter(out)
        switch source {
        case .profile(let profile):
            try writeHead(of: profile, id: try number(profile), &json, recording)
            try json.key("routes")
            try json.beginArray()
        case .route(let route, let profile):
            try writeRoute(route, profileID: try number(profile), &json, recording)
        }
        _ = try out.close()
        recording.finish()
        return Piece(bytes: bytes, recording: recording)
    }

    /// Writes punctuation between pieces, to `out` and to the recording.
    func write(text: String, to out: OutputFile) throws {
        let bytes = Array(text.utf8)
        try out.write(bytes)
        recording.append(text: bytes)
    }
}

/// The pieces of a run, each set once by the thread that made it. (Unchecked `Sendable`: the
/// threads set disjoint places, and `results` is read after `concurrentPerform` has returned.)
private final class PieceResults: @unchecked Sendable {
    typealias Made = Result<GohikeTarget.Piece, any Error>
    private let slots: UnsafeMutablePointer<Made?>
    private let count: Int

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
        self.count = count
    }

    func set(_ index: Int, _ result: Made) { slots[index] = result }

    var results: [Made] { (0..<count).map { slots[$0]! } }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }
}
