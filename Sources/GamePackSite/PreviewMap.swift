import Foundation
import GamePackContent

/// A map tile server drawn under a map: an `{z}/{x}/{y}` URL template in Web Mercator
/// (OpenStreetMap's by default). Only an extra: every map works without it.
public struct TileSource: Sendable, Equatable {
    /// The URL template with `{z}`, `{x}` and `{y}`.
    public var template: String
    /// The attribution the tile server asks for.
    public var attribution: String

    public init(template: String, attribution: String) {
        self.template = template
        self.attribution = attribution
    }

    /// OpenStreetMap's standard tiles.
    public static let openStreetMap = TileSource(
        template: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", attribution: "© OpenStreetMap contributors")

    /// The scheme and host of the template (`https://tile.openstreetmap.org`), which a page's
    /// Content-Security-Policy must allow images from; nil when the template is not http(s).
    public var origin: String? {
        guard let url = URL(string: template.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")),
            let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", let host = url.host
        else { return nil }
        return "\(scheme)://\(host)\(url.port.map { ":\($0)" } ?? "")"
    }
}

/// One point on a map.
public struct MapPin: Sendable {
    public var latitude: Double
    public var longitude: Double
    /// Text inside the pin (a waypoint's number), or empty for a plain dot.
    public var label: String
    /// The name shown on hover and in the search results.
    public var title: String
    /// A page the pin links to, relative to the page holding the map.
    public var href: String?
    /// A CSS class: `pin` (default), `before`, `after`, `search`.
    public var style: String

    public init(
        latitude: Double, longitude: Double, label: String = "", title: String, href: String? = nil, style: String = "pin"
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.label = label
        self.title = title
        self.href = href
        self.style = style
    }
}

/// A local equirectangular projection: meters east and south of the box's north-west corner,
/// with longitudes shortened by the cosine of the middle latitude, scaled to pixels. At city
/// scale (a few km) it is as true as Web Mercator, so distances on the page are to scale.
public struct LocalProjection: Sendable {
    /// Meters per degree of latitude (mean Earth radius).
    static let metersPerDegree = 6_371_008.8 * .pi / 180
    public var originLatitude: Double
    public var originLongitude: Double
    public var cosLatitude: Double
    /// Pixels per meter.
    public var scale: Double
    public var offsetX: Double
    public var offsetY: Double

    /// Fits `points` (latitude, longitude) into `width`×`height` pixels with `padding` on every
    /// side; a single point or a tiny spread shows at least `minimumSpan` meters. Points whose
    /// coordinates are not finite numbers are left out of the fit, latitudes are clamped to the
    /// poles, and points on both sides of the antimeridian are fitted across it (the narrowest
    /// window of longitudes that holds them all).
    public init(fitting points: [(Double, Double)], width: Double, height: Double, padding: Double, minimumSpan: Double = 300) {
        let usable = points.compactMap { point -> (Double, Double)? in
            guard let lat = Geo.clampedLatitude(point.0), let lon = Geo.wrappedLongitude(point.1) else { return nil }
            return (lat, lon)
        }
        let lats = usable.map(\.0)
        let minLat = lats.min() ?? 0, maxLat = lats.max() ?? 0
        let (minLon, lonSpan) = Self.narrowestWindow(usable.map(\.1))
        cosLatitude = max(cos((minLat + maxLat) / 2 * .pi / 180), 1e-9)
        originLatitude = maxLat
        originLongitude = minLon
        let spanX = max(lonSpan * Self.metersPerDegree * cosLatitude, 1)
        let spanY = max((maxLat - minLat) * Self.metersPerDegree, 1)
        let usableX = width - 2 * padding, usableY = height - 2 * padding
        scale = min(usableX / max(spanX, minimumSpan), usableY / max(spanY, minimumSpan))
        offsetX = padding + (usableX - spanX * scale) / 2
        offsetY = padding + (usableY - spanY * scale) / 2
    }

    /// The westernmost longitude and the width in degrees of the narrowest window holding every
    /// longitude (each in [-180, 180)): the circle of longitudes is cut at its widest gap, which
    /// is the antimeridian only when no point is near it.
    static func narrowestWindow(_ longitudes: [Double]) -> (west: Double, span: Double) {
        let sorted = longitudes.sorted()
        guard let first = sorted.first, let last = sorted.last else { return (0, 0) }
        var west = first, widestGap = 360 - (last - first)
        for (a, b) in zip(sorted, sorted.dropFirst()) where b - a > widestGap {
            widestGap = b - a
            west = b
        }
        return (west, 360 - widestGap)
    }

    /// Degrees east of the window's west edge, across the antimeridian when the window spans it.
    func eastOfOrigin(_ longitude: Double) -> Double {
        guard let wrapped = Geo.wrappedLongitude(longitude) else { return .nan }
        let east = wrapped - originLongitude
        return east < 0 ? east + 360 : east
    }

    /// The pixel position of a point.
    public func project(_ latitude: Double, _ longitude: Double) -> (x: Double, y: Double) {
        (
            offsetX + eastOfOrigin(longitude) * Self.metersPerDegree * cosLatitude * scale,
            offsetY + (originLatitude - latitude) * Self.metersPerDegree * scale
        )
    }

    /// The point at a pixel position (the inverse of `project`), longitude wrapped into
    /// [-180, 180) and latitude clamped to the poles.
    public func unproject(_ x: Double, _ y: Double) -> (latitude: Double, longitude: Double) {
        let lat = originLatitude - (y - offsetY) / scale / Self.metersPerDegree
        let lon = originLongitude + (x - offsetX) / scale / Self.metersPerDegree / cosLatitude
        return (Geo.clampedLatitude(lat) ?? originLatitude, Geo.wrappedLongitude(lon) ?? originLongitude)
    }
}

/// An SVG map drawn without the internet: pins, the legs between consecutive pins with their
/// haversine distances, and a scale bar, in a `LocalProjection`; optionally over map tiles.
public struct PreviewMap: Sendable {
    public var pins: [MapPin]
    /// Whether consecutive pins are joined by legs labelled with their distance (a route).
    public var drawsLegs: Bool
    /// Lines drawn from `pins[a]` to `pins[b]` with their distance (a moved location).
    public var links: [(Int, Int)]
    public var width: Double = 760
    public var height: Double = 460
    /// Tiles drawn under the map, or nil for none.
    public var tiles: TileSource?
    /// When set, a click on the map lists the pins within this many meters (DealHunter).
    public var searchRadius: Double?
    /// An accessible name of the map.
    public var caption: String

    public init(
        pins: [MapPin], drawsLegs: Bool = false, links: [(Int, Int)] = [], tiles: TileSource? = nil,
        searchRadius: Double? = nil, caption: String
    ) {
        self.pins = pins
        self.drawsLegs = drawsLegs
        self.links = links
        self.tiles = tiles
        self.searchRadius = searchRadius
        self.caption = caption
    }

    /// The haversine length of each leg between consecutive pins, in meters.
    public var legLengths: [Double] {
        guard pins.count > 1 else { return [] }
        return (1..<pins.count).map {
            Geo.distance(pins[$0 - 1].latitude, pins[$0 - 1].longitude, pins[$0].latitude, pins[$0].longitude)
        }
    }

    /// The SVG element.
    public func svg() -> String {
        let e = MarkupEscape.html, n = { HTMLText.number($0, digits: 1) }
        let projection = LocalProjection(
            fitting: pins.map { ($0.latitude, $0.longitude) }, width: width, height: height, padding: 44)
        var out = """
            <svg class="map" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(n(width)) \(n(height))" \
            width="\(n(width))" height="\(n(height))" role="group" aria-label="\(e(caption))" \
            data-origin-lat="\(projection.originLatitude)" data-origin-lon="\(projection.originLongitude)" \
            data-cos="\(projection.cosLatitude)" data-scale="\(projection.scale)" \
            data-ox="\(projection.offsetX)" data-oy="\(projection.offsetY)"
            """
        if let searchRadius { out += " data-search-radius=\"\(n(searchRadius))\"" }
        out +=
            ">\n<title>\(e(caption))</title>\n<rect class=\"map-bg\" x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\"/>\n"
        if let tiles, !pins.isEmpty { out += tileImages(tiles, projection: projection) }
        out += grid(projection)
        let points = pins.map { projection.project($0.latitude, $0.longitude) }
        var legs: [(Int, Int)] = links
        if drawsLegs, pins.count > 1 { legs += (1..<pins.count).map { ($0 - 1, $0) } }
        for (a, b) in legs {
            let (p, q) = (points[a], points[b])
            let meters = Geo.distance(pins[a].latitude, pins[a].longitude, pins[b].latitude, pins[b].longitude)
            out += "<g class=\"leg\" data-from=\"\(a + 1)\" data-to=\"\(b + 1)\" data-meters=\"\(Geo.wholeMeters(meters))\">"
            out += "<line x1=\"\(n(p.x))\" y1=\"\(n(p.y))\" x2=\"\(n(q.x))\" y2=\"\(n(q.y))\"/>"
            out +=
                "<text x=\"\(n((p.x + q.x) / 2))\" y=\"\(n((p.y + q.y) / 2 - 6))\">\(e(Geo.describe(meters: meters)))</text></g>\n"
        }
        // Each pin is a link (or, without a page, a focusable image) named by its number and
        // title: a keyboard reaches every pin with Tab, and a screen reader says which it is.
        for (index, pin) in pins.enumerated() {
            let p = points[index]
            let name = e(pin.label.isEmpty ? pin.title : "\(pin.label). \(pin.title)")
            var g =
                "<g class=\"\(e(pin.style))\" data-lat=\"\(pin.latitude)\" data-lon=\"\(pin.longitude)\" data-title=\"\(e(pin.title))\""
            if let href = pin.href { g += " data-href=\"\(e(href))\"" }
            g += "><title>\(name)</title>"
            let radius = pin.label.isEmpty ? 6.0 : 11.0
            g += "<circle cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"\(n(radius))\"/>"
            if !pin.label.isEmpty {
                g += "<text x=\"\(n(p.x))\" y=\"\(n(p.y + 4))\">\(e(pin.label))</text>"
            }
            g += "</g>"
            if let href = pin.href {
                out += "<a class=\"pin-link\" href=\"\(e(href))\" data-pin=\"\(index + 1)\" aria-label=\"\(name)\">\(g)</a>\n"
            } else {
                out +=
                    "<g class=\"pin-point\" tabindex=\"0\" role=\"img\" data-pin=\"\(index + 1)\" aria-label=\"\(name)\">\(g)</g>\n"
            }
        }
        out += scaleBar(projection)
        if let tiles, !pins.isEmpty {
            out += "<text class=\"attribution\" x=\"\(n(width - 6))\" y=\"\(n(height - 6))\">\(e(tiles.attribution))</text>\n"
        }
        out += "<circle class=\"search-circle\" cx=\"-100\" cy=\"-100\" r=\"0\"/>\n"
        return out + "</svg>"
    }

    /// A faint 1 km grid, so the map reads as a map without tiles.
    func grid(_ projection: LocalProjection) -> String {
        let step = Self.niceLength(near: width / projection.scale / 6)
        let stepPixels = step * projection.scale
        guard stepPixels > 8 else { return "" }
        var out = "<g class=\"grid\">"
        var x = projection.offsetX.truncatingRemainder(dividingBy: stepPixels)
        while x < width {
            out += "<line x1=\"\(HTMLText.number(x))\" y1=\"0\" x2=\"\(HTMLText.number(x))\" y2=\"\(HTMLText.number(height))\"/>"
            x += stepPixels
        }
        var y = projection.offsetY.truncatingRemainder(dividingBy: stepPixels)
        while y < height {
            out += "<line x1=\"0\" y1=\"\(HTMLText.number(y))\" x2=\"\(HTMLText.number(width))\" y2=\"\(HTMLText.number(y))\"/>"
            y += stepPixels
        }
        return out + "</g>\n"
    }

    /// A bar of a round length (1, 2 or 5 × 10ⁿ m) about a fifth of the map's width.
    func scaleBar(_ projection: LocalProjection) -> String {
        let meters = Self.niceLength(near: width / 5 / projection.scale)
        let pixels = meters * projection.scale
        let x = 16.0, y = height - 18
        let n = { HTMLText.number($0, digits: 1) }
        return """
            <g class="scale-bar" data-meters="\(n(meters))" data-pixels="\(n(pixels))"><rect x="\(n(x - 6))" y="\(n(y - 18))" width="\(n(pixels + 12))" height="28"/>\
            <line x1="\(n(x))" y1="\(n(y))" x2="\(n(x + pixels))" y2="\(n(y))"/>\
            <line x1="\(n(x))" y1="\(n(y - 5))" x2="\(n(x))" y2="\(n(y + 5))"/><line x1="\(n(x + pixels))" y1="\(n(y - 5))" x2="\(n(x + pixels))" y2="\(n(y + 5))"/>\
            <text x="\(n(x + pixels / 2))" y="\(n(y - 6))">\(MarkupEscape.html(Geo.describe(meters: meters)))</text></g>

            """
    }

    /// The round length (1, 2 or 5 × 10ⁿ) nearest below `meters`.
    static func niceLength(near meters: Double) -> Double {
        guard meters.isFinite, meters > 0 else { return 100 }
        let power = pow(10, floor(log10(meters)))
        for factor in [5.0, 2.0, 1.0] where factor * power <= meters { return factor * power }
        return power
    }

    /// Web Mercator tiles covering the map, each placed by projecting its corners. None when
    /// the map spans the antimeridian or more than 48 tiles (a world-wide spread needs no
    /// street tiles), or its scale is not a finite number.
    func tileImages(_ tiles: TileSource, projection: LocalProjection) -> String {
        let metersPerPixel = 1 / projection.scale
        let exact = log2(156_543.03 * projection.cosLatitude / metersPerPixel)
        guard exact.isFinite else { return "" }
        let zoom = Int(min(max(exact.rounded(), 1), 19))
        let nw = projection.unproject(0, 0), se = projection.unproject(width, height)
        let (x0, y0) = Geo.tile(latitude: nw.latitude, longitude: nw.longitude, zoom: zoom)
        let (x1, y1) = Geo.tile(latitude: se.latitude, longitude: se.longitude, zoom: zoom)
        guard x1 >= x0, y1 >= y0, (x1 - x0 + 1) * (y1 - y0 + 1) <= 48 else { return "" }
        var out = "<g class=\"tiles\">"
        for ty in y0...y1 {
            for tx in x0...x1 {
                let a = Geo.tileCorner(x: tx, y: ty, zoom: zoom), b = Geo.tileCorner(x: tx + 1, y: ty + 1, zoom: zoom)
                let p = projection.project(a.0, a.1), q = projection.project(b.0, b.1)
                let url = tiles.template.replacingOccurrences(of: "{z}", with: "\(zoom)")
                    .replacingOccurrences(of: "{x}", with: "\(tx)").replacingOccurrences(of: "{y}", with: "\(ty)")
                out +=
                    "<image href=\"\(MarkupEscape.html(url))\" x=\"\(HTMLText.number(p.x))\" y=\"\(HTMLText.number(p.y))\" width=\"\(HTMLText.number(q.x - p.x + 0.5))\" height=\"\(HTMLText.number(q.y - p.y + 0.5))\" preserveAspectRatio=\"none\"/>"
            }
        }
        return out + "</g>\n"
    }
}
