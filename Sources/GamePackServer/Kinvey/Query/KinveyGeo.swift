import Foundation

/// A geo condition, in the units each form has in MongoDB and Kinvey:
/// - `$nearSphere: [lng, lat]` with `$maxDistance` in **miles** (Kinvey's convention, as its
///   SDKs send it), on the sphere;
/// - `$near`/`$nearSphere: {"$geometry": Point, "$maxDistance": metres}`, on the sphere;
/// - `$near: [lng, lat]` with `$maxDistance` in degrees, flat (MongoDB's `2d` index);
/// - `$geoWithin` `$centerSphere` (radians, sphere), `$center` (degrees, flat), `$box` and
///   `$polygon` (flat), a GeoJSON `Polygon` or `MultiPolygon` (checked flat).
enum KinveyGeo: Sendable {
    case near(KinveyNear)
    case within(KinveyRegion)

    /// Whether a point (longitude, latitude) satisfies the condition.
    func contains(_ point: KinveyPoint) -> Bool {
        switch self {
        case .near(let near):
            let distance = near.distance(to: point)
            return distance <= (near.maxDistance ?? .infinity) && distance >= near.minDistance
        case .within(let region): return region.contains(point)
        }
    }
}

/// Longitude and latitude in degrees (or flat x and y).
struct KinveyPoint: Sendable {
    var longitude: Double
    var latitude: Double

    /// A point as MongoDB reads one: a legacy pair `[lng, lat]`, an object of two numbers
    /// (`{"lng": …, "lat": …}`), or a GeoJSON `Point`.
    init?(_ value: KinveyValue) {
        switch value {
        case .array(let pair):
            guard pair.count == 2, let x = pair[0].numberValue, let y = pair[1].numberValue else { return nil }
            (longitude, latitude) = (x, y)
        case .object(let members):
            if case .string("Point") = value[member: "type"] ?? .null, let coordinates = value[member: "coordinates"] {
                guard let point = KinveyPoint(coordinates) else { return nil }
                self = point
                return
            }
            guard members.count == 2, let x = members[0].1.numberValue, let y = members[1].1.numberValue else { return nil }
            (longitude, latitude) = (x, y)
        default: return nil
        }
    }

    init(longitude: Double, latitude: Double) {
        self.longitude = longitude
        self.latitude = latitude
    }

    var isOnEarth: Bool { abs(longitude) <= 180 && abs(latitude) <= 90 }
}

/// `$near` or `$nearSphere`: the centre, the distance bounds and how distance is measured.
struct KinveyNear: Sendable {
    var centre: KinveyPoint
    /// Metres on the sphere, degrees when flat; nil: no bound.
    var maxDistance: Double?
    var minDistance: Double = 0
    var spherical: Bool

    func distance(to point: KinveyPoint) -> Double {
        spherical
            ? SphereGeo.distance(centre.latitude, centre.longitude, point.latitude, point.longitude)
            : hypot(point.longitude - centre.longitude, point.latitude - centre.latitude)
    }
}

/// A `$geoWithin` region.
enum KinveyRegion: Sendable {
    /// `$centerSphere`: radius in radians.
    case sphereCircle(KinveyPoint, radians: Double)
    /// `$center`: radius in degrees, flat.
    case flatCircle(KinveyPoint, radius: Double)
    /// `$box`: corners, inclusive.
    case box(KinveyPoint, KinveyPoint)
    /// `$polygon` and GeoJSON polygons: an outer ring and holes, each a list of vertices.
    case polygons([[[KinveyPoint]]])

    func contains(_ point: KinveyPoint) -> Bool {
        switch self {
        case .sphereCircle(let centre, let radians):
            return SphereGeo.distance(centre.latitude, centre.longitude, point.latitude, point.longitude)
                <= radians * SphereGeo.earthRadius
        case .flatCircle(let centre, let radius):
            return hypot(point.longitude - centre.longitude, point.latitude - centre.latitude) <= radius
        case .box(let a, let b):
            return (min(a.longitude, b.longitude)...max(a.longitude, b.longitude)).contains(point.longitude)
                && (min(a.latitude, b.latitude)...max(a.latitude, b.latitude)).contains(point.latitude)
        case .polygons(let polygons):
            return polygons.contains { rings in
                guard let outer = rings.first, Self.inside(point, outer) else { return false }
                return !rings.dropFirst().contains { Self.inside(point, $0) }
            }
        }
    }

    /// Ray casting (even-odd rule) over a ring's edges.
    static func inside(_ point: KinveyPoint, _ ring: [KinveyPoint]) -> Bool {
        var inside = false
        var previous = ring[ring.count - 1]
        for vertex in ring {
            if (vertex.latitude > point.latitude) != (previous.latitude > point.latitude),
                point.longitude < (previous.longitude - vertex.longitude) * (point.latitude - vertex.latitude)
                    / (previous.latitude - vertex.latitude) + vertex.longitude
            {
                inside.toggle()
            }
            previous = vertex
        }
        return inside
    }
}
