import Foundation
import GamePackBuild
import GamePackContent
import GamePackFormat

/// One self-contained HTML page: inline CSS, no scripts, no external requests; images of
/// changed assets before and after side by side as `data:` URIs (each at most 8 MB, 64 MB in
/// all, else a note). Every text from the content is escaped.
public struct DiffHTMLRenderer: DiffRenderer {
    /// The most image bytes embedded in one page.
    static let imageBudget = 64 << 20

    public init() {}

    public func render(_ report: DiffReport, context: DiffRenderContext) -> String {
        var budget = Self.imageBudget
        var out: [String] = []
        out.append("<!DOCTYPE html>")
        out.append("<html lang=\"en\"><head><meta charset=\"utf-8\">")
        out.append("<title>\(html("gamepack diff: \(report.old.label) → \(report.new.label)"))</title>")
        out.append(Self.style)
        out.append("<h1>Content changes</h1>")
        out.append(
            "<p>\(html(DiffReport.describe(report.old))) → \(html(DiffReport.describe(report.new)))</p>")
        out.append("<p><strong>\(html(report.headline))</strong></p>")
        if report.totals.total > 0 {
            out.append(
                "<table><tr><th>collection</th><th>added</th><th>removed</th><th>modified</th>"
                    + ChangeClass.allCases.map { "<th>\($0.rawValue)</th>" }.joined() + "</tr>")
            func row(_ name: String, _ counts: ChangeCounts) -> String {
                "<tr><td>\(name)</td><td>\(counts.added)</td><td>\(counts.removed)</td><td>\(counts.modified)</td>"
                    + ChangeClass.allCases.map { "<td>\(counts.count($0))</td>" }.joined() + "</tr>"
            }
            for collection in report.changedCollections { out.append(row(html(collection), report.byCollection[collection]!)) }
            out.append(row("<strong>total</strong>", report.totals))
            out.append("</table>")
        }
        if !report.coverage.isEmpty {
            out.append("<table><tr><th>translation coverage</th><th>before</th><th>after</th><th>newly stale</th></tr>")
            for change in report.coverage {
                out.append(
                    "<tr><td>\(html(change.locale))</td><td>\(change.old.percentText)</td><td>\(change.new.percentText)</td><td>\(change.newlyStale)</td></tr>"
                )
            }
            out.append("</table>")
        }
        if !report.warnings.isEmpty {
            out.append("<details><summary>\(plural(report.warnings.count, "warning"))</summary><ul>")
            for warning in report.warnings { out.append("<li>\(html(warning))</li>") }
            out.append("</ul></details>")
        }
        var currentCollection = ""
        for item in report.items {
            if item.collection != currentCollection {
                currentCollection = item.collection
                out.append("<h2>\(html(item.collection))</h2>")
            }
            let tag =
                item.class == .breaking
                ? "<span class=\"breaking\">breaking</span>" : "<span class=\"class\">\(html(item.class.rawValue))</span>"
            out.append("<div class=\"item \(item.change.rawValue)\">")
            var heading =
                "<p><code>\(html(item.collection))/\(html(item.id))</code> \(html(item.title ?? "")) — \(item.change.rawValue) \(tag)"
            if item.change != .modified, let reason = item.reason { heading += ": \(html(reason))" }
            out.append(heading + "</p>")
            if !item.changes.isEmpty {
                out.append("<ul>")
                for field in item.changes {
                    out.append(fieldLine(field, of: item, context: context, budget: &budget) + "</li>")
                }
                out.append("</ul>")
            }
            out.append("</div>")
        }
        out.append("</main></body></html>")
        return out.joined(separator: "\n") + "\n"
    }

    /// The inline CSS of the page, from `<style>` to the start of `<main>`.
    static let style =
        """
        <style>
        body{font:14px/1.45 system-ui,sans-serif;margin:2em;color:#222}
        table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}
        td:first-child,th:first-child{text-align:left}
        .item{border:1px solid #ddd;border-radius:6px;margin:.6em 0;padding:.4em .8em}
        .added{border-left:5px solid #2a2}.removed{border-left:5px solid #c22}.modified{border-left:5px solid #db2}
        .breaking{color:#fff;background:#c22;border-radius:3px;padding:0 .3em}
        .class{color:#555;font-size:90%}
        del{background:#fdd;text-decoration:line-through}ins{background:#dfd;text-decoration:none}
        blockquote.before{background:#fee;margin:.3em 0;padding:.2em .6em}blockquote.after{background:#efe;margin:.3em 0;padding:.2em .6em}
        .images{display:flex;gap:1em;align-items:flex-start}.images figure{margin:0}
        .images img{max-width:420px;max-height:320px;border:1px solid #ccc}
        code{background:#f4f4f4;padding:0 .2em}
        </style></head><body><main>
        """

    /// One changed field as a list entry (without `</li>`): its summary, its word diff, a
    /// map of a moved point, and changed images before and after.
    func fieldLine(_ field: FieldChange, of item: ItemChange, context: DiffRenderContext, budget: inout Int) -> String {
        var line = "<li><code>\(html(field.path))</code>: \(html(field.summary))"
        if field.class != item.class { line += " <span class=\"class\">(\(field.class.rawValue))</span>" }
        if let words = field.words, WordDiff.isRewrite(words) {
            // Rewritten: the old text, then the new one, each whole.
            for segment in words {
                let text = html(segment.text).replacingOccurrences(of: "\n", with: "<br>")
                let label = segment.op == .delete ? "before" : "after"
                line += "<blockquote class=\"\(label)\"><b>\(label):</b> \(text)</blockquote>"
            }
        } else if let words = field.words {
            line +=
                "<blockquote>"
                + words.map { segment -> String in
                    let text = html(segment.text).replacingOccurrences(of: "\n", with: "<br>")
                    switch segment.op {
                    case .equal: return text
                    case .delete: return "<del>\(text)</del>"
                    case .insert: return "<ins>\(text)</ins>"
                    }
                }.joined() + "</blockquote>"
        }
        if let map = DiffMovedMap.html(field, title: item.title ?? "\(item.collection)/\(item.id)") { line += map }
        if isAsset(field.old) || isAsset(field.new) {
            line += "<div class=\"images\">"
            line += figure("before", field.old, store: context.oldAssets, budget: &budget)
            line += figure("after", field.new, store: context.newAssets, budget: &budget)
            line += "</div>"
        }
        return line
    }

    func isAsset(_ value: JSONValue?) -> Bool {
        if case .object(let fields)? = value, fields["path"] != nil, fields["bytes"] != nil || fields["sha256"] != nil {
            return true
        }
        return false
    }

    /// A `<figure>` with the asset as a data: URI, or a note why it is not shown.
    func figure(_ caption: String, _ value: JSONValue?, store: AssetStore?, budget: inout Int) -> String {
        guard case .object(let fields)? = value, case .string(let path)? = fields["path"] else {
            return "<figure><figcaption>\(caption): none</figcaption></figure>"
        }
        var bytes: Int64?
        if let count = fields["bytes"]?.numberValue { bytes = Int64(count) }
        var format: MediaFormat?
        if case .string(let name)? = fields["format"] { format = MediaFormat(rawValue: name) }
        let label = "<figcaption>\(caption): \(html(path))</figcaption>"
        guard let store, let data = store.data(for: AssetRef(path: path, bytes: bytes)), data.count <= budget else {
            return "<figure>\(label)<p>(image not embedded)</p></figure>"
        }
        guard
            let image = format
                ?? (try? MediaProbe.probe(header: data.prefix(64 << 10), tail: data.suffix(16), byteCount: data.count))?
                .format,
            image.isImage
        else {
            return "<figure>\(label)<p>(not an image)</p></figure>"
        }
        let mime = MediaTypes.of(fileExtension: image.rawValue)
        budget -= data.count
        return
            "<figure>\(label)<img alt=\"\(html(caption))\" src=\"data:\(mime);base64,\(data.base64EncodedString())\"></figure>"
    }
}
