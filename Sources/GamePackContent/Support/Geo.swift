import Foundation
import GamePackFormat

/// Great-circle geometry on WGS 84 coordinates in degrees.
///
/// Every function here is total: coordinates come from content (which may hold `.nan`, `1e308`
/// or a pole) and from imported files, and a preview or a diff must never trap on them. A
/// distance that cannot be measured is NaN, and every function that turns one into text or an
/// integer says so instead of converting it.
public enum Geo {
    /// Mean Earth radius in meters.
    public static let earthRadius = GreatCircle.earthRadius
    /// The Web Mercator latitude limit (tiles cover ±85.0511°).
    static let mercatorLatitudeLimit = 85.051_128_779_806_59

    /// The haversine distance between two points, in meters (`GreatCircle.distance`): NaN when a
    /// coordinate is not a finite number (or its radians overflow), at most half the Earth's
    /// circumference otherwise.
    public static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        guard lat1.isFinite, lon1.isFinite, lat2.isFinite, lon2.isFinite else { return .nan }
        let h = GreatCircle.haversineTerm(lat1, lon1, lat2, lon2)
        guard !h.isNaN else { return .nan }
        // Beyond ±90° latitude the term can drop below 0; such a pair is as near as can be.
        return GreatCircle.distance(haversineTerm: max(h, 0))
    }

    /// "850 m", "1.2 km", "6,140 km"; "an unknown distance" for NaN or an infinity, and a
    /// short scientific form past what an `Int` holds.
    public static func describe(meters: Double) -> String {
        guard meters.isFinite else { return "an unknown distance" }
        if abs(meters) < 1_000 { return "\(Int(meters.rounded())) m" }
        if abs(meters) < 100_000 { return String(format: "%.1f km", meters / 1_000) }
        let kilometers = (meters / 1_000).rounded()
        if abs(kilometers) < 1e15 { return "\(Int(kilometers)) km" }
        return String(format: "%.3g km", kilometers)
    }

    /// Meters rounded to a whole number for a data attribute or a count: 0 for NaN, and
    /// clamped to ±10¹⁵ (far past any distance on Earth) so the conversion cannot trap.
    public static func wholeMeters(_ meters: Double) -> Int {
        guard !meters.isNaN else { return 0 }
        return Int(min(max(meters, -1e15), 1e15).rounded())
    }

    /// `longitude` moved into [-180, 180) by whole turns (nil when it is not finite).
    public static func wrappedLongitude(_ longitude: Double) -> Double? { GreatCircle.wrappedLongitude(longitude) }

    /// `latitude` clamped to [-90, 90] (nil when it is not finite).
    public static func clampedLatitude(_ latitude: Double) -> Double? {
        guard latitude.isFinite else { return nil }
        return min(max(latitude, -90), 90)
    }

    /// The Web Mercator tile holding a point at `zoom`: latitude clamped to the projection's
    /// limit, longitude wrapped, and the tile numbers clamped to the grid, so a pole, the
    /// antimeridian or a non-number still names a tile.
    public static func tile(latitude: Double, longitude: Double, zoom: Int) -> (x: Int, y: Int) {
        let count = pow(2, Double(zoom))
        let lat = min(max(clampedLatitude(latitude) ?? 0, -mercatorLatitudeLimit), mercatorLatitudeLimit)
        let lon = wrappedLongitude(longitude) ?? 0
        let x = (lon + 180) / 360 * count
        let latRad = lat * .pi / 180
        let y = (1 - log(tan(latRad) + 1 / cos(latRad)) / .pi) / 2 * count
        let last = Int(count) - 1
        return (clampedIndex(x, last), clampedIndex(y, last))
    }

    /// The north-west corner of a Web Mercator tile, in degrees.
    public static func tileCorner(x: Int, y: Int, zoom: Int) -> (latitude: Double, longitude: Double) {
        let count = pow(2, Double(zoom))
        let lon = Double(x) / count * 360 - 180
        let lat = atan(sinh(.pi * (1 - 2 * Double(y) / count))) * 180 / .pi
        return (lat, lon)
    }

    /// `value` floored to an index in 0...`last`; NaN is 0.
    static func clampedIndex(_ value: Double, _ last: Int) -> Int {
        guard !value.isNaN else { return 0 }
        return Int(min(max(value.rounded(.down), 0), Double(last)))
    }
}
