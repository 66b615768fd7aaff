import Foundation
import GamePackContent

/// What every preview page shares: the frame (header, navigation, locale toggle, the banner of
/// files that do not parse), findings, locale columns and field values. `depth` is how many
/// folders below the site's root the page is, for relative links.
struct PageFrame {
    let site: PreviewSite
    let depth: Int

    var project: Project { site.project }
    var snapshot: PreviewSnapshot { site.snapshot }
    var root: String { PreviewSite.up(depth) }
    var locales: [String] { project.config.locales }
    var defaultLocale: String { project.config.defaultLocale }

    /// A whole page around `body`.
    func page(title: String, body: String) -> String {
        let e = MarkupEscape.html
        let counts = snapshot.counts
        var status =
            counts.errors + counts.warnings == 0
            ? "<span class=\"badge ok\">no problems</span>"
            : "<span class=\"badge error\">\(plural(counts.errors, "error"))</span> <span class=\"badge warning\">\(plural(counts.warnings, "warning"))</span>"
        if !snapshot.lintIsComplete {
            status += " <span class=\"badge muted\" id=\"checking\">checking the whole project…</span>"
        }
        var nav = ""
        for collection in site.collections {
            nav += "<a href=\"\(e(site.collectionHref(collection, depth: depth)))\">\(e(collection))</a>"
        }
        var toggle = ""
        if locales.count > 1 {
            toggle =
                "<span class=\"toggle\" role=\"group\" aria-label=\"Locale view\"><button type=\"button\" data-view=\"side\">side by side</button>"
            for locale in locales {
                toggle += "<button type=\"button\" data-view=\"\(e(locale))\">as a player (\(e(locale)))</button>"
            }
            toggle += "</span>"
        }
        var banner = ""
        let blocking = snapshot.blockingFindings
        if !blocking.isEmpty {
            banner =
                "<div class=\"banner broken\" id=\"broken-files\">\(Self.brokenFilesHeadline(blocking))\(findings(blocking))</div>"
        }
        if !snapshot.lintIsComplete {
            banner +=
                "<div class=\"banner partial\">Only the changed files are checked so far; findings elsewhere are from before the change.</div>"
        }
        let live = site.options.live ? "1" : "0"
        // A static host sends no Content-Security-Policy header, so a static page carries its
        // own (`frame-ancestors` is not allowed in a <meta>; the live server sends it).
        let cspMeta =
            site.options.live
            ? ""
            : "\n<meta http-equiv=\"Content-Security-Policy\" content=\"\(e(site.metaContentSecurityPolicy))\">"
        return """
            <!DOCTYPE html>
            <html lang="\(e(defaultLocale))">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">\(cspMeta)
            <link rel="icon" href="data:,">
            <title>\(e(title)) · \(e(project.config.name)) preview</title>
            <link rel="stylesheet" href="\(root)_preview/preview.css">
            <script src="\(root)_preview/preview.js" defer></script>
            </head>
            <body data-live="\(live)" data-root="\(root)" data-generation="\(snapshot.generation)" data-lint="\(snapshot.lintIsComplete ? "complete" : "partial")">
            <header class="top"><a class="project" href="\(root)index.html">\(e(project.config.name))</a>
            <nav>\(nav)</nav>\(toggle)<span class="status">\(status)</span></header>
            <main>
            \(banner)
            \(body)
            </main>
            </body>
            </html>

            """
    }

    /// The banner's headline: how many files do not load, whatever number of findings each
    /// has ("A file does not load." for one file with two findings), and what that means. A
    /// finding without a location counts as a file of its own.
    static func brokenFilesHeadline(_ blocking: [Diagnostic]) -> String {
        var files = Set<String>()
        var unplaced = 0
        for finding in blocking {
            if let file = finding.location?.file { files.insert(file) } else { unplaced += 1 }
        }
        let count = files.count + unplaced
        return count == 1
            ? "<strong>A file does not load.</strong> What it holds is missing from these pages until it is fixed."
            : "<strong>\(count) files do not load.</strong> What they hold is missing from these pages until they are fixed."
    }

    /// A list of findings, each with `file:line:col` linking to the editor, the message, the fix
    /// and notes.
    func findings(_ list: [Diagnostic]) -> String {
        guard !list.isEmpty else { return "" }
        let e = MarkupEscape.html
        var out = "<ul class=\"findings\">"
        for d in list {
            out +=
                "<li class=\"finding \(d.severity.rawValue)\" data-rule=\"\(e(d.rule))\"><span class=\"badge \(d.severity.rawValue)\">\(d.severity.rawValue)</span> "
            out += "<span class=\"rule\">[\(e(d.rule))]</span> <span class=\"message\">\(e(site.published(d.message)))</span>"
            if let location = d.location {
                out +=
                    "<div class=\"where\">\(site.sourceLink(location, title: "Open in the editor"))</div>"
            }
            if let fix = d.fix { out += "<div class=\"fix\">fix: <code>\(e(fix))</code></div>" }
            for note in d.notes { out += "<div class=\"note\">note: \(e(site.published(note)))</div>" }
            out += "</li>"
        }
        return out + "</ul>"
    }

    /// A localized text: one column per project locale with its length against the field's
    /// limit (the part past the limit marked), missing translations marked, and the fallback a
    /// player of that locale sees (shown by the locale toggle).
    func localized(_ node: SourceNode?, spec: FieldSpec?) -> String {
        let e = MarkupEscape.html
        var texts: [String: String] = [:]
        if let entries = node?.entries {
            for entry in entries { if let text = entry.value.scalarText { texts[entry.key] = text } }
        } else if let text = node?.scalarText {
            texts[defaultLocale] = text
        }
        let fallback = texts[defaultLocale] ?? ""
        var out = "<div class=\"locales\">"
        for locale in locales {
            let text = texts[locale] ?? ""
            if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                out +=
                    "<div class=\"loc missing\" data-locale=\"\(e(locale))\"><div class=\"loc-head\"><span class=\"locale\">\(e(locale))</span>"
                out += "<span class=\"fallback-note\">fallback: \(e(defaultLocale))</span></div>"
                out += "<div class=\"text placeholder-text\">\(locale == defaultLocale ? "no text" : "missing translation")</div>"
                out += "<div class=\"text fallback\">\(e(locale == defaultLocale ? "" : fallback))</div></div>"
                continue
            }
            let length = text.count
            var classes = "loc", lengthText = "\(length)"
            var body = e(text)
            if let max = spec?.maxLength {
                lengthText = "\(length)/\(max)"
                if length > max {
                    classes += " over"
                    lengthText += " · \(length - max) over"
                    body = e(String(text.prefix(max))) + "<mark class=\"overflow\">\(e(String(text.dropFirst(max))))</mark>"
                }
            }
            if let min = spec?.minLength, length < min { classes += " over"; lengthText += " · under \(min)" }
            out +=
                "<div class=\"\(classes)\" data-locale=\"\(e(locale))\"><div class=\"loc-head\"><span class=\"locale\">\(e(locale))</span>"
            out += "<span class=\"len\">\(e(lengthText)) characters</span></div><div class=\"text\">\(body)</div></div>"
        }
        for (locale, text) in texts.sorted(by: { $0.key < $1.key }) where !locales.contains(locale) {
            out +=
                "<div class=\"loc over\" data-locale=\"\(e(locale))\"><div class=\"loc-head\"><span class=\"locale\">\(e(locale))</span><span class=\"len\">not a project locale</span></div><div class=\"text\">\(e(text))</div></div>"
        }
        return out + "</div>"
    }

    /// An image, or a placeholder naming the file when it does not exist.
    func image(_ path: String?, caption: String, thumb: Bool = false) -> String {
        let e = MarkupEscape.html
        guard let path, !path.isEmpty else { return "" }
        guard let href = site.assetHref(path, depth: depth) else {
            let placeholder = site.assetPlaceholder(path, kind: "image")
            return thumb
                ? "<div class=\"thumb placeholder\" \(placeholder.attribute)>\(placeholder.short)</div>"
                : "<figure><div class=\"placeholder\" \(placeholder.attribute)>\(placeholder.text)</div><figcaption>\(e(caption))</figcaption></figure>"
        }
        if thumb { return "<img class=\"thumb\" src=\"\(e(href))\" alt=\"\(e(caption))\" loading=\"lazy\">" }
        return
            "<figure><img src=\"\(e(href))\" alt=\"\(e(caption))\" loading=\"lazy\"><figcaption>\(e(caption)) · <code>\(e(path))</code></figcaption></figure>"
    }

    /// A sound with the browser's player, or a placeholder.
    func audio(_ path: String?, caption: String) -> String {
        let e = MarkupEscape.html
        guard let path, !path.isEmpty else { return "" }
        guard let href = site.assetHref(path, depth: depth) else {
            let placeholder = site.assetPlaceholder(path, kind: "sound")
            return
                "<figure><div class=\"placeholder\" \(placeholder.attribute)>\(placeholder.text)</div><figcaption>\(e(caption))</figcaption></figure>"
        }
        return
            "<figure><audio controls preload=\"none\" src=\"\(e(href))\"></audio><figcaption>\(e(caption)) · <code>\(e(path))</code></figcaption></figure>"
    }

    /// A link to a referenced item with its title, or the id marked when it does not exist.
    func reference(_ collection: String, _ node: SourceNode) -> String {
        let e = MarkupEscape.html
        guard let id = ItemID(node: node) else {
            return "<span class=\"muted\">\(e(node.scalarText ?? node.kindDescription))</span>"
        }
        guard let item = snapshot.item(collection, id) else {
            return "<span class=\"badge error\">missing</span> \(e(collection)) \(e(id.text))"
        }
        return
            "<a href=\"\(e(site.itemHref(collection, id, depth: depth)))\">\(e(site.title(of: item)))</a> <span class=\"muted\">#\(e(id.text))</span>"
    }

    /// Any value, as its field's type says.
    func value(_ node: SourceNode, spec: FieldSpec?) -> String {
        guard let spec else {
            return node.scalarText.map { MarkupEscape.html($0) }
                ?? "<span class=\"muted\">\(MarkupEscape.html(node.kindDescription))</span>"
        }
        var html = FieldHTML(frame: self)
        return html.walk(node, spec: spec)
    }

    /// The fields of `node` as a table, in the type's order (unknown fields last).
    func fieldTable(_ node: SourceNode, type: ContentType?, skipping: Set<String> = []) -> String {
        let e = MarkupEscape.html
        guard let entries = node.entries else { return "" }
        var rows = ""
        let order = (type?.fields.map(\.name) ?? [])
        let sorted = entries.sorted { a, b in
            (order.firstIndex(of: a.key) ?? Int.max, 0) < (order.firstIndex(of: b.key) ?? Int.max, 0)
        }
        for entry in sorted where entry.key != "id" && !skipping.contains(entry.key) {
            let spec = type?.field(entry.key)
            let typeName =
                spec.map { s -> String in
                    if s.type == .reference { return "→ \(s.referenceTarget ?? "")" }
                    if s.type == .list, let el = s.element?.value {
                        return "list of \(el.type == .reference ? "→ \(el.referenceTarget ?? "")" : el.type.rawValue)"
                    }
                    return s.type.rawValue
                } ?? "unknown field"
            rows +=
                "<tr data-field=\"\(e(entry.key))\"><td><div class=\"field-name\">\(e(entry.key))</div><div class=\"field-type\">\(e(typeName))</div></td><td>\(value(entry.value, spec: spec))</td></tr>"
        }
        guard !rows.isEmpty else { return "" }
        return "<table class=\"fields\">\(rows)</table>"
    }
}

/// The field walk that shows a value as HTML, as its field's type says.
struct FieldHTML: FieldVisitor {
    let frame: PageFrame

    mutating func visitLeaf(_ type: LeafFieldType, _ node: SourceNode, spec: FieldSpec) -> String {
        let e = MarkupEscape.html
        switch type {
        case .image: return frame.image(node.scalarText, caption: spec.name)
        case .audio: return frame.audio(node.scalarText, caption: spec.name)
        case .reference: return frame.reference(spec.referenceTarget ?? "", node)
        case .geo:
            guard let (lat, lon) = PreviewSite.point(node) else { return "<span class=\"badge error\">not a point</span>" }
            return "<code>\(HTMLText.number(lat, digits: 6)), \(HTMLText.number(lon, digits: 6))</code>"
        case .url:
            guard let text = node.scalarText else { return "" }
            let lower = text.lowercased()
            guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return e(text) }
            return "<a href=\"\(e(text))\" rel=\"noopener noreferrer\">\(e(text))</a>"
        case .bool:
            if case .bool(let flag) = node.value { return flag ? "yes" : "no" }
            return e(node.scalarText ?? "")
        case .string, .text:
            guard let text = node.scalarText else { return "" }
            var out = "<span class=\"plain\">\(e(text))</span>"
            if let max = spec.maxLength {
                let over = text.count > max
                out +=
                    " <span class=\"\(over ? "badge error" : "muted")\">\(text.count)/\(max)\(over ? " · \(text.count - max) over" : "")</span>"
            }
            return out
        case .int, .number, .date, .enum:
            return e(node.scalarText ?? "")
        }
    }

    mutating func visitLocalized(_ node: SourceNode, spec: FieldSpec) -> String {
        frame.localized(node, spec: spec)
    }

    mutating func visitList(_ node: SourceNode, spec: FieldSpec, element: FieldSpec?) -> String {
        guard let elements = node.elements else { return MarkupEscape.html(node.scalarText ?? "") }
        return "<ol>" + elements.map { "<li>\(frame.value($0, spec: element))</li>" }.joined() + "</ol>"
    }

    mutating func visitObject(_ node: SourceNode, spec: FieldSpec) -> String {
        let e = MarkupEscape.html
        guard let entries = node.entries else { return e(node.scalarText ?? "") }
        var out = "<table class=\"nested\">"
        for entry in entries {
            out +=
                "<tr><td class=\"field-name\">\(e(entry.key))</td><td>\(frame.value(entry.value, spec: spec.field(entry.key)))</td></tr>"
        }
        return out + "</table>"
    }
}
