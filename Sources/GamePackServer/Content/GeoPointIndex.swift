import Foundation

/// The geo points of one collection of one pack, in memory, sorted by latitude: a near query
/// with no other filter scans the circle's latitude band, keeps the points in its longitude
/// range(s) and inside the radius, and picks its page by distance without touching the store;
/// only the page's bodies are read from it. A pack never changes, so the index is built once
/// per pack and collection (`ContentCatalog.points`) and dropped with the pack.
struct GeoPointIndex: Sendable {
    /// Parallel arrays, sorted by latitude (then position).
    let latitudes: [Double]
    let longitudes: [Double]
    let positions: [Int]
    let ids: [String]
    /// Each point as a unit vector (x, y, z, one after the other): the haversine term of two
    /// points is a quarter of their squared chord, so the scan needs no trigonometry.
    let vectors: [Double]

    init(_ points: [ContentPoint]) {
        let sorted = points.sorted { $0.latitude != $1.latitude ? $0.latitude < $1.latitude : $0.position < $1.position }
        latitudes = sorted.map(\.latitude)
        longitudes = sorted.map(\.longitude)
        positions = sorted.map(\.position)
        ids = sorted.map(\.id)
        vectors = sorted.flatMap { Self.vector($0.latitude, $0.longitude) }
    }

    static func vector(_ latitude: Double, _ longitude: Double) -> [Double] {
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        return [cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi)]
    }

    var count: Int { ids.count }

    /// One hit: the item's id, its distance in meters and its position (the tie-breaker).
    struct Hit: Sendable, Equatable {
        var id: String
        var distance: Double
        var position: Int
    }

    /// The items inside the circle, nearest first then by position, `limit` of them after `offset`.
    ///
    /// Points are compared by their haversine term `h` (a quarter of the squared chord between
    /// unit vectors), which grows with the distance, so the order is the distance's; a point
    /// whose `h` is within rounding error of the circle's edge is decided by the haversine
    /// distance itself, as the stores and a brute-force check decide it. Only the page's
    /// distances are computed.
    func search(_ circle: GeoCircle, offset: Int, limit: Int) -> [Hit] {
        let boxes = SphereGeo.boxes(circle)
        guard let first = boxes.first, limit > 0 else { return [] }
        // All boxes share the latitude band.
        var start = 0, end = latitudes.count
        while start < end {
            let middle = (start + end) / 2
            if latitudes[middle] < first.minLatitude { start = middle + 1 } else { end = middle }
        }
        let center = Self.vector(circle.latitude, circle.longitude)
        let cx = center[0], cy = center[1], cz = center[2]
        let half = min(circle.radius / SphereGeo.earthRadius, .pi) / 2
        let edge = sin(half) * sin(half)
        // The chord's rounding error is about 1e-16 per coordinate, so relative 1e-9 plus an
        // absolute term bounds the band in which the exact distance decides.
        let margin = edge * 1e-9 + edge.squareRoot() * 1e-14
        let surelyIn = edge - margin, surelyOut = edge + margin
        let wanted = offset + limit
        // (h, index into the arrays); kept sorted by (h, position) when bounded.
        var best: [(h: Double, at: Int)] = []
        best.reserveCapacity(min(wanted, 1_024) + 1)
        var all: [(h: Double, at: Int)] = []
        let keepAll = wanted > 1_000
        let before: ((h: Double, at: Int), (h: Double, at: Int)) -> Bool = { [positions] a, b in
            a.h != b.h ? a.h < b.h : positions[a.at] < positions[b.at]
        }
        vectors.withUnsafeBufferPointer { vector in
            var at = start
            while at < latitudes.count, latitudes[at] <= first.maxLatitude {
                defer { at += 1 }
                let lng = longitudes[at]
                guard boxes.contains(where: { lng >= $0.minLongitude && lng <= $0.maxLongitude }) else { continue }
                let dx = vector[3 * at] - cx, dy = vector[3 * at + 1] - cy, dz = vector[3 * at + 2] - cz
                let h = (dx * dx + dy * dy + dz * dz) / 4
                guard h <= surelyOut else { continue }
                if h > surelyIn,
                    SphereGeo.distance(circle.latitude, circle.longitude, latitudes[at], lng) > circle.radius
                {
                    continue
                }
                let hit = (h: h, at: at)
                if keepAll {
                    all.append(hit)
                } else if best.count < wanted || before(hit, best[best.count - 1]) {
                    // A small sorted buffer of the best `wanted` hits.
                    var low = 0, high = best.count
                    while low < high {
                        let middle = (low + high) / 2
                        if before(best[middle], hit) { low = middle + 1 } else { high = middle }
                    }
                    best.insert(hit, at: low)
                    if best.count > wanted { best.removeLast() }
                }
            }
        }
        let sorted = keepAll ? all.sorted(by: before) : best
        guard offset < sorted.count else { return [] }
        return sorted[offset..<min(sorted.count, wanted)].map { hit in
            Hit(
                id: ids[hit.at],
                distance: SphereGeo.distance(circle.latitude, circle.longitude, latitudes[hit.at], longitudes[hit.at]),
                position: positions[hit.at])
        }
    }
}
