import Foundation
import FuzzDriver
import GamePackContent
import GamePackSite

/// The geography behind the preview's maps and the diff's distances on arbitrary doubles:
/// the input is read as little-endian doubles (latitude, longitude pairs; poles, the
/// antimeridian, NaN, infinities and 1e308 among them) and each function that maps
/// coordinates runs on them. None may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count >= 1 else { return 0 }
    let zoom = Int(start[0] % 20)
    var values: [Double] = []
    var offset = 1
    while offset + 8 <= count, values.count < 64 {
        var bits: UInt64 = 0
        for index in 0..<8 { bits |= UInt64(start[offset + index]) << (8 * UInt64(index)) }
        values.append(Double(bitPattern: bits))
        offset += 8
    }
    guard values.count >= 2 else { return 0 }
    var points: [(Double, Double)] = []
    for index in stride(from: 0, to: values.count - 1, by: 2) { points.append((values[index], values[index + 1])) }
    for value in values {
        _ = Geo.describe(meters: value)
        _ = Geo.wholeMeters(value)
        _ = Geo.wrappedLongitude(value)
    }
    for (a, b) in zip(points, points.dropFirst()) {
        let meters = Geo.distance(a.0, a.1, b.0, b.1)
        _ = Geo.describe(meters: meters)
        _ = Geo.tile(latitude: a.0, longitude: a.1, zoom: zoom)
    }
    let projection = LocalProjection(fitting: points, width: 760, height: 460, padding: 44)
    for point in points {
        let pixel = projection.project(point.0, point.1)
        _ = projection.unproject(pixel.x, pixel.y)
    }
    let pins = points.enumerated().map { MapPin(latitude: $1.0, longitude: $1.1, label: "\($0 + 1)", title: "p") }
    _ = PreviewMap(pins: pins, drawsLegs: true, tiles: .openStreetMap, searchRadius: values[0], caption: "fuzz").svg()
    return 0
}

/// SwiftPM links an executable's `main` to `<target>_main`; it hands over to libFuzzer's driver.
@_cdecl("FuzzGeo_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, fuzz)
}
