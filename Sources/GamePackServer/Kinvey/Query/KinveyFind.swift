import Foundation

/// One Kinvey list or `_count` request: the parsed `query`, `sort`, `skip`, `limit` and
/// `fields`. What narrows safely (an `_id` list, a spherical `$near` circle) is pushed to the
/// content index; the exact MongoDB semantics are then evaluated here over the entities it
/// returns, as the client sees them (renamed fields, `_geoloc`, `_acl`, `_kmd`).
struct KinveyFind {
    var filter: KinveyFilter = .all([])
    var near: (path: [String], near: KinveyNear)?
    var sort: KinveySort?
    var skip = 0
    /// At most this many entities (Kinvey's cap; `limit=0` is no limit, so the cap).
    var limit: Int
    var projection: KinveyProjection?

    /// The operators answered, for messages.
    static let supported =
        "$eq $ne $gt $gte $lt $lte $in $nin $all $size $exists $mod $and $or $nor $not $regex/$options, "
        + "$near $nearSphere $geoWithin ($centerSphere $center $box $polygon $geometry)"

    init(_ parameters: [String: String], maxLimit: Int) throws {
        limit = maxLimit
        if let text = parameters["query"], !text.isEmpty {
            (filter, near) = try KinveyQueryParser.parse(text)
        }
        if let text = parameters["limit"] {
            guard let limit = Int(text), limit >= 0 else { throw KinveyError.syntax("limit must be a whole number, not \(text)") }
            self.limit = limit == 0 ? maxLimit : min(limit, maxLimit)
        }
        if let text = parameters["skip"] {
            guard let skip = Int(text), skip >= 0, skip <= 1_000_000 else {
                throw KinveyError.syntax("skip must be a whole number from 0 to 1000000, not \(text)")
            }
            self.skip = skip
        }
        if let text = parameters["sort"], !text.isEmpty { sort = try KinveySort.parse(text) }
        if let text = parameters["fields"], !text.isEmpty { projection = try KinveyProjection(text) }
    }

    /// Narrows the content index's query: the ids an `_id` condition allows, the circle of a
    /// spherical `$near`. Both only drop entities the filter would drop too. `paged`: the
    /// answer is a page (a list), not a count.
    func pushDown(into query: inout ContentQuery, paged: Bool) {
        if let near, near.path == ["_geoloc"], near.near.spherical, let radius = near.near.maxDistance {
            let centre = near.near.centre
            query.near = GeoCircle(latitude: centre.latitude, longitude: centre.longitude, radius: radius)
            // The near condition alone, in distance order: the index's page is the answer's, so
            // only the entities up to the page's end are read (the index's fast near path).
            if case .geo = filter, sort == nil, paged { query.limit = min(skip + limit, query.limit) }
        }
        let members: [KinveyFilter]
        if case .all(let parts) = filter { members = parts } else { members = [filter] }
        for case .field(["_id"], let condition) in members {
            switch condition {
            case .equals(.string(let id)):
                query.filters.append(.idIn([id]))
            case .oneOf(let set) where set.others.isEmpty && set.scalars.count <= ContentQuery.maxFilterValues:
                let ids = set.scalars.compactMap { key -> String? in
                    if case .string(let bytes) = key { return String(decoding: bytes, as: UTF8.self) }
                    return nil
                }
                if ids.count == set.scalars.count { query.filters.append(.idIn(ids.sorted())) }
            default: continue
            }
            return
        }
    }

    /// Whether the content index's near page is the answer as it stands: the query is one
    /// spherical `$near`/`$nearSphere` on `_geoloc` with a radius and no minimum, with no sort
    /// and no projection. The index then chose the entities inside the circle by the same
    /// haversine distance `matching` measures, nearest first, and paged them, so evaluating
    /// them again (parsing each entity) would only confirm it. The caller still checks that
    /// each entity's `_geoloc` is its row's point (no body brings its own).
    var indexAnswers: Bool {
        guard case .geo = filter, let near, near.path == ["_geoloc"], near.near.spherical, near.near.maxDistance != nil,
            near.near.minDistance == 0, sort == nil, projection == nil
        else { return false }
        return true
    }

    /// The entities (text and value, in the index's order) the query matches, in answer order.
    func matching(_ entities: [(text: String, value: KinveyValue)]) throws -> [(text: String, value: KinveyValue)] {
        let budget = KinveyBudget()
        var kept: [(text: String, value: KinveyValue, distance: Double)] = []
        for entity in entities where try KinveyMatch.matches(filter, entity.value, budget: budget) {
            var distance = 0.0
            if let near {
                distance =
                    KinveyMatch.leaves(entity.value, near.path[...]).compactMap { $0.flatMap(KinveyPoint.init) }
                    .map(near.near.distance)
                    .min() ?? .infinity
            }
            kept.append((entity.text, entity.value, distance))
        }
        if let sort {
            return sort.order(kept.map(\.value)).map { (kept[$0].text, kept[$0].value) }
        }
        if near != nil {
            return kept.indices.sorted {
                kept[$0].distance < kept[$1].distance || (kept[$0].distance == kept[$1].distance && $0 < $1)
            }
            .map { (kept[$0].text, kept[$0].value) }
        }
        return kept.map { ($0.text, $0.value) }
    }

    /// The page `skip`/`limit` ask for, each entity as JSON text (projected when asked).
    func page(_ matching: [(text: String, value: KinveyValue)]) -> [String] {
        matching.dropFirst(skip).prefix(limit).map { entity in
            projection.map { $0.apply(entity.value).json } ?? entity.text
        }
    }
}

/// The Kinvey list request's parsing and evaluation without a server, for the fuzz target.
public enum KinveyFindCheck {
    /// Parses `parameters` (`query`, `sort`, `skip`, `limit`, `fields`) as the list route does
    /// and answers them over `entities` (JSON objects): the page's JSON texts.
    public static func answer(_ parameters: [String: String], over entities: [String]) throws -> [String] {
        let find = try KinveyFind(parameters, maxLimit: KinveyController.maxLimit)
        let values = entities.map {
            ($0, (try? KinveyJSONParser.parse($0, maxDepth: KinveyController.maxEntityDepth)) ?? .object([]))
        }
        return find.page(try find.matching(values))
    }
}
