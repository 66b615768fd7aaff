import Foundation
import GamePackFormat
import Hummingbird

/// Objects: search, get by id, multiget, connected objects, file download.
extension AppacitiveController {
    func find(_ request: Request, _ context: BasicRequestContext, _ app: AppacitiveApp) async throws -> Response {
        let type = try context.parameters.require("type")
        let parameters = AppacitiveQueryParameters(request.uri.query)
        let (number, size) = try parameters.page()
        let filter = try parameters.filter()
        let content = try await content(app)
        let collection = try await collection(type, app, content)
        let objects = collection.objects
        var matches = try await search(collection, filter: filter, content: content, type: type, app: app)
        if let words = parameters["freetext"]?.lowercased().split(whereSeparator: \.isWhitespace), !words.isEmpty {
            matches = matches.filter { index in
                let texts = objects[index].properties.values.compactMap { $0.text?.lowercased() }
                return words.allSatisfy { word in texts.contains { $0.contains(word) } }
            }
        }
        let total = matches.count
        let start = min((number - 1) * size, matches.count)
        if let orderBy = parameters["orderby"], !orderBy.isEmpty {
            let ascending = parameters["isasc"]?.lowercased() == "true"
            matches = Self.sorted(matches, of: objects, by: orderBy, ascending: ascending)
        } else {
            // File order; only as far as the page reaches.
            matches = Self.smallest(matches, count: start + size)
        }
        let page = matches[start..<min(start + size, matches.count)]
        let fields = parameters.fields
        return AppacitiveResponse.ok([
            ("objects", "[" + page.map { objects[$0].rendered(fields: fields) }.joined(separator: ",") + "]"),
            ("paginginfo", AppacitiveResponse.paging(number: number, size: size, total: total)),
        ])
    }

    /// The indexes (into `collection.objects`) of the objects matching the filter, in no
    /// particular order; a `within_circle` on an indexed geocode reads its candidates from the
    /// collection's `GeoPointIndex` rather than every object.
    func search(
        _ collection: AppacitiveCollection, filter: AppacitiveFilter?, content: ChannelContent, type: String,
        app: AppacitiveApp
    ) async throws -> [Int] {
        let objects = collection.objects
        guard let filter else { return Array(objects.indices) }
        guard let circle = filter.requiredCircles.first(where: { collection.indexedGeoProperties.contains($0.property) }),
            let name = app.types[type]
        else { return objects.indices.filter { filter.matches(objects[$0]) } }
        let points = try await catalog.geoIndex(pack: content.head.pack, target: CanonicalLayout.name, collection: name)
        let members = points.inside(
            GeoCircle(latitude: circle.center.latitude, longitude: circle.center.longitude, radius: circle.radius))
        // A member's position is its object's index (every row of the file became an object).
        var matches = members.compactMap { member in
            member.position < objects.count && objects[member.position].id == member.id
                ? member.position : collection.byID[member.id]
        }
        if filter.requiredCircles.count > 1 || !filter.isCircle {
            matches = matches.filter { filter.matches(objects[$0]) }
        }
        return matches
    }

    /// The `count` smallest of `values`, ascending: a small page of a large match keeps a
    /// sorted buffer of `count` instead of sorting everything (which took a quarter of a
    /// `within_circle` answer's time).
    static func smallest(_ values: [Int], count: Int) -> [Int] {
        guard count > 0 else { return [] }
        guard count < values.count / 8 else { return Array(values.sorted().prefix(count)) }
        var best: [Int] = []
        best.reserveCapacity(count + 1)
        for value in values where best.count < count || value < best[best.count - 1] {
            var low = 0, high = best.count
            while low < high {
                let middle = (low + high) / 2
                if best[middle] < value { low = middle + 1 } else { high = middle }
            }
            best.insert(value, at: low)
            if best.count > count { best.removeLast() }
        }
        return best
    }

    /// Object indexes sorted by a property (numbers, then texts, then others; objects without
    /// it last), ties in file order.
    static func sorted(_ indexes: [Int], of objects: [AppacitiveObject], by name: String, ascending: Bool) -> [Int] {
        func rank(_ value: AppacitiveValue?) -> Int {
            switch value {
            case .number: 0
            case .text, .geo: 1
            case .bool: 2
            case .list, .object: 3
            case .null, nil: 4
            }
        }
        let keyed = indexes.map { ($0, objects[$0].value(name)) }
        return keyed.sorted { a, b in
            let (ra, rb) = (rank(a.1), rank(b.1))
            if ra != rb { return ra < rb }
            var order = 0
            switch (a.1, b.1) {
            case (.number(let x), .number(let y)): order = AppacitiveCondition.order(x, y)
            case (.bool(let x), .bool(let y)): order = AppacitiveCondition.order(x ? 1 : 0, y ? 1 : 0)
            default:
                if let x = a.1?.text, let y = b.1?.text { order = AppacitiveCondition.order(x, y) }
            }
            if order != 0 { return ascending ? order < 0 : order > 0 }
            return a.0 < b.0
        }.map(\.0)
    }

    func object(_ request: Request, _ context: BasicRequestContext, _ app: AppacitiveApp) async throws -> Response {
        let type = try context.parameters.require("type"), id = try context.parameters.require("id")
        let collection = try await collection(type, app, try await content(app))
        guard let index = collection.byID[id] else { throw AppacitiveError.notFound("no \(type) object with id \(id)") }
        let fields = AppacitiveQueryParameters(request.uri.query).fields
        return AppacitiveResponse.ok([("object", collection.objects[index].rendered(fields: fields))])
    }

    func multiget(_ request: Request, _ context: BasicRequestContext, _ app: AppacitiveApp) async throws -> Response {
        let type = try context.parameters.require("type")
        let ids = try context.parameters.require("ids").split(separator: ",").map(String.init)
        guard ids.count <= Self.maxPageSize else {
            throw AppacitiveError.badRequest("multiget takes at most \(Self.maxPageSize) ids, not \(ids.count)")
        }
        let collection = try await collection(type, app, try await content(app))
        let fields = AppacitiveQueryParameters(request.uri.query).fields
        let found = ids.compactMap { collection.byID[$0].map { collection.objects[$0].rendered(fields: fields) } }
        return AppacitiveResponse.ok([("objects", "[" + found.joined(separator: ",") + "]")])
    }

    func download(_ request: Request, _ context: BasicRequestContext, _ app: AppacitiveApp) async throws -> Response {
        let name = try context.parameters.require("name")
        let sha = String(name.prefix { $0 != "." }).lowercased()
        let content = try await content(app)
        guard ChannelPointer.isSHA256Hex(sha), content.manifest.files.contains(where: { $0.sha256 == sha }) else {
            throw AppacitiveError.notFound("no file \(name) in \(app.project)/\(app.channel)")
        }
        var base = publicURL()
        while base.hasSuffix("/") { base.removeLast() }
        return AppacitiveResponse.ok([("uri", JSONStringLiteral.quoted("\(base)/v1/files/\(sha)"))])
    }
}
