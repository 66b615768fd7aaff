import CBase64
import Foundation
import GamePackFormat
import GamePackKit
import GamePackTestSupport
import Testing

@testable import GamePackBuild
@testable import GamePackContent

/// Two content.json files read as a pair hash only the images that differ between them
/// (`ContentSnapshot.resolvePendingImages`), and report exactly what reading each file on
/// its own, every image hashed, reports.
@Suite("Diff: content.json images hashed only where they differ")
struct PendingImagesTests {
    /// Every report format of both ways of reading `old` and `new`.
    static func expectSameReports(_ old: String, _ new: String) async throws {
        let alone = try await DiffTesting.diff(old, new)
        let (before, after) = try await SnapshotLoader.loadPair(.path(old), .path(new))
        let paired = try await DiffEngine.compare(before, after)
        let aloneContext = DiffRenderContext(
            oldAssets: try await SnapshotLoader.load(.path(old)).assets,
            newAssets: try await SnapshotLoader.load(.path(new)).assets)
        let pairedContext = DiffRenderContext(oldAssets: before.assets, newAssets: after.assets)
        for format in DiffFormat.allCases {
            #expect(
                format.renderer.render(paired, context: pairedContext) == format.renderer.render(alone, context: aloneContext),
                "\(format) report of \(old) → \(new)")
        }
    }

    /// The asset references of a snapshot's fields.
    static func assets(_ snapshot: ContentSnapshot) -> [String: AssetRef] {
        var out: [String: AssetRef] = [:]
        for (collection, items) in snapshot.items {
            for (id, item) in items {
                for (key, value) in item.fields {
                    if case .asset(let ref) = value { out["\(collection)/\(id.text).\(key)"] = ref }
                }
            }
        }
        return out
    }

    @Test("the fixtures' pairs: every report format is the same as reading each file alone")
    func fixturePairs() async throws {
        let files = [DiffTesting.v1, DiffTesting.v2, DiffTesting.ios]
        for old in files {
            for new in files { try await Self.expectSameReports(old, new) }
        }
    }

    @Test("unchanged images, however wrapped, are not hashed; a replaced image is, and is reported by its hash")
    func onlyDifferingImagesHashed() async throws {
        let temp = try TemporaryDirectory()
        var content =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: DiffTesting.v1))) as! [String: Any]
        var profiles = content["profiles"] as! [[String: Any]]
        var routes = profiles[0]["routes"] as! [[String: Any]]
        // Route 6 takes route 4's image; route 1's image is written on one line.
        routes[0]["image_data"] = routes[1]["image_data"]
        let unwrapped = (routes[2]["image_data"] as! String).replacingOccurrences(of: "\n", with: "")
        routes[2]["image_data"] = unwrapped
        profiles[0]["routes"] = routes
        content["profiles"] = profiles
        let newFile = temp.url.appendingPathComponent("new.json")
        try JSONSerialization.data(withJSONObject: content).write(to: newFile)

        let (before, after) = try await SnapshotLoader.loadPair(.path(DiffTesting.v1), .path(newFile.path))
        let oldAssets = Self.assets(before)
        let newAssets = Self.assets(after)
        #expect(oldAssets.count >= 6 && newAssets.keys.sorted() == oldAssets.keys.sorted())
        for (field, old) in oldAssets {
            let new = newAssets[field]!
            if field == "routes/6.image" {
                #expect(old.path.hasPrefix("images/") && !old.path.contains("pending") && old.sha256 != nil)
                #expect(new.sha256 != nil && new.sha256 != old.sha256 && new.path == "images/\(new.sha256!.prefix(16)).jpg")
            } else {
                #expect(old.sha256 == nil && new == old && old.path.hasPrefix("images/pending-"), "\(field): not hashed")
            }
        }
        let report = try await DiffEngine.compare(before, after)
        #expect(DiffTesting.lines(report) == [ChangeLine("routes", "6", "modified", "asset", ["image"])])
        try await Self.expectSameReports(DiffTesting.v1, newFile.path)
        try await Self.expectSameReports(newFile.path, DiffTesting.v1)
    }

    @Test("base64 read from the JSON bytes decodes as the text does, or leaves the text to decide")
    func wrappedBase64() {
        let bytes = Data((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        let plain = bytes.base64EncodedString()
        let wrapped = bytes.base64EncodedString(options: .lineLength64Characters)
        let cases: [(raw: String, text: String)] = [
            (plain, plain),
            (wrapped.replacingOccurrences(of: "\r\n", with: "\\n"), wrapped.replacingOccurrences(of: "\r\n", with: "\n")),
            (wrapped.replacingOccurrences(of: "\r\n", with: "\\r\\n"), wrapped),
            (plain.replacingOccurrences(of: "/", with: "\\/"), plain),
            (String(plain.dropLast(2)), String(plain.dropLast(2))),
            ("QQ", "QQ"), ("Q", "Q"), ("QQ==QQ==", "QQ==QQ=="), ("QU JD", "QU JD"), ("QUJD\\u0044", "QUJDD"), ("@@@@", "@@@@"),
        ]
        for (raw, text) in cases {
            let fast = Array(raw.utf8).withUnsafeBufferPointer(GohikeContentReader.decodeWrappedBase64)
            if let fast { #expect(fast == GohikeContentReader.decodeBase64(text), "\(raw)") }
        }
        #expect(Array(cases[1].raw.utf8).withUnsafeBufferPointer(GohikeContentReader.decodeWrappedBase64) == bytes)
        #expect(Array(cases[3].raw.utf8).withUnsafeBufferPointer(GohikeContentReader.decodeWrappedBase64) == bytes)
        #expect(Array("QU JD".utf8).withUnsafeBufferPointer(GohikeContentReader.decodeWrappedBase64) == nil)
        #expect(Array("QUJD\\u0044".utf8).withUnsafeBufferPointer(GohikeContentReader.decodeWrappedBase64) == nil)
    }

    @Test("the one-pass decoder gives what copying out the characters and decoding them with Foundation gives")
    func onePassBase64() {
        var generator = SystemRandomNumberGenerator()
        var onePass = 0
        for round in 0..<4000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let characters = Array(Data(bytes).base64EncodedString().utf8)
            // Line breaks as the old server and gamepack write them, `/` escaped or not.
            var raw: [UInt8] = []
            for (index, character) in characters.enumerated() {
                if index > 0, index % 8 == 0, round % 3 == 0 { raw += Array("\\n".utf8) }
                raw += character == UInt8(ascii: "/") && round % 2 == 0 ? Array("\\/".utf8) : [character]
            }
            // Then, one round in four, something the one pass may not take: padding dropped or
            // moved, white space, another escape, a byte outside the alphabet, low bits set.
            if round % 4 == 0, !raw.isEmpty {
                let damage: [[UInt8]] = [[], Array("=".utf8), Array(" ".utf8), Array("\\u0041".utf8), [0x40], Array("\\t".utf8)]
                let position = Int.random(in: 0...raw.count, using: &generator)
                raw.insert(contentsOf: damage.randomElement(using: &generator)!, at: position)
                while round % 8 == 0, raw.last == UInt8(ascii: "=") { raw.removeLast() }
            }
            let slow = raw.withUnsafeBufferPointer(GohikeContentReader.copyAndDecodeBase64)
            var target = [UInt8](repeating: 0, count: raw.count / 4 * 3 + 3)
            let written = raw.withUnsafeBufferPointer { source in
                gamepack_base64_decode_json_string(source.baseAddress ?? UnsafePointer(bitPattern: 1)!, source.count, &target)
            }
            let decoded = raw.withUnsafeBufferPointer(GohikeContentReader.decodeWrappedBase64)
            #expect(decoded == slow, "\(String(decoding: raw, as: UTF8.self))")
            if written >= 0 {
                onePass += 1
                #expect(Data(target.prefix(written)) == slow, "\(String(decoding: raw, as: UTF8.self))")
            } else if round % 4 != 0, !bytes.isEmpty {
                Issue.record("the one pass left canonical base64 to the slow way: \(String(decoding: raw, as: UTF8.self))")
            }
        }
        #expect(onePass > 2500)
    }
}
