import Foundation
import GamePackContent

/// An item's images and sounds as the game shows them: a VC's game image and profile image
/// side by side, with its sound playable in the page. Missing files show a placeholder.
struct MediaView {
    let frame: PageFrame

    /// The card of an item with image or audio fields, or nil when its type has none.
    func card(_ item: ContentItem, type: ContentType?) -> String? {
        guard let type else { return nil }
        let fields = type.fields.filter { $0.type == .image || $0.type == .audio }
        guard !fields.isEmpty else { return nil }
        var out =
            "<section class=\"card media-card\"><h2>\(fields.count > 1 ? "Images and sounds" : fields[0].type == .image ? "Image" : "Sound")</h2><div class=\"media\">"
        var any = false
        for field in fields {
            guard let path = item.node[field.name]?.scalarText else { continue }
            any = true
            out += field.type == .image ? frame.image(path, caption: field.name) : frame.audio(path, caption: field.name)
        }
        if !any { out += "<p class=\"muted\">No image or sound set.</p>" }
        return out + "</div></section>"
    }

    /// A grid of cards for a collection whose items carry two or more images (the VCs).
    func grid(_ indexes: ArraySlice<Int>, type: ContentType) -> String {
        let e = MarkupEscape.html
        let site = frame.site
        let images = type.fields.filter { $0.type == .image }
        let sounds = type.fields.filter { $0.type == .audio }
        var out = "<div class=\"cards\">"
        for index in indexes {
            let item = site.project.items[index]
            let findings = site.snapshot.findings(ofItemAt: index)
            out += "<article class=\"vc-card\" data-id=\"\(e(item.id?.text ?? ""))\"><div class=\"pair\">"
            for field in images.prefix(2) {
                let path = item.node[field.name]?.scalarText
                if let path, let href = site.assetHref(path, depth: frame.depth) {
                    out += "<img src=\"\(e(href))\" alt=\"\(e(field.name))\" title=\"\(e(field.name))\" loading=\"lazy\">"
                } else {
                    if let path {
                        let placeholder = site.assetPlaceholder(path, kind: field.name)
                        out += "<div class=\"placeholder\" \(placeholder.attribute)>\(placeholder.text)</div>"
                    } else {
                        out += "<div class=\"placeholder\">no \(e(field.name))</div>"
                    }
                }
            }
            out += "</div><h2 class=\"vc-title\">"
            if let id = item.id {
                out += "<a href=\"\(e(site.itemHref(item.collection, id, depth: frame.depth)))\">\(e(site.title(of: item)))</a>"
            } else {
                out += e(site.title(of: item))
            }
            out += "</h2>"
            let subtitle = type.fields.filter { $0.type == .string && $0.name != "name" }.compactMap {
                item.node[$0.name]?.scalarText
            }
            if !subtitle.isEmpty { out += "<div class=\"sub\">\(e(subtitle.joined(separator: " · ")))</div>" }
            for field in sounds { out += frame.audio(item.node[field.name]?.scalarText, caption: field.name) }
            if !findings.isEmpty { out += CollectionPage.badges(findings, in: site) }
            out += "</article>"
        }
        return out + "</div>"
    }
}
