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
            var near: [(position: Int, meters: Double)] = []
            for (position, other) in others.enumerated() where other.index != index {
                guard (other.latitude - point.0).magnitude <= latitudeReach else { continue }
                let meters = Geo.distance(point.0, point.1, other.latitude, other.longitude)
                if meters <= Self.searchRadius { near.append((position, meters)) }
            }
            for position in Self.nearest(near, limit: Self.maxNearbyPins) {
                let other = others[position]
                pins.append(other.pin ?? pin(other.index, other.latitude, other.longitude))
            }
            let map = PreviewMap(
                pins: pins, tiles: site.options.tiles, searchRadius: Self.searchRadius, caption: "\(field.name) on the map")
            out +=
                "<section class=\"card place\" data-field=\"\(e(field.name))\"><h2>\(e(field.name.capitalized)) on the map</h2>"
            let radius = Geo.describe(meters: Self.searchRadius), counted = "\(near.count) other \(e(item.collection))"
            let legend =
                near.count > Self.maxNearbyPins
                ? "\(counted) within \(radius); the nearest \(Self.maxNearbyPins) are drawn (grey). Click the map to list the drawn ones within \(radius) of that point."
                : "\(counted) within \(radius) (grey). Click the map to list what lies within \(radius) of that point."
            out +=
                "<p class=\"sub\"><code>\(HTMLText.number(point.0, digits: 6)), \(HTMLText.number(point.1, digits: 6))</code> · \(legend)</p>"
            out += "<div class=\"map-wrap\">\(map.svg())</div><div id=\"search-result\" class=\"search-result\"></div></section>"
        }
        return out
    }

    /// The most grey pins an item's map draws: the nearest, where more lie within the radius (a
    /// dense collection would otherwise put thousands on every item page).
    static let maxNearbyPins = 100

    /// The positions of the `limit` nearest of `near` (all of them when there are no more), in
    /// their order in `near`; of several at the same distance at the edge, the earlier ones.
    static func nearest(_ near: [(position: Int, meters: Double)], limit: Int) -> [Int] {
        guard near.count > limit else { return near.map(\.position) }
        guard limit > 0 else { return [] }
        let edge = Self.smallest(limit - 1, of: near.map(\.meters))
        var atEdge = limit - near.lazy.filter { $0.meters < edge }.count
        return near.compactMap { candidate in
            if candidate.meters < edge { return candidate.position }
            guard candidate.meters == edge, atEdge > 0 else { return nil }
            atEdge -= 1
            return candidate.position
        }
    }

    /// The `k`th smallest of `values` (from 0), found without sorting them (Hoare's selection):
    /// an item page of a dense collection has thousands of neighbours within the radius.
    static func smallest(_ k: Int, of values: [Double]) -> Double {
        var values = values
        var low = 0, high = values.count - 1
        while low < high {
            let pivot = values[low + (high - low) / 2]
            var i = low, j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            // Now values[low...j] <= pivot <= values[i...high], and what lies between is the pivot.
            if k <= j {
                high = j
            } else if k >= i {
                low = i
            } else {
                return values[k]
            }
        }
        return values[k]
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
