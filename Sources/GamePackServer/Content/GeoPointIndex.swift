import Foundation
import GamePackFormat

/// The geo points of one collection of one pack, in memory: a near query with no other filter
/// finds its page here by distance without touching the store; only the page's bodies are
/// read from it. A pack never changes, so the index is built once per pack and collection
/// (`ContentCatalog.geoIndex`) and dropped with the pack.
///
/// Points are bucketed in a grid of 0.1° cells (about 11 km by 7 km in the Netherlands); a
/// query looks only at the cells its circle's boxes overlap, or, for a circle that overlaps
/// more than `maxCells` cells, scans its latitude band in a latitude-sorted order.
struct GeoPointIndex: Sendable {
    /// Parallel arrays, in cell order (then latitude, then position).
    let latitudes: [Double]
    let longitudes: [Double]
    let positions: [Int]
    let ids: [String]
    /// Each point as a unit vector (x, y, z, one after the other): the haversine term of two
    /// points is a quarter of their squared chord, so the scan needs no trigonometry.
    let vectors: [Double]
    /// Each non-empty cell's range in the arrays above.
    let cells: [Int: Range<Int>]
    /// Indices into the arrays above, sorted by latitude (then position): the wide-circle scan.
    let byLatitude: [Int]

    static let cellDegrees = 0.1
    /// Columns 0...3600: longitude 180 has a column of its own, so no key runs into the next row.
    static let columns = Int(360 / cellDegrees) + 1
    static let maxCells = 256

    static func row(_ latitude: Double) -> Int { Int(((latitude + 90) / cellDegrees).rounded(.down)) }
    static func column(_ longitude: Double) -> Int { Int(((longitude + 180) / cellDegrees).rounded(.down)) }
    static func cell(_ latitude: Double, _ longitude: Double) -> Int { row(latitude) * columns + column(longitude) }

    init(_ points: [ContentPoint]) {
        func precedes(_ a: (cell: Int, point: ContentPoint), _ b: (cell: Int, point: ContentPoint)) -> Bool {
            if a.cell != b.cell { return a.cell < b.cell }
            if a.point.latitude != b.point.latitude { return a.point.latitude < b.point.latitude }
            return a.point.position < b.point.position
        }
        let keyed: [(cell: Int, point: ContentPoint)] = points.map { (Self.cell($0.latitude, $0.longitude), $0) }
            .sorted(by: precedes)
        latitudes = keyed.map(\.point.latitude)
        longitudes = keyed.map(\.point.longitude)
        positions = keyed.map(\.point.position)
        ids = keyed.map(\.point.id)
        var vectors: [Double] = []
        vectors.reserveCapacity(3 * keyed.count)
        for entry in keyed { GreatCircle.appendVector(entry.point.latitude, entry.point.longitude, to: &vectors) }
        self.vectors = vectors
        var cells: [Int: Range<Int>] = [:]
        var first = 0
        for at in keyed.indices where at + 1 == keyed.count || keyed[at + 1].cell != keyed[at].cell {
            cells[keyed[at].cell] = first..<(at + 1)
            first = at + 1
        }
        self.cells = cells
        let (latitudes, positions) = (latitudes, positions)
        byLatitude = keyed.indices.sorted {
            latitudes[$0] != latitudes[$1] ? latitudes[$0] < latitudes[$1] : positions[$0] < positions[$1]
        }
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
    /// unit vectors), which grows with the distance, so the order is the distance's. Only the
    /// page's distances are computed.
    func search(_ circle: GeoCircle, offset: Int, limit: Int) -> [Hit] {
        guard limit > 0 else { return [] }
        let wanted = offset + limit
        // (h, index into the arrays); kept sorted by (h, position) when bounded.
        var best: [(h: Double, at: Int)] = []
        best.reserveCapacity(min(wanted, 1_024) + 1)
        var all: [(h: Double, at: Int)] = []
        let keepAll = wanted > 1_000
        let before: ((h: Double, at: Int), (h: Double, at: Int)) -> Bool = { [positions] a, b in
            a.h != b.h ? a.h < b.h : positions[a.at] < positions[b.at]
        }
        visit(circle) { at, h in
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
        let sorted = keepAll ? all.sorted(by: before) : best
        guard offset < sorted.count else { return [] }
        return sorted[offset..<min(sorted.count, wanted)].map { hit in
            Hit(
                id: ids[hit.at],
                distance: SphereGeo.distance(circle.latitude, circle.longitude, latitudes[hit.at], longitudes[hit.at]),
                position: positions[hit.at])
        }
    }

    /// Every item inside the circle as (position, id), in no particular order: for a filter
    /// that wants the members, not the nearest (Appacitive's `within_circle`). No distance is
    /// computed and nothing is sorted.
    func inside(_ circle: GeoCircle) -> [(position: Int, id: String)] {
        var found: [(position: Int, id: String)] = []
        visit(circle) { at, _ in found.append((positions[at], ids[at])) }
        return found
    }

    /// Calls `body` with the array index and haversine term of each point inside the circle.
    /// A point whose term is within rounding error of the circle's edge is decided by the
    /// haversine distance itself, as the stores and a brute-force check decide it.
    private func visit(_ circle: GeoCircle, _ body: (Int, Double) -> Void) {
        let boxes = SphereGeo.boxes(circle)
        guard !boxes.isEmpty else { return }
        let chord = GreatCircle.ChordCircle(latitude: circle.latitude, longitude: circle.longitude, radius: circle.radius)
        func consider(_ at: Int, _ vector: UnsafeBufferPointer<Double>) {
            let h = chord.term(vector, at)
            guard h <= chord.surelyOut else { return }
            if h > chord.surelyIn,
                SphereGeo.distance(circle.latitude, circle.longitude, latitudes[at], longitudes[at]) > circle.radius
            {
                return
            }
            body(at, h)
        }
        let spans = boxes.map { box in
            (
                rows: Self.row(box.minLatitude)...Self.row(box.maxLatitude),
                columns: Self.column(box.minLongitude)...Self.column(box.maxLongitude)
            )
        }
        let cellCount = spans.reduce(0) { $0 + $1.rows.count * $1.columns.count }
        vectors.withUnsafeBufferPointer { vector in
            if cellCount <= Self.maxCells {
                for span in spans {
                    for row in span.rows {
                        for column in span.columns {
                            guard let range = cells[row * Self.columns + column] else { continue }
                            for at in range { consider(at, vector) }
                        }
                    }
                }
            } else {
                // All boxes share the latitude band; the chord test needs no longitude check.
                let band = boxes[0]
                var start = 0, end = byLatitude.count
                while start < end {
                    let middle = (start + end) / 2
                    if latitudes[byLatitude[middle]] < band.minLatitude { start = middle + 1 } else { end = middle }
                }
                var next = start
                while next < byLatitude.count, latitudes[byLatitude[next]] <= band.maxLatitude {
                    consider(byLatitude[next], vector)
                    next += 1
                }
            }
        }
    }
}
