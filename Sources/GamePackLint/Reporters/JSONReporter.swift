import Foundation
import GamePackContent

/// Machine-readable findings: a summary and one object per diagnostic, keys sorted.
///
/// ```json
/// {"diagnostics": [{"column": 5, "file": "content/x.yaml", "fix": "name", "line": 3,
///   "message": "…", "notes": [], "rule": "unknown-field", "severity": "error"}],
///  "summary": {"errors": 1, "files": 12, "notes": 0, "warnings": 0}, "version": 1}
/// ```
/// `file` is shown as the user sees it (with the project's path prefix); `line` and `column`
/// are absent when unknown.
public struct JSONReporter: DiagnosticReporter {
    public init() {}

    struct Document: Encodable {
        var version = 1
        var summary: Summary
        var diagnostics: [Entry]
    }

    struct Summary: Encodable {
        var errors, warnings, notes, files: Int
    }

    struct Entry: Encodable {
        var severity: String
        var rule: String
        var message: String
        var file: String?
        var line: Int?
        var column: Int?
        var notes: [String]
        var fix: String?
    }

    public func report(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        let document = Document(
            summary: Summary(
                errors: diagnostics.errorCount, warnings: diagnostics.warningCount, notes: diagnostics.noteCount,
                files: context.checkedFiles.count),
            diagnostics: diagnostics.map { d in
                Entry(
                    severity: d.severity.rawValue, rule: d.rule, message: d.message,
                    file: d.location.map { context.display($0.file) },
                    line: d.location?.hasPosition == true ? d.location?.line : nil,
                    column: d.location?.hasPosition == true ? d.location?.column : nil,
                    notes: d.notes, fix: d.fix)
            })
        return JSONOutput.encode(document)
    }
}

/// Pretty, key-sorted, slash-preserving JSON text ending in a newline.
enum JSONOutput {
    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
