import Foundation
import GamePackContent

/// Markdown for a pull-request comment: a summary table first (classes, collections,
/// coverage), then each collection's items in a collapsed `<details>` block. Word diffs use
/// `<del>`/`<ins>`. Text from the content is escaped; past `markdownItemLimit` items only a
/// count is given (GitHub comments hold at most 65,536 characters).
public struct DiffMarkdownRenderer: DiffRenderer {
    public init() {}

    public func render(_ report: DiffReport, context: DiffRenderContext) -> String {
        var out: [String] = []
        out.append("### Content changes: \(md(report.old.label)) → \(md(report.new.label))")
        out.append("")
        if let change = report.minimumClientFormat {
            out.append("⚠️ **\(change.sentence)**")
            out.append("")
        }
        guard report.totals.total > 0 else {
            out.append("No changes in \(plural(report.collections.count, "collection")).")
            return out.joined(separator: "\n") + "\n"
        }
        let breaking = report.totals.count(.breaking)
        out.append(
            (breaking > 0 ? "⚠️ **\(plural(breaking, "breaking change"))** · " : "") + "**\(report.headline)**")
        out.append("")
        out.append(
            "| collection | added | removed | modified | " + ChangeClass.allCases.map(\.rawValue).joined(separator: " | ") + " |")
        out.append("| --- | ---: | ---: | ---: | " + ChangeClass.allCases.map { _ in "---:" }.joined(separator: " | ") + " |")
        func row(_ name: String, _ counts: ChangeCounts) -> String {
            "| \(name) | \(counts.added) | \(counts.removed) | \(counts.modified) | "
                + ChangeClass.allCases.map { String(counts.count($0)) }.joined(separator: " | ") + " |"
        }
        for collection in report.changedCollections { out.append(row(md(collection), report.byCollection[collection]!)) }
        out.append(row("**total**", report.totals))
        if !report.coverage.isEmpty {
            out.append("")
            out.append("| translation coverage | before | after | newly stale |")
            out.append("| --- | ---: | ---: | ---: |")
            for change in report.coverage {
                out.append(
                    "| \(md(change.locale)) | \(change.old.percentText) (\(change.old.translated)/\(change.old.total)) | \(change.new.percentText) (\(change.new.translated)/\(change.new.total)) | \(change.newlyStale) |"
                )
            }
        }
        if !report.warnings.isEmpty {
            out.append("")
            out.append("<details><summary>\(plural(report.warnings.count, "warning"))</summary>")
            out.append("")
            for warning in report.warnings { out.append("- \(md(warning))") }
            out.append("")
            out.append("</details>")
        }
        var shown = 0
        for collection in report.changedCollections {
            let items = report.items.filter { $0.collection == collection }
            let counts = report.byCollection[collection]!
            out.append("")
            out.append(
                "<details><summary><b>\(html(collection))</b>: \(counts.added) added, \(counts.removed) removed, \(counts.modified) modified (\(DiffReport.classList(counts)))</summary>"
            )
            out.append("")
            for item in items {
                guard shown < context.markdownItemLimit else { break }
                shown += 1
                appendItem(item, to: &out)
            }
            out.append("")
            out.append("</details>")
        }
        if report.items.count > shown {
            out.append("")
            out.append(
                "_\(report.items.count - shown) more changed items are not listed here; run `gamepack diff --format json` or `--format html` for all of them._"
            )
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// One changed item as a list entry, with a sub-entry per changed field and its word diff.
    func appendItem(_ item: ItemChange, to out: inout [String]) {
        let title = item.title.map { " \(md($0))" } ?? ""
        let tag = item.class == .breaking ? "**breaking**" : item.class.rawValue
        var line = "- \(item.change.rawValue) `\(item.collection)/\(code(item.id))`\(title) · \(tag)"
        if item.change != .modified, let reason = item.reason { line += ": \(md(reason))" }
        out.append(line)
        for field in item.changes {
            var fieldLine = "  - `\(code(field.path))`: \(md(field.summary))"
            if field.class != item.class { fieldLine += " (\(field.class.rawValue))" }
            out.append(fieldLine)
            if let words = field.words, WordDiff.isRewrite(words) {
                // Rewritten: the old text, then the new one, each whole.
                for segment in words {
                    let text = html(segment.text).replacingOccurrences(of: "\n", with: "<br>")
                    out.append(
                        "    <blockquote><b>\(segment.op == .delete ? "before" : "after"):</b> \(text)</blockquote>")
                }
            } else if let words = field.words {
                let text = condensed(words).map { segment -> String in
                    let text = html(segment.text).replacingOccurrences(of: "\n", with: "<br>")
                    switch segment.op {
                    case .equal: return text
                    case .delete: return "<del>\(text)</del>"
                    case .insert: return "<ins>\(text)</ins>"
                    }
                }.joined()
                out.append("    <blockquote>\(text)</blockquote>")
            }
        }
    }

    /// Text safe in Markdown prose and table cells: HTML and Markdown syntax escaped, line
    /// breaks as spaces.
    func md(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "|", "#", "~": out += "\\\(character)"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\n", "\r\n", "\r": out += " "
            default: out.append(character)
            }
        }
        return out
    }

    /// Text inside a code span: backticks replaced.
    func code(_ text: String) -> String { text.replacingOccurrences(of: "`", with: "'") }
}
