import Foundation
import GamePackContent

/// Plain text for a terminal: the totals, coverage, then every changed item with its field
/// changes; word diffs as `[-removed-]{+added+}`. ANSI colors when asked: removed red, added
/// green, modified yellow, breaking bold red. Every text from the versions (labels, ids, titles,
/// values) goes through `TerminalText`, so none can act on the reader's terminal.
public struct DiffTextRenderer: DiffRenderer {
    public init() {}

    public func render(_ report: DiffReport, context: DiffRenderContext) -> String {
        let color = context.color
        func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        let shown = TerminalText.shown
        var lines: [String] = []
        lines.append(
            paint("gamepack diff", "1") + " \(shown(DiffReport.describe(report.old))) → \(shown(DiffReport.describe(report.new)))"
        )
        lines.append(report.headline + (report.totals.total > 0 ? " (\(DiffReport.classList(report.totals)))" : ""))
        if report.totals.total > 0 {
            let width = report.changedCollections.map(\.count).max() ?? 0
            for collection in report.changedCollections {
                let counts = report.byCollection[collection]!
                let name = shown(collection).padding(toLength: width, withPad: " ", startingAt: 0)
                lines.append(
                    "  \(name)  \(counts.added) added, \(counts.removed) removed, \(counts.modified) modified (\(DiffReport.classList(counts)))"
                )
            }
        }
        if let change = report.minimumClientFormat { lines.append(paint(change.sentence, "1")) }
        for change in report.coverage {
            var line = "Translation coverage \(change.locale): \(change.old.percentText) → \(change.new.percentText)"
            line += " (\(change.old.translated)/\(change.old.total) → \(change.new.translated)/\(change.new.total))"
            if change.newlyStale > 0 { line += ", \(plural(change.newlyStale, "translation")) now stale" }
            lines.append(line)
        }
        for warning in report.warnings { lines.append(paint("warning:", "33") + " \(shown(warning))") }

        var currentCollection = ""
        for item in report.items {
            if item.collection != currentCollection {
                currentCollection = item.collection
                lines.append("")
                lines.append(paint(shown(item.collection), "1"))
            }
            let (sign, code) =
                switch item.change {
                case .added: ("+", "32")
                case .removed: ("-", "31")
                case .modified: ("~", "33")
                }
            let title = item.title.map { " \"\(shown($0))\"" } ?? ""
            let tag = item.class == .breaking ? paint("[breaking]", "1;31") : "[\(item.class.rawValue)]"
            var line =
                paint("\(sign) \(shown(item.collection))/\(shown(item.id))", code) + "\(title) \(item.change.rawValue) \(tag)"
            if item.change != .modified, let reason = item.reason { line += ": \(shown(reason))" }
            lines.append(line)
            for field in item.changes {
                let fieldTag = field.class == item.class ? "" : " [\(field.class.rawValue)]"
                lines.append("    \(shown(field.path)): \(shown(field.summary))\(fieldTag)")
                if let words = field.words, WordDiff.isRewrite(words) {
                    // Rewritten: the old text, then the new one, each whole.
                    for segment in words {
                        let (label, code) = segment.op == .delete ? ("before: ", "31") : ("after:  ", "32")
                        for (index, textLine) in shown(segment.text).split(separator: "\n", omittingEmptySubsequences: false)
                            .enumerated()
                        {
                            lines.append("      " + (index == 0 ? label : "        ") + paint(String(textLine), code))
                        }
                    }
                } else if let words = field.words {
                    let text = condensed(words).map { segment -> String in
                        switch segment.op {
                        case .equal: shown(segment.text)
                        case .delete: paint("[-\(shown(segment.text))-]", "31")
                        case .insert: paint("{+\(shown(segment.text))+}", "32")
                        }
                    }.joined()
                    for textLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
                        lines.append("      \(textLine)")
                    }
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
