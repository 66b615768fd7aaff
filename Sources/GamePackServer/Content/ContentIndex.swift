import Foundation
import GamePackFormat

/// One item of a published pack as the content index holds it: the item's exact JSON from the
/// pack (`canonical/<collection>.json`'s `items`, or `kinvey/<collection>.json`), its id, its
/// position in the file, and its geo point when it has one (the first top-level field that is
/// `{"latitude": number, "longitude": number}`).
public struct IndexedContentItem: Sendable, Equatable {
    /// `canonical` or `kinvey`: which target's file the item comes from.
    public var target: String
    public var collection: String
    /// The item's id as text (`"12"`, `"tone-a"`).
    public var id: String
    /// 0-based position in the collection's file: the default order of answers.
    public var position: Int
    /// Decimal degrees, WGS 84.
    public var latitude: Double?
    public var longitude: Double?
    /// The item's compact JSON object, exactly as the pack has it.
    public var body: String
    /// When this item's content (by hash) was first published in the project, and when its id
    /// first was (ISO 8601, UTC): Kinvey's `_kmd.lmt` and `_kmd.ect`. Filled in by the store.
    public var modified: String = ""
    public var created: String = ""

    public init(
        target: String, collection: String, id: String, position: Int, latitude: Double?, longitude: Double?, body: String
    ) {
        self.target = target
        self.collection = collection
        self.id = id
        self.position = position
        self.latitude = latitude
        self.longitude = longitude
        self.body = body
    }

    /// Lowercase hex SHA-256 of `body`: what `modified` is keyed by.
    public var bodySHA256: String { Digest.sha256Hex(Data(body.utf8)) }
}

/// A scalar a filter compares with: JSON string, number or boolean.
public enum ContentScalar: Sendable, Equatable, CustomStringConvertible {
    case string(String)
    case number(Double)
    case bool(Bool)

    /// The value as JSON text.
    public var json: String {
        switch self {
        case .string(let text): JSONStringLiteral.quoted(text)
        case .number(let value): ContentJSON.number(value)
        case .bool(let value): value ? "true" : "false"
        }
    }

    public var description: String { json }

    /// A URL query value: itself as a string, plus the number or boolean it spells, so that
    /// `featured=true` and `id=3` match typed fields and `name=3` still matches a string "3".
    static func candidates(_ text: String) -> [ContentScalar] {
        var values: [ContentScalar] = [.string(text)]
        if text == "true" || text == "false" {
            values.append(.bool(text == "true"))
        } else if let number = Double(text), number.isFinite, text.first != "+", !text.contains(where: \.isLetter) {
            values.append(.number(number))
        }
        return values
    }
}

/// One condition on an item's fields. A path is the field names from the item down
/// (`["details", "store_name"]`); every name is checked by `ContentQuery.isSafeFieldName`.
public enum ContentFilter: Sendable, Equatable {
    /// The field equals one of the values (one value: plain equality; Kinvey's `$in`).
    case oneOf(path: [String], values: [ContentScalar])
    /// The field is a string starting with the prefix (Kinvey's `$regex: "^prefix"`).
    case prefix(path: [String], String)
    /// The item id is one of these.
    case idIn([String])
}

/// A circle on the sphere: `near=lat,lng&within=5km`.
public struct GeoCircle: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    /// Meters.
    public var radius: Double

    public init(latitude: Double, longitude: Double, radius: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
    }
}

/// What a content query asks the index for, over one pack's collection.
public struct ContentQuery: Sendable, Equatable {
    public var pack: String
    public var target: String
    public var collection: String
    public var filters: [ContentFilter] = []
    /// Items within the circle, nearest first (then by position).
    public var near: GeoCircle?
    /// Sort keys (path, ascending) before position; ignored when `near` is set.
    public var sort: [(path: [String], ascending: Bool)] = []
    public var limit: Int
    public var offset: Int = 0

    public init(pack: String, target: String, collection: String, limit: Int) {
        self.pack = pack
        self.target = target
        self.collection = collection
        self.limit = limit
    }

    public static func == (a: ContentQuery, b: ContentQuery) -> Bool {
        a.pack == b.pack && a.target == b.target && a.collection == b.collection && a.filters == b.filters
            && a.near == b.near && a.limit == b.limit && a.offset == b.offset
            && a.sort.map { "\($0.path)\($0.ascending)" } == b.sort.map { "\($0.path)\($0.ascending)" }
    }

    /// Field names the stores put into SQL (as bound values or quoted JSON paths): letters,
    /// digits, `_` and `-`, 1-64 characters.
    public static func isSafeFieldName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.utf8.allSatisfy {
                ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x5F || $0 == 0x2D
            }
    }
}

/// One answer row: the item and, for a geo query, its distance from the centre in meters.
public struct ContentRow: Sendable, Equatable {
    public var id: String
    public var body: String
    public var distance: Double?
    public var latitude: Double?
    public var longitude: Double?
    public var modified: String
    public var created: String

    public init(
        id: String, body: String, distance: Double?, latitude: Double?, longitude: Double?, modified: String, created: String
    ) {
        self.id = id
        self.body = body
        self.distance = distance
        self.latitude = latitude
        self.longitude = longitude
        self.modified = modified
        self.created = created
    }
}

/// An item's geo point and where it is: what a near query needs before it reads any body.
public struct ContentPoint: Sendable, Equatable {
    public var id: String
    public var position: Int
    public var latitude: Double
    public var longitude: Double

    public init(id: String, position: Int, latitude: Double, longitude: Double) {
        self.id = id
        self.position = position
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A store that indexes the items of published packs and answers queries over them: SQLite
/// with its R*Tree module for geo, PostgreSQL with `cube`/`earthdistance` and a GiST index.
/// The index is a cache derived from the packs: it can be dropped and rebuilt at any time.
public protocol ContentIndexStore: Sendable {
    /// Whether the items of `pack` are indexed.
    func isContentIndexed(pack: String) async throws -> Bool
    /// Indexes a pack's items (replacing any earlier index of it) and records, per item, when
    /// its content hash was first published in `project` (`publishedAt` for new hashes).
    func indexContent(pack: String, project: String, items: [IndexedContentItem], publishedAt: String) async throws
    /// Drops the index of every pack not in `keep`.
    func pruneContent(keeping keep: Set<String>) async throws
    /// The collections a pack has for a target, sorted.
    func contentCollections(pack: String, target: String) async throws -> [String]
    /// The items matching the query, in order, at most `limit` from `offset`.
    func queryContent(_ query: ContentQuery) async throws -> [ContentRow]
    /// Every item of a collection that has a geo point, in position order.
    func contentPoints(pack: String, target: String, collection: String) async throws -> [ContentPoint]
}

/// Great-circle geometry on a sphere of the mean Earth radius, shared by the stores, the
/// routes and the tests' expectations.
public enum SphereGeo {
    /// The mean Earth radius (IUGG), meters.
    public static let earthRadius = GreatCircle.earthRadius
    /// The largest radius a query may ask for, meters.
    public static let maxRadius = 1_000_000.0

    /// The haversine distance in meters.
    public static func distance(_ lat1: Double, _ lng1: Double, _ lat2: Double, _ lng2: Double) -> Double {
        GreatCircle.distance(lat1, lng1, lat2, lng2)
    }

    /// A box in degrees: latitude and longitude ranges.
    public struct Box: Sendable, Equatable {
        public var minLatitude, maxLatitude, minLongitude, maxLongitude: Double
    }

    /// Latitude/longitude boxes that together cover the circle: one, or two when it crosses
    /// the antimeridian; the full longitude range when it reaches a pole. None for a circle
    /// that is not one (a NaN or infinite coordinate or radius, a negative radius, a latitude
    /// past a pole); a longitude past ±180 is taken a whole turn back. Every bound is within
    /// [-90, 90] × [-180, 180].
    public static func boxes(_ circle: GeoCircle) -> [Box] {
        guard circle.latitude.isFinite, abs(circle.latitude) <= 90, circle.longitude.isFinite, circle.radius.isFinite,
            circle.radius >= 0
        else { return [] }
        var circle = circle
        if abs(circle.longitude) > 180, let wrapped = GreatCircle.wrappedLongitude(circle.longitude) {
            circle.longitude = wrapped
        }
        let angle = circle.radius / earthRadius
        let degrees = angle * 180 / .pi
        let margin = 1e-9
        let minLat = circle.latitude - degrees - margin, maxLat = circle.latitude + degrees + margin
        if minLat <= -90 || maxLat >= 90 {
            return [Box(minLatitude: max(minLat, -90), maxLatitude: min(maxLat, 90), minLongitude: -180, maxLongitude: 180)]
        }
        let ratio = sin(angle) / cos(circle.latitude * .pi / 180)
        guard ratio < 1 else {
            return [Box(minLatitude: minLat, maxLatitude: maxLat, minLongitude: -180, maxLongitude: 180)]
        }
        let dLng = asin(ratio) * 180 / .pi + margin
        let west = circle.longitude - dLng, east = circle.longitude + dLng
        if west < -180 {
            return [
                Box(minLatitude: minLat, maxLatitude: maxLat, minLongitude: -180, maxLongitude: east),
                Box(minLatitude: minLat, maxLatitude: maxLat, minLongitude: west + 360, maxLongitude: 180),
            ]
        }
        if east > 180 {
            return [
                Box(minLatitude: minLat, maxLatitude: maxLat, minLongitude: west, maxLongitude: 180),
                Box(minLatitude: minLat, maxLatitude: maxLat, minLongitude: -180, maxLongitude: east - 360),
            ]
        }
        return [Box(minLatitude: minLat, maxLatitude: maxLat, minLongitude: west, maxLongitude: east)]
    }
}

/// Small JSON text helpers for answers assembled from stored item bodies.
enum ContentJSON {
    /// A number as JSON: integers without a fraction, others with up to 17 significant digits.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// Distance in meters, to the centimeter.
    static func distance(_ meters: Double) -> String { number((meters * 100).rounded() / 100) }

    /// `object` (a JSON object's text) with `members` (`"key":value` texts) added at its end.
    /// Works on the UTF-8 bytes: an answer appends to every item of its page, and
    /// Foundation's `trimmingCharacters` with `String.dropLast` took a quarter of a near
    /// query's time.
    static func appending(_ members: [String], to object: String) -> String {
        let bytes = object.utf8
        guard !members.isEmpty, bytes.last == UInt8(ascii: "}") else { return object }
        // Empty when what is before the closing brace is "{" with only spaces or tabs around.
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let inner = bytes.dropLast().drop(while: blank)
        let empty = inner.first == UInt8(ascii: "{") && inner.dropFirst().allSatisfy(blank)
        var text = ""
        text.reserveCapacity(bytes.count + members.reduce(members.count) { $0 + $1.utf8.count })
        text += object[..<bytes.index(before: bytes.endIndex)]
        if !empty { text += "," }
        for (n, member) in members.enumerated() {
            if n > 0 { text += "," }
            text += member
        }
        text += "}"
        return text
    }

    /// Whether `text` contains `part`, byte for byte: `String.contains` goes through Foundation's
    /// NSString search (a tenth of a Kinvey near query's time) and the standard library's
    /// generic `Collection.contains` was slower still (half of it).
    static func contains(_ text: String, _ part: String) -> Bool {
        var (text, part) = (text, part)
        return text.withUTF8 { haystack in
            part.withUTF8 { needle in
                guard let first = needle.first else { return true }
                guard haystack.count >= needle.count else { return false }
                var at = 0
                let last = haystack.count - needle.count
                while at <= last {
                    if haystack[at] == first {
                        var n = 1
                        while n < needle.count, haystack[at + n] == needle[n] { n += 1 }
                        if n == needle.count { return true }
                    }
                    at += 1
                }
                return false
            }
        }
    }

    /// Serializes a value parsed by JSONSerialization, keys sorted, slashes unescaped.
    static func serialize(_ value: Any) -> String {
        let data =
            (try? JSONSerialization.data(
                withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]))
            ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static func parse(_ text: String) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }
}
