import GamePackContent
import GamePackFormat
import GamePackSite

extension StudioWorkspace {
    /// The geo paths of `item` (lists of references whose targets carry a point, `geo_path` in
    /// the schema: a route's waypoints) as the page draws them: each stop numbered from 1 with
    /// its name and point (or `missing`), each leg between consecutive placed stops with its
    /// distance in whole metres (`Geo.distance`, what `waypoint-distance` measures), and the
    /// total walk. The stops are looked up in the project as loaded.
    func pathsJSON(of item: ContentItem) -> JSONValue {
        let locale = project.config.defaultLocale
        return .array(
            GeoPath.paths(of: item, in: snapshot).map { path -> JSONValue in
                let stops: [JSONValue] = path.stops.enumerated().map { offset, stop in
                    var json: [String: JSONValue] = ["number": .int(offset + 1), "id": .string(stop.id.text)]
                    if let index = stop.index {
                        let target = project.items[index]
                        let entry = CollectionIndex.entry(for: target, facts: .init(), findings: [], defaultLocale: locale)
                        json["name"] = .string(entry?.name ?? "")
                    } else {
                        json["missing"] = .bool(true)
                    }
                    if let point = stop.point {
                        json["latitude"] = .number(point.0)
                        json["longitude"] = .number(point.1)
                    }
                    return .object(json)
                }
                let placed = path.placed
                let legs: [JSONValue] = zip(placed, placed.dropFirst()).map { from, to in
                    let meters = Geo.distance(from.point.0, from.point.1, to.point.0, to.point.1)
                    return .object([
                        "from": .int(from.number), "to": .int(to.number), "fromId": .string(from.stop.id.text),
                        "toId": .string(to.stop.id.text), "metres": .int(Geo.wholeMeters(meters)),
                        "text": .string(Geo.describe(meters: meters)),
                    ])
                }
                return .object([
                    "field": .string(path.field.name), "target": .string(path.target), "stops": .array(stops),
                    "legs": .array(legs), "totalMetres": .int(Geo.wholeMeters(path.totalMeters)),
                ])
            })
    }
}
