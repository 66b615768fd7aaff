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

    init(_ points: [ContentPoint]) {
        let sorted = points.sorted { $0.latitude != $1.latitude ? $0.latitude < $1.latitude : $0.position < $1.position }
        latitudes = sorted.map(\.latitude)
        longitudes = sorted.map(\.longitude)
        positions = sorted.map(\.position)
        ids = sorted.map(\.id)
    }

    var count: Int { ids.count }

    /// One hit: the item's id, its distance in meters and its position (the tie-breaker).
    struct Hit: Sendable, Equatable {
        var id: String
        var distance: Double
        var position: Int
    }

    /// The items inside the circle, nearest first then by position, `limit` of them after `offset`.
    func search(_ circle: GeoCircle, offset: Int, limit: Int) -> [Hit] {
        let boxes = SphereGeo.boxes(circle)
        guard let first = boxes.first, limit > 0 else { return [] }
        // All boxes share the latitude band.
        var start = 0, end = latitudes.count
        while start < end {
            let middle = (start + end) / 2
            if latitudes[middle] < first.minLatitude { start = middle + 1 } else { end = middle }
        }
        let wanted = offset + limit
        var best: [Hit] = []
        best.reserveCapacity(min(wanted, 1_024) + 1)
        var all: [Hit] = []
        let keepAll = wanted > 1_000
        func before(_ a: Hit, _ b: Hit) -> Bool { a.distance != b.distance ? a.distance < b.distance : a.position < b.position }
        var at = start
        while at < latitudes.count, latitudes[at] <= first.maxLatitude {
            let lng = longitudes[at]
            if boxes.contains(where: { lng >= $0.minLongitude && lng <= $0.maxLongitude }) {
                let distance = SphereGeo.distance(circle.latitude, circle.longitude, latitudes[at], lng)
                if distance <= circle.radius {
                    let hit = Hit(id: ids[at], distance: distance, position: positions[at])
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
            at += 1
        }
        let sorted = keepAll ? all.sorted(by: before) : best
        guard offset < sorted.count else { return [] }
        return Array(sorted[offset..<min(sorted.count, wanted)])
    }
}
