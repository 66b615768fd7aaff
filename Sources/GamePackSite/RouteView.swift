import Foundation
import GamePackContent

/// One stop of a path: a referenced item with a geo point (a route's waypoint at a location).
package struct PathStop {
    package var id: ItemID
    package var index: Int?
    package var point: (Double, Double)?
}

/// A list of references whose targets carry a geo point (`geo_path` in the schema): a route's
/// waypoints in walking order.
package struct GeoPath {
    package var field: FieldSpec
    package var target: String
    package var stops: [PathStop]

    /// The stops that exist and have a point, with their 1-based number in the list.
    package var placed: [(number: Int, stop: PathStop, point: (Double, Double))] {
        stops.enumerated().compactMap { offset, stop in stop.point.map { (offset + 1, stop, $0) } }
    }

    /// The walk: the sum of the legs between consecutive placed stops, in meters.
    package var totalMeters: Double {
        let points = placed.map(\.point)
        guard points.count > 1 else { return 0 }
        return (1..<points.count).reduce(0) { $0 + Geo.distance(points[$1 - 1].0, points[$1 - 1].1, points[$1].0, points[$1].1) }
    }

    /// The geo paths of `item`, in field order.
    package static func paths(of item: ContentItem, in snapshot: PreviewSnapshot) -> [GeoPath] {
        guard let type = snapshot.project.type(of: item.collection) else { return [] }
        return type.fields.compactMap { field in
            guard field.type == .list, let geoField = field.geoPath, let element = field.element?.value,
                element.type == .reference, let target = element.referenceTarget, let list = item.node[field.name]?.elements
            else { return nil }
            let stops = list.compactMap { node -> PathStop? in
                guard let id = ItemID(node: node) else { return nil }
                let index = snapshot.index(target, id)
                let point = index.flatMap { PreviewSite.point(snapshot.project.items[$0].node[geoField]) }
                return PathStop(id: id, index: index, point: point)
            }
            return GeoPath(field: field, target: target, stops: stops)
        }
    }

    /// "3 stops · 2.4 km".
    var summary: String {
        "\(stops.count) \(stops.count == 1 ? "stop" : "stops") · \(Geo.describe(meters: totalMeters))"
    }
}

/// A route as the game shows it: the map with the waypoints numbered in order, each leg's
/// distance and the total walk, then each waypoint with its photo and its name in every
/// locale side by side.
struct RouteView {
    let frame: PageFrame

    package func html(_ path: GeoPath) -> String {
        let e = MarkupEscape.html
        let site = frame.site, snapshot = frame.snapshot
        let placed = path.placed
        var out =
            "<section class=\"card route\" data-field=\"\(e(path.field.name))\"><h2>\(e(path.field.name.capitalized)) on the map</h2>"
        out +=
            "<p class=\"total\" data-total-meters=\"\(Geo.wholeMeters(path.totalMeters))\">\(plural(path.stops.count, "waypoint")) · total walk \(e(Geo.describe(meters: path.totalMeters)))</p>"
        if placed.isEmpty {
            out += "<p class=\"muted\">No waypoint has a position to draw.</p>"
        } else {
            let pins = placed.map { number, stop, point in
                MapPin(
                    latitude: point.0, longitude: point.1, label: "\(number)",
                    title: stop.index.map { site.title(of: snapshot.project.items[$0]) } ?? stop.id.text,
                    href: site.itemHref(path.target, stop.id, depth: frame.depth))
            }
            let map = PreviewMap(pins: pins, drawsLegs: true, tiles: site.options.tiles, caption: "Map of the \(path.field.name)")
            out += "<div class=\"map-wrap\">\(map.svg())</div>"
        }
        out += "<ol class=\"waypoints\">"
        var previous: (number: Int, point: (Double, Double))?
        for (offset, stop) in path.stops.enumerated() {
            let number = offset + 1
            out += "<li data-waypoint=\"\(number)\" data-id=\"\(e(stop.id.text))\"><span class=\"num-pin\">\(number)</span>"
            guard let index = stop.index else {
                out +=
                    "<div class=\"thumb placeholder\">missing</div><div><span class=\"badge error\">missing</span> \(e(path.target)) \(e(stop.id.text)) does not exist</div><div></div></li>"
                continue
            }
            let item = snapshot.project.items[index]
            let type = snapshot.project.type(of: item.collection)
            let imageField = type?.fields.first { $0.type == .image }
            let thumb = frame.image(
                imageField.flatMap { item.node[$0.name]?.scalarText }, caption: site.title(of: item), thumb: true)
            out += thumb.isEmpty ? "<div class=\"thumb no-image\"></div>" : thumb
            let nameField = type?.fields.first { $0.name == "name" } ?? type?.fields.first { $0.type == .localized }
            out +=
                "<div><a href=\"\(e(site.itemHref(path.target, stop.id, depth: frame.depth)))\">\(e(site.title(of: item)))</a> <span class=\"muted\">#\(e(stop.id.text))</span>"
            if let nameField, let node = item.node[nameField.name], nameField.type == .localized {
                out += frame.localized(node, spec: nameField)
            }
            let findings = snapshot.findings(ofItemAt: index)
            if !findings.isEmpty { out += frame.findings(findings) }
            out += "</div>"
            var leg = ""
            if let point = stop.point {
                if let previous {
                    let meters = Geo.distance(previous.point.0, previous.point.1, point.0, point.1)
                    leg =
                        "<span class=\"leg-distance\" data-meters=\"\(Geo.wholeMeters(meters))\">\(e(Geo.describe(meters: meters))) from \(previous.number)</span>"
                } else {
                    leg = "<span class=\"leg-distance\">start</span>"
                }
                previous = (number, point)
            } else {
                leg = "<span class=\"badge warning\">no position</span>"
            }
            out += "<div>\(leg)</div></li>"
        }
        return out + "</ol></section>"
    }
}
