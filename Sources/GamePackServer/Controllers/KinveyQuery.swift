import Foundation

/// The `query` of Kinvey's blob listing (`GET /blob/{appKey}?query=…`): equality, `$eq`, `$in`,
/// `$regex` with an anchored literal prefix (`^abc`), and `$nearSphere: [lng, lat]` with
/// `$maxDistance` (miles) on `_geoloc`, translated into the content index's filters. The
/// collection routes answer MongoDB's whole query language instead (`KinveyFind`).
public enum KinveyQuery {

    /// Translates the `query` JSON text into `query`'s filters (and its `near` circle), fuzzed
    /// by `Fuzz/Sources/FuzzKinveyQuery`. `renames` maps
    /// the app's field names to the pack's. Throws a 400 in Kinvey's shape for anything else.
    public static func apply(_ text: String, renames: [String: String], to query: inout ContentQuery) throws {
        guard let object = ContentJSON.parse(text) as? [String: Any] else {
            throw KinveyError.syntax("query is not a JSON object: \(text.prefix(200))")
        }
        for (key, condition) in object.sorted(by: { $0.key < $1.key }) {
            if key.hasPrefix("$") { throw KinveyError.unsupported(key) }
            if key == "_geoloc" {
                query.near = try near(condition)
                continue
            }
            let path = try self.path(key, renames: renames)
            if key == "_id" {
                if let id = condition as? String {
                    query.filters.append(.idIn([id]))
                    continue
                }
                if let ops = condition as? [String: Any], ops.count == 1, let list = ops["$in"] as? [Any] {
                    query.filters.append(.idIn(list.compactMap { $0 as? String }))
                    continue
                }
            }
            guard let operators = condition as? [String: Any] else {
                query.filters.append(.oneOf(path: path, values: [try scalar(condition, key)]))
                continue
            }
            for (name, argument) in operators.sorted(by: { $0.key < $1.key }) {
                switch name {
                case "$eq":
                    query.filters.append(.oneOf(path: path, values: [try scalar(argument, key)]))
                case "$in":
                    guard let list = argument as? [Any] else { throw KinveyError.syntax("$in on \(key) needs an array") }
                    query.filters.append(.oneOf(path: path, values: try list.map { try scalar($0, key) }))
                case "$regex":
                    guard let pattern = argument as? String else { throw KinveyError.syntax("$regex on \(key) needs a string") }
                    query.filters.append(.prefix(path: path, try prefix(pattern)))
                case "$options":
                    throw KinveyError.unsupported("$options")
                default:
                    throw KinveyError.unsupported(name)
                }
            }
        }
    }

    /// A field path in the pack's names; the first name renamed when the app maps it.
    static func path(_ key: String, renames: [String: String]) throws -> [String] {
        var path = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if let renamed = renames[path[0]] { path[0] = renamed }
        guard path.allSatisfy(ContentQuery.isSafeFieldName) else {
            throw KinveyError.syntax("\"\(key)\" is not a field name gamepack can query")
        }
        return path
    }

    static func scalar(_ value: Any, _ key: String) throws -> ContentScalar {
        if let text = value as? String { return .string(text) }
        if let number = value as? NSNumber {
            if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
            return .number(number.doubleValue)
        }
        throw KinveyError.syntax("the value for \(key) must be a string, number or boolean")
    }

    /// `^literal` as the literal prefix; anything using other regular expression syntax is refused.
    static func prefix(_ pattern: String) throws -> String {
        guard pattern.hasPrefix("^") else { throw KinveyError.unsupported("$regex without ^ (only anchored prefixes)") }
        let literal = pattern.dropFirst()
        guard !literal.contains(where: { "\\.^$|?*+()[]{}".contains($0) }) else {
            throw KinveyError.unsupported("$regex with pattern syntax (only ^ followed by literal text)")
        }
        return String(literal)
    }

    static func near(_ condition: Any) throws -> GeoCircle {
        guard let operators = condition as? [String: Any] else {
            throw KinveyError.syntax("_geoloc takes {\"$nearSphere\": [longitude, latitude], \"$maxDistance\": miles}")
        }
        for name in operators.keys where name != "$nearSphere" && name != "$maxDistance" {
            throw KinveyError.unsupported(name)
        }
        guard let point = operators["$nearSphere"] as? [Any], point.count == 2, let lng = (point[0] as? NSNumber)?.doubleValue,
            let lat = (point[1] as? NSNumber)?.doubleValue, (-180...180).contains(lng), (-90...90).contains(lat)
        else {
            throw KinveyError.syntax("$nearSphere takes [longitude, latitude] in decimal degrees")
        }
        // Without `$maxDistance` Kinvey ranks every entity by distance; gamepack searches as far
        // as it ever does (`SphereGeo.maxRadius`), nearest first, within `limit`.
        guard let maxDistance = operators["$maxDistance"] else {
            return GeoCircle(latitude: lat, longitude: lng, radius: SphereGeo.maxRadius)
        }
        guard let miles = (maxDistance as? NSNumber)?.doubleValue, !(maxDistance is Bool) else {
            throw KinveyError.syntax("$maxDistance takes a number of miles")
        }
        let radius = miles * KinveyController.metersPerMile
        guard radius > 0, radius <= SphereGeo.maxRadius else {
            throw KinveyError(
                .badRequest, "InvalidQuerySyntax", "The query string in the request has an invalid syntax",
                debug:
                    "$maxDistance must be above 0 and at most \(Int(SphereGeo.maxRadius / KinveyController.metersPerMile)) miles")
        }
        return GeoCircle(latitude: lat, longitude: lng, radius: radius)
    }
}
