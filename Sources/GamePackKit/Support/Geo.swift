import Foundation

/// Great-circle geometry on WGS 84 coordinates in degrees.
public enum Geo {
    /// Mean Earth radius in meters.
    static let earthRadius = 6_371_008.8

    /// The haversine distance between two points, in meters.
    public static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let p1 = lat1 * .pi / 180, p2 = lat2 * .pi / 180
        let dp = (lat2 - lat1) * .pi / 180, dl = (lon2 - lon1) * .pi / 180
        let a = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
        return 2 * earthRadius * atan2(sqrt(a), sqrt(1 - a))
    }

    /// "850 m", "1.2 km", "6,140 km".
    public static func describe(meters: Double) -> String {
        if meters < 1_000 { return "\(Int(meters.rounded())) m" }
        if meters < 100_000 { return String(format: "%.1f km", meters / 1_000) }
        return "\(Int((meters / 1_000).rounded())) km"
    }
}
