import Foundation
import GamePackContent

/// An item with a place and dates (a deal): its pin among the other items of its collection
/// nearby, "within 5 km of a click" on the map, and when it is valid.
struct PlaceView {
    let frame: PageFrame
    /// How far the map search reaches: DealHunter finds deals within 5 km of the player.
    static let searchRadius = 5_000.0

    /// The map of the item's geo fields with the collection's other items within the search
    /// radius as grey pins; empty when the item has no point.
    func map(_ item: ContentItem, index: Int, type: ContentType?) -> String {
        let e = MarkupEscape.html
        let site = frame.site, snapshot = frame.snapshot
        guard let type else { return "" }
        var out = ""
        for field in type.fields where field.type == .geo {
            guard let point = PreviewSite.point(item.node[field.name]) else { continue }
            var pins = [MapPin(latitude: point.0, longitude: point.1, label: "", title: site.title(of: item), style: "after")]
            let others = site.memo.value(PageMemo.key("points", item.collection, field.name, "\(frame.depth)")) {
                Self.points(of: item.collection, field: field.name, frame: frame)
            }
            // No point further north or south than the radius is within it (the great-circle
            // distance is at least the difference in latitude), so most are passed over without
            // the haversine; the margin keeps the one at the edge that it would count.
            let latitudeReach = Self.searchRadius / Geo.earthRadius * 180 / .pi * (1 + 1e-9)
            for other in others where other.index != index {
                guard (other.latitude - point.0).magnitude <= latitudeReach,
                    Geo.distance(point.0, point.1, other.latitude, other.longitude) <= Self.searchRadius
                else { continue }
                pins.append(other.pin ?? pin(other.index, other.latitude, other.longitude))
                if pins.count > 400 { break }
            }
            let map = PreviewMap(
                pins: pins, tiles: site.options.tiles, searchRadius: Self.searchRadius, caption: "\(field.name) on the map")
            out +=
                "<section class=\"card place\" data-field=\"\(e(field.name))\"><h2>\(e(field.name.capitalized)) on the map</h2>"
            out +=
                "<p class=\"sub\"><code>\(HTMLText.number(point.0, digits: 6)), \(HTMLText.number(point.1, digits: 6))</code> · \(pins.count - 1) other \(e(item.collection)) within \(Geo.describe(meters: Self.searchRadius)) (grey). Click the map to list what lies within \(Geo.describe(meters: Self.searchRadius)) of that point.</p>"
            out += "<div class=\"map-wrap\">\(map.svg())</div><div id=\"search-result\" class=\"search-result\"></div></section>"
        }
        return out
    }

    /// Every item of `collection` with a point in `field`, in the collection's order: made once
    /// per site (`PageMemo`), as each item page searches them for its neighbours. A static site
    /// names each item's grey pin here too, once for all pages; a live page, whose site is its
    /// own, names just the pins it shows (`pin`).
    static func points(of collection: String, field: String, frame: PageFrame) -> [(
        index: Int, latitude: Double, longitude: Double, pin: MapPin?
    )] {
        let snapshot = frame.snapshot, view = PlaceView(frame: frame)
        return (snapshot.itemsByCollection[collection] ?? []).compactMap { index in
            guard let point = PreviewSite.point(snapshot.project.items[index].node[field]) else { return nil }
            return (index, point.0, point.1, frame.site.options.live ? nil : view.pin(index, point.0, point.1))
        }
    }

    /// The grey pin of the item at `index`: its title, linking to its page.
    func pin(_ index: Int, _ latitude: Double, _ longitude: Double) -> MapPin {
        let site = frame.site, item = frame.snapshot.project.items[index]
        return MapPin(
            latitude: latitude, longitude: longitude, title: site.title(of: item),
            href: item.id.map { site.itemHref(item.collection, $0, depth: frame.depth) }, style: "before")
    }

    /// "valid 2026-02-02 → 2026-04-30 · active today" for a type with date fields.
    func validity(_ item: ContentItem, type: ContentType?) -> String {
        let e = MarkupEscape.html
        guard let type else { return "" }
        let dates = type.fields.filter { $0.type == .date }
        guard !dates.isEmpty else { return "" }
        let from = dates.first { $0.name.contains("from") || $0.name.contains("start") }
        let until = dates.first { $0.notBefore != nil } ?? dates.first { $0.name.contains("until") || $0.name.contains("end") }
        guard from != nil || until != nil else { return "" }
        let start = from.flatMap { item.node[$0.name]?.scalarText }
        let end = until.flatMap { item.node[$0.name]?.scalarText }
        let today = Self.today()
        var state = "<span class=\"badge ok state\">valid today</span>"
        if let end, end < today { state = "<span class=\"badge muted state\">expired</span>" }
        if let start, start > today { state = "<span class=\"badge warning state\">not yet valid</span>" }
        if let start, let end, end < start { state = "<span class=\"badge error state\">ends before it starts</span>" }
        return
            "<section class=\"card\"><h2>Validity</h2><p class=\"validity\" data-from=\"\(e(start ?? ""))\" data-until=\"\(e(end ?? ""))\">valid from <strong>\(e(start ?? "always"))</strong> until <strong>\(e(end ?? "further notice"))</strong> \(state)</p></section>"
    }

    /// Today as `YYYY-MM-DD` in UTC.
    static func today() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }
}
