import Foundation
import GamePackServer
import Testing

/// The geo index's bounding boxes over a grid of edge values: the poles, the antimeridian,
/// NaN, infinities and huge numbers. Each box stays on the globe, and every point of a circle
/// lies in one of its boxes.
@Suite("Geo index boxes are total")
struct SphereGeoTotalityTests {
    static let coordinates: [Double] = [
        0, 45, -45, 89.999, -89.999, 90, -90, 90.001, 179.999, -179.999, 180, -180, 180.5, -540, 1e308, .infinity,
        -.infinity, .nan,
    ]
    static let radii: [Double] = [0, 1, 5_000, 500_000, SphereGeo.maxRadius, 30_000_000, -1, .nan, .infinity]

    /// The point `meters` from (lat, lng) in direction `bearing` (degrees), on the sphere.
    func destination(_ lat: Double, _ lng: Double, _ meters: Double, _ bearing: Double) -> (Double, Double) {
        let phi = lat * .pi / 180, lambda = lng * .pi / 180, delta = meters / SphereGeo.earthRadius
        let theta = bearing * .pi / 180
        let phi2 = asin(sin(phi) * cos(delta) + cos(phi) * sin(delta) * cos(theta))
        var lambda2 = lambda + atan2(sin(theta) * sin(delta) * cos(phi), cos(delta) - sin(phi) * sin(phi2))
        lambda2 = (lambda2 + 3 * .pi).truncatingRemainder(dividingBy: 2 * .pi) - .pi
        return (phi2 * 180 / .pi, lambda2 * 180 / .pi)
    }

    @Test func boxesStayOnTheGlobeAndCoverTheirCircle() {
        for lat in Self.coordinates {
            for lng in Self.coordinates {
                for radius in Self.radii {
                    let boxes = SphereGeo.boxes(GeoCircle(latitude: lat, longitude: lng, radius: radius))
                    let valid = lat.isFinite && abs(lat) <= 90 && lng.isFinite && radius.isFinite && radius >= 0
                    #expect(valid || boxes.isEmpty, "\(lat), \(lng), \(radius): \(boxes)")
                    for box in boxes {
                        #expect(box.minLatitude >= -90 && box.maxLatitude <= 90 && box.minLatitude <= box.maxLatitude)
                        #expect(box.minLongitude >= -180 && box.maxLongitude <= 180 && box.minLongitude <= box.maxLongitude)
                    }
                    guard valid, radius > 0, radius <= SphereGeo.maxRadius, abs(lng) <= 180 else { continue }
                    for bearing in stride(from: 0.0, to: 360, by: 15) {
                        let (pLat, pLng) = destination(lat, lng, radius * 0.999, bearing)
                        // Near a pole asin loses digits: judge by the index's own distance.
                        guard SphereGeo.distance(lat, lng, pLat, pLng) <= radius else { continue }
                        let inside = boxes.contains {
                            $0.minLatitude <= pLat && pLat <= $0.maxLatitude && $0.minLongitude <= pLng && pLng <= $0.maxLongitude
                        }
                        #expect(inside, "(\(pLat), \(pLng)) of the circle at \(lat), \(lng) r \(radius) is in no box")
                    }
                }
            }
        }
    }
}
