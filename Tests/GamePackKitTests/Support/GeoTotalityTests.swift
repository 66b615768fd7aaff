import Foundation
import Testing

@testable import GamePackContent
@testable import GamePackSite

/// Every function that maps coordinates (distances and their wording, the map's projection,
/// tiles and scale bar) over a grid of edge values: the poles, the antimeridian, NaN, the
/// infinities and huge numbers. Before, a latitude of 90 made the tile maths trap (the static
/// preview exited 132) and NaN or 1e308 trapped the diff's distance wording.
@Suite("Geography is total")
struct GeoTotalityTests {
    static let edges: [Double] = [
        0, 1e-300, -1e-300, 45, -45, 85.051_128_78, -85.051_128_78, 89.999_999, -89.999_999, 90, -90, 90.000_001,
        179.99, -179.99, 180, -180, 180.000_1, 360, -540, 1e308, -1e308, .greatestFiniteMagnitude,
        .leastNonzeroMagnitude, .infinity, -.infinity, .nan,
    ]

    @Test func distancesAndTheirWordingNeverTrap() {
        for a in Self.edges {
            for b in Self.edges {
                let meters = Geo.distance(a, b, b, a)
                // NaN where it cannot be measured (a non-number, or degrees whose radians
                // overflow a double), else at most half the circumference.
                if abs(a) <= 1e6 && abs(b) <= 1e6 {
                    #expect(meters >= 0 && meters <= .pi * Geo.earthRadius + 1, "\(a), \(b): \(meters)")
                } else {
                    #expect(meters.isNaN || (meters >= 0 && meters <= .pi * Geo.earthRadius + 1), "\(a), \(b)")
                }
                let text = Geo.describe(meters: meters)
                #expect(!text.isEmpty)
                _ = Geo.wholeMeters(meters)
            }
            let text = Geo.describe(meters: a)
            #expect(a.isFinite ? text.hasSuffix("m") : text == "an unknown distance", "\(a): \(text)")
            #expect(abs(Geo.wholeMeters(a)) <= 1_000_000_000_000_000)
        }
        #expect(Geo.describe(meters: 850) == "850 m")
        #expect(Geo.describe(meters: 1_234) == "1.2 km")
        #expect(Geo.describe(meters: 6_140_000) == "6140 km")
        #expect(Geo.describe(meters: 1e308) == "1e+305 km")
    }

    @Test func tilesStayOnTheGrid() {
        for zoom in [0, 1, 12, 19] {
            let last = (1 << zoom) - 1
            for lat in Self.edges {
                for lon in Self.edges {
                    let tile = Geo.tile(latitude: lat, longitude: lon, zoom: zoom)
                    #expect((0...last).contains(tile.x) && (0...last).contains(tile.y), "\(lat), \(lon) at \(zoom): \(tile)")
                }
            }
        }
        // The antimeridian: both sides are the grid's two ends, not off it.
        #expect(Geo.tile(latitude: 0, longitude: 179.99, zoom: 4).x == 15)
        #expect(Geo.tile(latitude: 0, longitude: -179.99, zoom: 4).x == 0)
        #expect(Geo.tile(latitude: 90, longitude: 0, zoom: 4).y == 0)
        #expect(Geo.tile(latitude: -90, longitude: 0, zoom: 4).y == 15)
    }

    @Test func mapsOfEdgePointsDrawWithoutNaN() {
        for lat in Self.edges {
            for lon in Self.edges {
                let pins = [
                    MapPin(latitude: lat, longitude: lon, label: "1", title: "edge"),
                    MapPin(latitude: 52.37, longitude: 4.89, label: "2", title: "Dam"),
                ]
                let svg = PreviewMap(pins: pins, drawsLegs: true, tiles: .openStreetMap, caption: "edge").svg()
                for attribute in ["x1", "y1", "cx", "cy", "width", "data-meters", "data-pixels"] {
                    #expect(!svg.contains("\(attribute)=\"nan") && !svg.contains("\(attribute)=\"inf"), "\(lat), \(lon)")
                }
                let alone = PreviewMap(pins: [pins[0]], tiles: .openStreetMap, caption: "alone").svg()
                #expect(alone.hasSuffix("</svg>"))
            }
        }
    }

    @Test func theAntimeridianIsCrossedNotCircled() {
        let points = [(-16.5, 179.99), (-16.5, -179.99)]
        let projection = LocalProjection(fitting: points, width: 760, height: 460, padding: 44)
        let a = projection.project(points[0].0, points[0].1), b = projection.project(points[1].0, points[1].1)
        let pixels = abs(b.x - a.x)
        let meters = Geo.distance(points[0].0, points[0].1, points[1].0, points[1].1)
        #expect(meters < 2_200)
        // On the map, the two points are as far apart as they are on the Earth.
        #expect(abs(pixels / projection.scale - meters) < meters * 0.01, "\(pixels) px at \(projection.scale) px/m")
        #expect(a.x < b.x, "west of the antimeridian is drawn west")
        let back = projection.unproject(b.x, b.y)
        #expect(abs(back.longitude - -179.99) < 1e-6 && abs(back.latitude - -16.5) < 1e-6)
        // Amsterdam, as before: the window starts at the westernmost point.
        let city = LocalProjection(fitting: [(52.37, 4.88), (52.36, 4.90)], width: 760, height: 460, padding: 44)
        #expect(city.originLongitude == 4.88 && city.originLatitude == 52.37)
    }
}
