import Foundation

/// The report as JSON (keys sorted, pretty-printed): the contract for CI scripts, described by
/// `docs/diff-report.schema.json` and the README's "gamepack diff" section.
///
/// A report of many items has its items encoded in runs on all cores, each run as a JSON array
/// whose lines are then indented to the depth of the report's `items` array; the rest of the
/// report is encoded with its first item, which must come out as that item's lines do, or the
/// whole report is encoded in one piece. The bytes are those of encoding the whole report.
public struct DiffJSONRenderer: DiffRenderer {
    public init() {}

    /// Items below which the report is encoded in one piece.
    static let itemsInOnePiece = 256

    public func render(_ report: DiffReport, context: DiffRenderContext) -> String {
        if report.items.count >= Self.itemsInOnePiece, let text = Self.renderInRuns(report) { return text }
        guard let data = try? Self.encoder().encode(report) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Reads a report back (for tests and tools).
    public static func decode(_ text: String) throws -> DiffReport {
        try JSONDecoder().decode(DiffReport.self, from: Data(text.utf8))
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // A value JSON has no number for (`latitude: .nan` in a project, `1e999` in a file) is
        // written as a string, as JavaScript names it, rather than failing the whole report.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }

    /// The report with its items encoded in runs side by side; nil when the pieces do not fit
    /// together as the whole report's encoding would (then it is encoded in one piece).
    static func renderInRuns(_ report: DiffReport) -> String? {
        let items = report.items
        let runs = [ItemChange].runs(count: items.count, cores: ProcessInfo.processInfo.activeProcessorCount)
        let encoded = EncodedRuns(count: runs.count)
        DispatchQueue.concurrentPerform(iterations: runs.count) { run in
            encoded.set(run, try? itemLines(Array(items[runs[run]])))
        }
        var shell = report
        shell.items = [items[0]]
        guard let shellData = try? encoder().encode(shell), let first = try? itemLines([items[0]]) else { return nil }
        let shellBytes = [UInt8](shellData)
        // The first item as the shell holds it: between `"items" : [` and the array's end.
        let opening = Array("\n  \"items\" : [\n".utf8)
        let closing = Array("\n  ],\n".utf8)
        guard let start = find(opening + first + closing, in: shellBytes) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(shellBytes.count + encoded.totalCount)
        out += shellBytes[..<(start + opening.count)]
        for run in runs.indices {
            guard let lines = encoded.lines(run) else { return nil }
            if run > 0 { out += Array(",\n".utf8) }
            out += lines
        }
        out += shellBytes[(start + opening.count + first.count)...]
        out.append(0x0A)
        return String(decoding: out, as: UTF8.self)
    }

    /// `items` encoded as the elements of the report's `items` array: a JSON array's lines
    /// without its brackets, each line that is not empty indented two more spaces.
    static func itemLines(_ items: [ItemChange]) throws -> [UInt8] {
        let bytes = [UInt8](try encoder().encode(items))
        // `[\n` ... `\n]`: the elements lie between the first and the last line break.
        guard let firstBreak = bytes.firstIndex(of: 0x0A), let lastBreak = bytes.lastIndex(of: 0x0A),
            firstBreak < lastBreak
        else { throw CocoaError(.coderInvalidValue) }
        var out: [UInt8] = []
        out.reserveCapacity((lastBreak - firstBreak) * 9 / 8)
        var lineStart = firstBreak + 1
        while lineStart <= lastBreak {
            let lineEnd = bytes[lineStart...lastBreak].firstIndex(of: 0x0A)!
            if lineEnd > lineStart {
                out.append(0x20)
                out.append(0x20)
            }
            out += bytes[lineStart..<lineEnd]
            if lineEnd < lastBreak { out.append(0x0A) }
            lineStart = lineEnd + 1
        }
        return out
    }

    /// Where `needle` first occurs in `haystack`.
    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard let head = needle.first, needle.count <= haystack.count else { return nil }
        var index = 0
        while let found = haystack[index...].firstIndex(of: head) {
            guard found + needle.count <= haystack.count else { return nil }
            if haystack[found..<(found + needle.count)].elementsEqual(needle) { return found }
            index = found + 1
        }
        return nil
    }
}

/// The encoded lines of each run of items, each set once by the thread that encoded it.
/// (Unchecked `Sendable`: the runs set disjoint places under a lock, read after all ended.)
private final class EncodedRuns: @unchecked Sendable {
    private var slots: [[UInt8]?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ run: Int, _ lines: [UInt8]?) { lock.withLock { slots[run] = lines } }

    func lines(_ run: Int) -> [UInt8]? { slots[run] }

    var totalCount: Int { slots.reduce(0) { $0 + ($1?.count ?? 0) } }
}
