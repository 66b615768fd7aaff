import Foundation

/// Reads the geo operators of a field's condition into a `KinveyGeo` (see there for units).
enum KinveyGeoParser {
    static let operators: Set<String> = ["$near", "$nearSphere", "$geoWithin", "$maxDistance", "$minDistance"]

    /// The geo condition when the operator names are geo ones, nil when none is.
    static func geo(_ names: [String], _ argument: KinveyValue, path: [String]) throws -> KinveyGeo? {
        guard names.contains(where: { $0 == "$near" || $0 == "$nearSphere" || $0 == "$geoWithin" }) else {
            if let stray = names.first(where: { $0 == "$maxDistance" || $0 == "$minDistance" }) {
                throw KinveyError.syntax("\(stray) needs $near or $nearSphere")
            }
            return nil
        }
        if let other = names.first(where: { !operators.contains($0) }) {
            throw KinveyError.syntax("\(other) cannot be combined with a geo operator on \(path.joined(separator: "."))")
        }
        if let within = argument[member: "$geoWithin"] {
            guard names.count == 1 else { throw KinveyError.syntax("$geoWithin stands alone in its condition") }
            return .within(try region(within))
        }
        let spherical = argument[member: "$nearSphere"] != nil
        guard names.filter({ $0 == "$near" || $0 == "$nearSphere" }).count == 1 else {
            throw KinveyError.syntax("use one of $near and $nearSphere")
        }
        return .near(try near(argument, spherical: spherical))
    }

    static func near(_ argument: KinveyValue, spherical: Bool) throws -> KinveyNear {
        let name = spherical ? "$nearSphere" : "$near"
        let target = argument[member: name]!
        var maxDistance = try distance(argument[member: "$maxDistance"], "$maxDistance")
        var minDistance = try distance(argument[member: "$minDistance"], "$minDistance")
        var near: KinveyNear
        if let geometry = target[member: "$geometry"] {
            // GeoJSON: metres on the sphere.
            guard case .string("Point") = geometry[member: "type"] ?? .null, let centre = KinveyPoint(geometry), centre.isOnEarth
            else { throw KinveyError.syntax("\(name) $geometry must be a GeoJSON Point [longitude, latitude]") }
            maxDistance = try distance(target[member: "$maxDistance"], "$maxDistance") ?? maxDistance
            minDistance = try distance(target[member: "$minDistance"], "$minDistance") ?? minDistance
            near = KinveyNear(centre: centre, maxDistance: maxDistance, minDistance: minDistance ?? 0, spherical: true)
        } else {
            guard case .array = target, let centre = KinveyPoint(target), centre.isOnEarth || !spherical else {
                throw KinveyError.syntax("\(name) takes [longitude, latitude] in decimal degrees")
            }
            // Legacy pairs: Kinvey's $nearSphere is in miles; $near is flat, in degrees.
            let scale = spherical ? KinveyController.metersPerMile : 1
            near = KinveyNear(
                centre: centre, maxDistance: maxDistance.map { $0 * scale }, minDistance: (minDistance ?? 0) * scale,
                spherical: spherical)
        }
        if near.spherical {
            // The content index searches at most SphereGeo.maxRadius around a point.
            let limit = SphereGeo.maxRadius
            guard (near.maxDistance ?? 0) <= limit else {
                throw KinveyError.syntax(
                    "$maxDistance must be at most \(Int(limit / KinveyController.metersPerMile)) miles (\(Int(limit)) metres)")
            }
            near.maxDistance = near.maxDistance ?? limit
        }
        return near
    }

    static func distance(_ value: KinveyValue?, _ name: String) throws -> Double? {
        guard let value else { return nil }
        guard let number = value.numberValue, number >= 0 else {
            throw KinveyError.syntax("\(name) takes a number, 0 or more (miles for a [longitude, latitude] $nearSphere)")
        }
        return number
    }

    static func region(_ within: KinveyValue) throws -> KinveyRegion {
        guard let members = within.objectMembers, members.count == 1 else {
            throw KinveyError.syntax("$geoWithin takes one of $centerSphere, $center, $box, $polygon, $geometry")
        }
        let (shape, argument) = members[0]
        switch shape {
        case "$centerSphere", "$center":
            guard let parts = argument.arrayElements, parts.count == 2, let centre = KinveyPoint(parts[0]),
                let radius = parts[1].numberValue, radius >= 0
            else { throw KinveyError.syntax("\(shape) takes [[longitude, latitude], radius]") }
            return shape == "$center" ? .flatCircle(centre, radius: radius) : .sphereCircle(centre, radians: radius)
        case "$box":
            guard let corners = argument.arrayElements?.compactMap(KinveyPoint.init), corners.count == 2 else {
                throw KinveyError.syntax("$box takes [[x1, y1], [x2, y2]]")
            }
            return .box(corners[0], corners[1])
        case "$polygon":
            return .polygons([[try ring(argument, shape)]])
        case "$geometry":
            return .polygons(try geoJSONPolygons(argument))
        default:
            throw KinveyError.unsupported("$geoWithin \(shape)")
        }
    }

    static func ring(_ value: KinveyValue, _ name: String) throws -> [KinveyPoint] {
        guard let elements = value.arrayElements, elements.count <= 10_000 else {
            throw KinveyError.syntax("\(name) takes an array of at most 10000 [x, y] points")
        }
        var points = try elements.map { element in
            guard let point = KinveyPoint(element) else { throw KinveyError.syntax("\(name) takes [x, y] points") }
            return point
        }
        if points.count > 1, let first = points.first, let last = points.last, first.longitude == last.longitude,
            first.latitude == last.latitude
        {
            points.removeLast()
        }
        guard points.count >= 3 else { throw KinveyError.syntax("\(name) needs at least 3 distinct points") }
        return points
    }

    /// A GeoJSON `Polygon` or `MultiPolygon`: rings of [longitude, latitude].
    static func geoJSONPolygons(_ geometry: KinveyValue) throws -> [[[KinveyPoint]]] {
        let coordinates = geometry[member: "coordinates"]
        switch geometry[member: "type"]?.stringValue {
        case "Polygon":
            guard let rings = coordinates?.arrayElements, !rings.isEmpty else {
                throw KinveyError.syntax("a GeoJSON Polygon has coordinates [[[lng, lat], …]]")
            }
            return [try rings.map { try ring($0, "a GeoJSON Polygon ring") }]
        case "MultiPolygon":
            guard let polygons = coordinates?.arrayElements, !polygons.isEmpty, polygons.count <= 100 else {
                throw KinveyError.syntax("a GeoJSON MultiPolygon has coordinates [[[[lng, lat], …]]]")
            }
            return try polygons.map { polygon in
                guard let rings = polygon.arrayElements, !rings.isEmpty else { throw KinveyError.syntax("an empty polygon") }
                return try rings.map { try ring($0, "a GeoJSON MultiPolygon ring") }
            }
        default:
            throw KinveyError.syntax("$geoWithin $geometry takes a GeoJSON Polygon or MultiPolygon")
        }
    }
}
