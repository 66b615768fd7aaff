import Foundation
import GamePackFormat

/// Typed, offline queries over installed content's `canonical` target: list a collection, get
/// by id, filter, resolve references, and find items near a point. Everything is read from the
/// verified local files; nothing touches the network.
///
/// ```swift
/// struct Deal: Decodable { var id: Int; var name: String; var location: GeoPoint }
/// let deals = try client.current.collection("deals")
/// for hit in try deals.nearby(latitude: 52.3676, longitude: 4.9041, within: 5_000, as: Deal.self) {
///     print(hit.item.name, Int(hit.distance), "m")
/// }
/// ```
public struct ContentCollection: Sendable {
    /// The collection's name (`deals`).
    public let name: String
    /// The pack's locales, the default first.
    public let locales: [String]
    /// Each item, parsed once when the collection is opened, in the file's order (by id).
    let items: [JSONValue]
    /// Item index by id text (`"12"`, `"tone-a"`).
    let positions: [String: Int]
    /// Items with a geo point, sorted by latitude: (latitude, longitude, item index).
    let points: [(latitude: Double, longitude: Double, index: Int)]
    /// Each point of `points` as a unit vector (x, y, z, one after the other): the haversine
    /// term of two points is a quarter of their squared chord, so a search needs no
    /// trigonometry per point.
    let vectors: [Double]

    /// Reads the collection's canonical files from installed content: its chunks
    /// `canonical/<name>/<NNNN>.json` in order, or the one `canonical/<name>.json` of packs
    /// built before chunking (see `CanonicalLayout`).
    /// - Throws: `GamePackClientError.noContent` when the pack has no such collection (or no
    ///   canonical target), `.io` when a file cannot be read or is not the canonical shape.
    init(name: String, content: InstalledContent, geoField: String?) throws {
        let paths =
            CanonicalLayout.collections(in: content.manifest.files.map(\.path))[name] ?? ["canonical/\(name).json"]
        var list: [JSONValue] = []
        for path in paths {
            let data = try content.data(at: path)
            guard case .object(let document)? = try? JSONScanner.parse(data), case .array(let items)? = document["items"] else {
                throw GamePackClientError.io(path: path, reason: "not a canonical collection file ({\"items\": [...]})")
            }
            list += items
        }
        self.name = name
        locales = content.manifest.locales
        var positions: [String: Int] = [:]
        var points: [(latitude: Double, longitude: Double, index: Int)] = []
        for (index, item) in list.enumerated() {
            guard case .object(let fields) = item else { continue }
            if let id = Self.idText(fields["id"]) { positions[id] = index }
            if let point = Self.point(fields, field: geoField) { points.append((point.0, point.1, index)) }
        }
        items = list
        self.positions = positions
        self.points = points.sorted { $0.latitude < $1.latitude }
        var vectors: [Double] = []
        vectors.reserveCapacity(3 * points.count)
        for point in self.points { GreatCircle.appendVector(point.latitude, point.longitude, to: &vectors) }
        self.vectors = vectors
    }

    static func idText(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: text
        case .int(let number)?: String(number)
        case .number(let number)?: "\(number)"
        default: nil
        }
    }

    static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .int(let number)?: Double(number)
        case .number(let number)?: number
        default: nil
        }
    }

    /// The item's point: the named field, or the first field (by name) that is `{latitude, longitude}`.
    static func point(_ item: [String: JSONValue], field: String?) -> (Double, Double)? {
        let keys = field.map { [$0] } ?? item.keys.sorted()
        for key in keys {
            guard case .object(let value)? = item[key], let lat = number(value["latitude"]), let lng = number(value["longitude"])
            else { continue }
            return (lat, lng)
        }
        return nil
    }

    /// How many items the collection has.
    public var count: Int { items.count }

    /// Every item, decoded as `T`, in the file's order.
    public func all<T: Decodable>(as type: T.Type) throws -> [T] {
        try decodeList(items.indices, as: type)
    }

    /// The items at `indices` decoded as `T`, in the order given.
    func decodeList<T: Decodable>(_ indices: some Collection<Int>, as type: T.Type) throws -> [T] {
        let decoder = makeDecoder()
        var list: [T] = []
        list.reserveCapacity(indices.count)
        for index in indices { list.append(try decode(items[index], as: type, with: decoder)) }
        return list
    }

    /// The item with this id (a number or a string id, as the source wrote it), or nil.
    public func item<T: Decodable>(_ id: some CustomStringConvertible, as type: T.Type) throws -> T? {
        try positions[id.description].map { try decode(items[$0], as: type) }
    }

    /// The items whose ids are listed (a reference or a list of references), in the list's
    /// order; ids with no item are skipped.
    public func items<T: Decodable>(_ ids: [some CustomStringConvertible], as type: T.Type) throws -> [T] {
        try ids.compactMap { try item($0, as: type) }
    }

    /// The items, decoded as `T`, for which `isIncluded` holds.
    public func filter<T: Decodable>(as type: T.Type, _ isIncluded: (T) throws -> Bool) throws -> [T] {
        try all(as: type).filter(isIncluded)
    }

    /// An item and its distance from the point asked about.
    public struct Hit<T> {
        public var item: T
        /// Great-circle distance in meters (mean Earth radius).
        public var distance: Double
    }

    /// The items within `radius` meters of the point, nearest first (then in file order).
    /// Items are found through a latitude-sorted index, so a search over 100,000 items checks
    /// only those in the circle's latitude band.
    public func nearby<T: Decodable>(latitude: Double, longitude: Double, within radius: Double, as type: T.Type) throws
        -> [Hit<T>]
    {
        let found = nearbyIndices(latitude: latitude, longitude: longitude, within: radius)
        let decoder = makeDecoder()
        var hits: [Hit<T>] = []
        hits.reserveCapacity(found.count)
        for hit in found {
            hits.append(Hit(item: try decode(items[hit.index], as: type, with: decoder), distance: hit.distance))
        }
        return hits
    }

    /// Indices and distances of the items in the circle, nearest first.
    ///
    /// Points in the circle's latitude band are compared by the haversine term `h`, a quarter
    /// of the squared chord between unit vectors; only a point within rounding error of the
    /// edge is decided by the haversine distance itself, and only the hits' distances are
    /// computed.
    func nearbyIndices(latitude: Double, longitude: Double, within radius: Double) -> [(index: Int, distance: Double)] {
        guard radius > 0, !points.isEmpty else { return [] }
        let degrees = radius / GeoPoint.earthRadius * 180 / .pi
        let low = latitude - degrees - 1e-9, high = latitude + degrees + 1e-9
        var start = 0, end = points.count
        while start < end {
            let middle = (start + end) / 2
            if points[middle].latitude < low { start = middle + 1 } else { end = middle }
        }
        let chord = GreatCircle.ChordCircle(latitude: latitude, longitude: longitude, radius: radius)
        var hits: [(index: Int, distance: Double)] = []
        vectors.withUnsafeBufferPointer { vector in
            var at = start
            while at < points.count, points[at].latitude <= high {
                defer { at += 1 }
                let h = chord.term(vector, at)
                guard h <= chord.surelyOut else { continue }
                let point = points[at]
                let distance = GeoPoint.distance(latitude, longitude, point.latitude, point.longitude)
                if h > chord.surelyIn, distance > radius { continue }
                hits.append((point.index, distance))
            }
        }
        return hits.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.index < $1.index }
    }

    func makeDecoder() -> ContentDecoder {
        ContentDecoder(userInfo: [LocalizedText.localesKey: locales])
    }

    func decode<T: Decodable>(_ value: JSONValue, as type: T.Type, with decoder: ContentDecoder? = nil) throws -> T {
        let decoder = decoder ?? makeDecoder()
        do {
            return try decoder.decode(type, from: value)
        } catch {
            throw GamePackClientError.io(path: "canonical/\(name)", reason: "an item does not decode as \(T.self): \(error)")
        }
    }
}

extension InstalledContent {
    /// The collection `name` of the installed pack's `canonical` target, for offline queries.
    /// `geoField` names the field `nearby` measures from; by default the first field holding
    /// `{latitude, longitude}`.
    public func collection(_ name: String, geoField: String? = nil) throws -> ContentCollection {
        try ContentCollection(name: name, content: self, geoField: geoField)
    }
}

/// A geo point as the canonical target writes it: decimal degrees, WGS 84.
public struct GeoPoint: Codable, Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The mean Earth radius in meters (the server's geo search uses the same).
    public static let earthRadius = GreatCircle.earthRadius

    /// The haversine distance in meters between two points.
    public static func distance(_ lat1: Double, _ lng1: Double, _ lat2: Double, _ lng2: Double) -> Double {
        GreatCircle.distance(lat1, lng1, lat2, lng2)
    }

    /// The distance in meters to `other`.
    public func distance(to other: GeoPoint) -> Double {
        Self.distance(latitude, longitude, other.latitude, other.longitude)
    }
}

/// A localized text as the canonical target writes it: a map from locale to text (or, from a
/// one-locale field, a plain string).
public struct LocalizedText: Decodable, Sendable, Equatable {
    /// Text by locale code.
    public var texts: [String: String]
    /// The pack's locales, default first (from the collection that decoded it).
    public var locales: [String]

    static let localesKey = CodingUserInfoKey(rawValue: "gamepack.locales")!

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        locales = decoder.userInfo[Self.localesKey] as? [String] ?? []
        if let text = try? container.decode(String.self) {
            texts = [locales.first ?? "": text]
        } else {
            texts = try container.decode([String: String].self)
        }
    }

    /// The text in `locale`, else in the default locale (as the build falls back), else any.
    public func text(_ locale: String) -> String {
        texts[locale] ?? locales.first.flatMap { texts[$0] } ?? texts.sorted { $0.key < $1.key }.first?.value ?? ""
    }
}
