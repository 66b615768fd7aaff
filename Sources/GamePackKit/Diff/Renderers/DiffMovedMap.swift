import Foundation
import GamePackContent
import GamePackFormat
import GamePackSite

/// The map `gamepack diff --format html` draws for a moved location: the old pin (grey, "A")
/// and the new one (red, "B") joined by a line labelled with the distance, on the preview's
/// offline SVG map with a scale bar, so a reviewer sees at a glance how far it jumped. The
/// page stays self-contained: the map's style is inline and nothing is fetched.
enum DiffMovedMap {
    /// The map's CSS (the diff page has no stylesheet of its own to link).
    static let style = """
        <style>
        svg.map{max-width:100%;height:auto;border:1px solid #ccd;border-radius:8px;background:#eef2f3;display:block;margin:6px 0}
        svg.map .map-bg{fill:#eef2f3}svg.map .grid line{stroke:#d5dde0;stroke-width:1}
        svg.map .leg line{stroke:#c22;stroke-width:2.5;stroke-dasharray:6 4}
        svg.map .leg text,svg.map .scale-bar text{font:bold 12px sans-serif;fill:#14213d;text-anchor:middle;paint-order:stroke;stroke:#fff;stroke-width:4px}
        svg.map g.before circle{fill:#8a93a3;stroke:#fff;stroke-width:2}svg.map g.after circle{fill:#d62828;stroke:#fff;stroke-width:2}
        svg.map g text{fill:#fff;font:bold 12px sans-serif;text-anchor:middle}
        svg.map .scale-bar rect{fill:#ffffffcc}svg.map .scale-bar line{stroke:#14213d;stroke-width:2}svg.map .search-circle{display:none}
        </style>
        """

    /// The map of a moved geo point, or nil when `field` is not one.
    static func html(_ field: FieldChange, title: String) -> String? {
        guard field.change == .moved, let old = point(field.old), let new = point(field.new) else { return nil }
        var map = PreviewMap(
            pins: [
                MapPin(latitude: old.0, longitude: old.1, label: "A", title: "before: \(title)", style: "before"),
                MapPin(latitude: new.0, longitude: new.1, label: "B", title: "after: \(title)", style: "after"),
            ],
            links: [(0, 1)], caption: "\(title) moved \(Geo.describe(meters: Geo.distance(old.0, old.1, new.0, new.1)))")
        map.width = 520
        map.height = 300
        return style + "<div class=\"moved-map\">" + map.svg() + "</div>"
    }

    /// Latitude and longitude from a report value `{"latitude": …, "longitude": …}` (numbers
    /// or numeric strings).
    static func point(_ value: JSONValue?) -> (Double, Double)? {
        guard case .object(let fields)? = value else { return nil }
        func number(_ key: String) -> Double? {
            switch fields[key] {
            case .int(let n)?: Double(n)
            case .number(let n)?: n
            case .string(let s)?: Double(s)
            default: nil
            }
        }
        guard let lat = number("latitude"), let lon = number("longitude"), abs(lat) <= 90, abs(lon) <= 180 else { return nil }
        return (lat, lon)
    }
}
