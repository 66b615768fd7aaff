import Foundation
import GamePackContent

/// The human format: `path:line:col: error: [rule] message`, the source line and a caret,
/// notes and a fix-it, then a summary. Colored when the context asks for it. Every text from the
/// input (paths, messages, the quoted line) goes through `TerminalText`: a control character in
/// a file can not act on the reader's terminal.
public struct TextReporter: DiagnosticReporter {
    public init() {}

    public func report(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        let style = ANSIStyle(enabled: context.color)
        var out = ""
        // Long lines as scalars, split once however many findings quote them.
        var longLines: [String: [Unicode.Scalar]] = [:]
        for diagnostic in diagnostics {
            var head = ""
            if let location = diagnostic.location {
                head = TerminalText.shown(context.display(location.file))
                if location.hasPosition { head += ":\(location.line):\(location.column)" }
                head = style.bold(head) + ": "
            }
            let severity: String
            switch diagnostic.severity {
            case .error: severity = style.red("error")
            case .warning: severity = style.yellow("warning")
            case .note: severity = style.cyan("note")
            }
            out += "\(head)\(severity): [\(diagnostic.rule)] \(TerminalText.shown(diagnostic.message))\n"
            if let location = diagnostic.location, location.hasPosition,
                let line = context.sources?.line(location.line, of: location.file)
            {
                let key = "\(location.line):\(location.file)"
                let scalars = longLines[key] ?? Array(line.unicodeScalars)
                if scalars.count > Self.quotedWidth { longLines[key] = scalars }
                let (shown, caret) = Self.excerpt(scalars, column: location.column)
                let indent = String(repeating: " ", count: caret)
                out += "    \(shown)\n    \(indent)\(style.green("^"))\n"
            }
            for note in diagnostic.notes { out += "    \(style.cyan("note:")) \(TerminalText.shown(note))\n" }
            if let fix = diagnostic.fix { out += "    \(style.green("fix:")) \(TerminalText.shown(fix))\n" }
        }
        let files = plural(context.checkedFiles.count, "file")
        if diagnostics.isEmpty {
            out += "No problems found in \(files).\n"
        } else {
            let parts = [
                plural(diagnostics.errorCount, "error"), plural(diagnostics.warningCount, "warning"),
                plural(diagnostics.noteCount, "note"),
            ]
            out += "\(parts.joined(separator: ", ")) in \(files).\n"
        }
        return out
    }
}

extension TextReporter {
    /// The most characters of a source line quoted under a finding.
    static let quotedWidth = 120

    /// The part of a source line quoted under a finding: the whole line when it is short, else
    /// `quotedWidth` characters around the 1-based `column`, cut ends marked with `…`; tabs as
    /// spaces, other hidden characters as `TerminalText` escapes. Returns the text and the
    /// caret's offset in it (past the escapes before the column).
    static func excerpt(_ scalars: [Unicode.Scalar], column: Int) -> (text: String, caret: Int) {
        let at = min(max(0, column - 1), scalars.count)
        var start = 0
        var end = scalars.count
        if scalars.count > quotedWidth {
            start = max(0, min(at - quotedWidth / 3, scalars.count - quotedWidth))
            end = min(scalars.count, start + quotedWidth)
        }
        var text = start > 0 ? "…" : ""
        var caret = text.unicodeScalars.count
        for index in start..<end {
            let scalar = scalars[index]
            var width = 1
            if scalar == "\t" {
                text += " "
            } else if TerminalText.isHidden(scalar) {
                let escape = TerminalText.escape(scalar)
                text += escape
                width = escape.unicodeScalars.count
            } else {
                text.unicodeScalars.append(scalar)
            }
            if index < at { caret += width }
        }
        if end < scalars.count { text += "…" }
        return (text, caret)
    }
}

/// ANSI escape sequences, or nothing when colors are off.
struct ANSIStyle {
    var enabled: Bool
    func wrap(_ s: String, _ code: String) -> String { enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
    func bold(_ s: String) -> String { wrap(s, "1") }
    func red(_ s: String) -> String { wrap(s, "1;31") }
    func yellow(_ s: String) -> String { wrap(s, "1;33") }
    func cyan(_ s: String) -> String { wrap(s, "36") }
    func green(_ s: String) -> String { wrap(s, "32") }
}
