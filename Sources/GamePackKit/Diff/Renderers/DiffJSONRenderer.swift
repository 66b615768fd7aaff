import Foundation
import GamePackFormat

/// The report as JSON (keys sorted, pretty-printed): the contract for CI scripts, described by
/// `docs/diff-report.schema.json` and the README's "gamepack diff" section.
///
/// Written member by member (`DiffReport+PrettyJSON.swift`), in the bytes `JSONEncoder` writes
/// from the report's `Codable` conformance with `encoder()`'s settings (checked by
/// `DiffRendererTests`): the encoder took a tenth of a diff's instructions, most of them the
/// runtime's protocol-conformance look-ups at each value.
public struct DiffJSONRenderer: DiffRenderer {
    public init() {}

    public func render(_ report: DiffReport, context: DiffRenderContext) -> String {
        var json = PrettyJSONWriter(capacity: 4096 + report.items.count * 1024)
        report.write(to: &json)
        return String(decoding: json.bytes + [0x0A], as: UTF8.self)
    }

    /// Reads a report back (for tests and tools).
    public static func decode(_ text: String) throws -> DiffReport {
        try JSONDecoder().decode(DiffReport.self, from: Data(text.utf8))
    }

    /// The encoder whose bytes the renderer writes (the reference its tests compare with).
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // A value JSON has no number for (`latitude: .nan` in a project, `1e999` in a file) is
        // written as a string, as JavaScript names it, rather than failing the whole report.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }
}
