import Foundation
import GamePackContent

/// The list of a collection's items: VC-style cards for types with two images, a map of every
/// item for types with a geo point (click it for the items within 5 km), else a table with the
/// item's title in every locale, its route summary, validity and problems.
struct CollectionPage {
    let site: PreviewSite
    let collection: String
    /// 1-based page number.
    let page: Int

    package func html() -> String {
        let e = MarkupEscape.html
        let frame = PageFrame(site: site, depth: 2)
        let snapshot = site.snapshot
        let type = site.project.type(of: collection)
        let all = snapshot.itemsByCollection[collection] ?? []
        let start = (page - 1) * PreviewSite.pageSize
        let shown = all[min(start, all.count)..<min(start + PreviewSite.pageSize, all.count)]
        var body =
            "<div class=\"crumbs\"><a href=\"../../index.html\">\(e(site.project.config.name))</a> › \(e(collection))</div>"
        body +=
            "<h1>\(e(collection))</h1><div class=\"sub\">\(plural(all.count, "item"))\(type?.description.map { " · " + e($0) } ?? "")</div>"
        if type == nil {
            body +=
                "<div class=\"banner\">No content type for this collection: its items cannot be checked or shown field by field.</div>"
        }
        if let type, let geo = type.fields.first(where: { $0.type == .geo }) {
            body += site.memo.value(PageMemo.key("map", collection)) {
                Self.map(site: site, collection: collection, all: all, geo: geo)
            }
        }
        body += pager(all.count)
        if let type, type.fields.filter({ $0.type == .image }).count >= 2 {
            body += MediaView(frame: frame).grid(shown, type: type)
        } else {
            body += table(shown, type: type, frame: frame)
        }
        body += pager(all.count)
        return frame.page(title: collection, body: body)
    }

    /// The "On the map" card of a collection whose type has a geo field: every item's pin, the
    /// same on each of its list pages (so made once per site, `PageMemo`); empty when no item
    /// has a point.
    static func map(site: PreviewSite, collection: String, all: [Int], geo: FieldSpec) -> String {
        let e = MarkupEscape.html
        var pins: [MapPin] = []
        for index in all {
            let item = site.project.items[index]
            guard let point = PreviewSite.point(item.node[geo.name]) else { continue }
            pins.append(
                MapPin(
                    latitude: point.0, longitude: point.1, title: site.title(of: item),
                    href: item.id.map { site.itemHref(collection, $0, depth: 2) }))
        }
        guard !pins.isEmpty else { return "" }
        let map = PreviewMap(
            pins: pins, tiles: site.options.tiles, searchRadius: PlaceView.searchRadius, caption: "\(collection) on the map")
        return
            "<section class=\"card\"><h2>On the map</h2><p class=\"sub\">\(plural(pins.count, "point")). Click the map to list the \(e(collection)) within \(Geo.describe(meters: PlaceView.searchRadius)) of that point.</p>"
            + "<div class=\"map-wrap\">\(map.svg())</div><div id=\"search-result\" class=\"search-result\"></div></section>"
    }

    func table(_ indexes: ArraySlice<Int>, type: ContentType?, frame: PageFrame) -> String {
        let e = MarkupEscape.html
        let titleField = type?.fields.first { ["name", "title", "text"].contains($0.name) }
        let image = type?.fields.first { $0.type == .image }
        let audio = type?.fields.first { $0.type == .audio }
        let dates = type?.fields.contains { $0.type == .date } ?? false
        var out = "<table class=\"items\"><tr><th>id</th>"
        if let image { out += "<th>\(e(image.name))</th>" }
        out += "<th>\(e(titleField?.name ?? "title"))</th>"
        if audio != nil { out += "<th>\(e(audio!.name))</th>" }
        out += "<th>details</th><th>problems</th></tr>"
        for index in indexes {
            let item = site.project.items[index]
            out += "<tr data-id=\"\(e(item.id?.text ?? ""))\"><td>"
            if let id = item.id {
                out += "<a href=\"\(e(site.itemHref(collection, id, depth: 2)))\">\(e(id.text))</a>"
            } else {
                out += "<span class=\"muted\">no id</span>"
            }
            out += "</td>"
            if let image {
                out += "<td>\(frame.image(item.node[image.name]?.scalarText, caption: site.title(of: item), thumb: true))</td>"
            }
            if let titleField, titleField.type == .localized {
                out += "<td>\(frame.localized(item.node[titleField.name], spec: titleField))</td>"
            } else if let titleField, let node = item.node[titleField.name] {
                out += "<td>\(frame.value(node, spec: titleField))</td>"
            } else {
                out += "<td>\(e(site.title(of: item)))</td>"
            }
            if let audio { out += "<td>\(frame.audio(item.node[audio.name]?.scalarText, caption: ""))</td>" }
            var details: [String] = GeoPath.paths(of: item, in: site.snapshot).map { e($0.summary) }
            if dates {
                let values = (type?.fields ?? []).filter { $0.type == .date }.compactMap { item.node[$0.name]?.scalarText }
                if !values.isEmpty { details.append(e(values.joined(separator: " → "))) }
            }
            out += "<td class=\"muted\">\(details.joined(separator: "<br>"))</td>"
            out += "<td>\(Self.badges(site.snapshot.findings(ofItemAt: index), in: site))</td></tr>"
        }
        return out + "</table>"
    }

    /// Links to the other pages of a long collection.
    func pager(_ count: Int) -> String {
        let pages = site.pageCount(of: collection)
        guard pages > 1 else { return "" }
        var out = "<p class=\"pages\">Page \(page) of \(pages): "
        for number in 1...pages {
            let name = number == 1 ? "index.html" : "page-\(number).html"
            out += number == page ? "<strong>\(number)</strong> " : "<a href=\"\(name)\">\(number)</a> "
        }
        return out + "</p>"
    }

    /// Error and warning counts as badges, with the first message as a tooltip.
    static func badges(_ findings: [Diagnostic], in site: PreviewSite) -> String {
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        var out = ""
        let tip = MarkupEscape.html(findings.first.map { "[\($0.rule)] \(site.published($0.message))" } ?? "")
        if errors > 0 {
            out += "<span class=\"badge error\" title=\"\(tip)\">\(errors) \(errors == 1 ? "error" : "errors")</span> "
        }
        if warnings > 0 {
            out += "<span class=\"badge warning\" title=\"\(tip)\">\(warnings) \(warnings == 1 ? "warning" : "warnings")</span>"
        }
        return out
    }
}
