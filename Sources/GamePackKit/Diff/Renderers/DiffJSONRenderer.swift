import Foundation

/// The report as JSON (keys sorted, pretty-printed): the contract for CI scripts, described by
/// `docs/diff-report.schema.json` and the README's "gamepack diff" section.
public struct DiffJSONRenderer: DiffRenderer {
    public init() {}

    public func render(_ report: DiffReport, context: DiffRenderContext) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // A value JSON has no number for (`latitude: .nan` in a project, `1e999` in a file) is
        // written as a string, as JavaScript names it, rather than failing the whole report.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        guard let data = try? encoder.encode(report) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Reads a report back (for tests and tools).
    public static func decode(_ text: String) throws -> DiffReport {
        try JSONDecoder().decode(DiffReport.self, from: Data(text.utf8))
    }
}
