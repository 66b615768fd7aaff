import Foundation

/// Great-circle arithmetic shared by the server's geo index and the client's offline `nearby`,
/// so both measure and compare distances the same way.
public enum GreatCircle {
    /// The mean Earth radius (IUGG), meters.
    public static let earthRadius = 6_371_008.8

    /// The haversine distance in meters: the one distance function of gamepack (the server,
    /// the client, and GamePackKit's `Geo`, which adds what content with any numbers needs).
    public static func distance(_ lat1: Double, _ lng1: Double, _ lat2: Double, _ lng2: Double) -> Double {
        distance(haversineTerm: haversineTerm(lat1, lng1, lat2, lng2))
    }

    /// The haversine term of two points (a quarter of their squared chord on the unit sphere):
    /// NaN when a coordinate's radians are not finite, and possibly outside [0, 1] for latitudes
    /// beyond ±90°.
    @inlinable
    public static func haversineTerm(_ lat1: Double, _ lng1: Double, _ lat2: Double, _ lng2: Double) -> Double {
        let p1 = lat1 * .pi / 180, p2 = lat2 * .pi / 180
        let dp = p2 - p1, dl = (lng2 - lng1) * .pi / 180
        return sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
    }

    /// The distance in meters of a haversine term (a term above 1 is half the circumference).
    @inlinable
    public static func distance(haversineTerm h: Double) -> Double {
        2 * earthRadius * asin(min(1, sqrt(h)))
    }

    /// `longitude` moved into [-180, 180) by whole turns, as it is when already there (to the
    /// last bit); nil when it is not finite.
    public static func wrappedLongitude(_ longitude: Double) -> Double? {
        guard longitude.isFinite else { return nil }
        if longitude >= -180, longitude < 180 { return longitude }
        let turned = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (turned < 0 ? turned + 360 : turned) - 180
    }

    /// Appends the point's unit vector (x, y, z) to `vectors`.
    public static func appendVector(_ latitude: Double, _ longitude: Double, to vectors: inout [Double]) {
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        vectors.append(cos(phi) * cos(lambda))
        vectors.append(cos(phi) * sin(lambda))
        vectors.append(sin(phi))
    }

    /// A circle for scanning unit vectors: a point's haversine term `h` is a quarter of its
    /// squared chord to the centre, which grows with the distance, so comparing `h` orders
    /// points as their distances do without trigonometry per point. A point whose `h` lies
    /// between `surelyIn` and `surelyOut` (within rounding error of the edge) is decided by the
    /// haversine distance itself.
    public struct ChordCircle: Sendable {
        public let x, y, z: Double
        public let surelyIn, surelyOut: Double

        public init(latitude: Double, longitude: Double, radius: Double) {
            var centre: [Double] = []
            GreatCircle.appendVector(latitude, longitude, to: &centre)
            (x, y, z) = (centre[0], centre[1], centre[2])
            let half = min(radius / GreatCircle.earthRadius, .pi) / 2
            let edge = sin(half) * sin(half)
            // The chord's rounding error is about 1e-16 per coordinate, so relative 1e-9 plus
            // an absolute term bounds the band in which the exact distance decides.
            let margin = edge * 1e-9 + edge.squareRoot() * 1e-14
            (surelyIn, surelyOut) = (edge - margin, edge + margin)
        }

        /// The haversine term of the point whose unit vector starts at `vectors[3 * index]`.
        @inlinable
        public func term(_ vectors: UnsafeBufferPointer<Double>, _ index: Int) -> Double {
            let dx = vectors[3 * index] - x, dy = vectors[3 * index + 1] - y, dz = vectors[3 * index + 2] - z
            return (dx * dx + dy * dy + dz * dz) / 4
        }
    }
}
