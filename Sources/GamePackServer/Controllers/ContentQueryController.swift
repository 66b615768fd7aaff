import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird
import NIOCore

/// Content queries over the pack a channel points at (its `canonical` target):
///
/// - `GET /v1/projects/{project}/channels/{channel}/collections`: the collection names.
/// - `GET …/collections/{name}`: items with `id=`, equality filters on fields (`category=food`,
///   `details.store_name=…`), `near=lat,lng&within=5km` (nearest first, `_distance` in meters
///   on each item), `limit` (default 20, at most 100)/`offset` or `cursor` (the `next` of the
///   previous page), `fields=a,b`, `locale=nl` (localized texts as one string, falling back
///   to the pack's default locale as the build does).
/// - `GET …/collections/{name}/{id}`: one item, `expand=field[:collection],…` resolving its
///   references one level.
///
/// Every answer carries the channel's version as its ETag (304 on `If-None-Match`).
struct ContentQueryController {
    let catalog: ContentCatalog

    static let defaultLimit = 20
    static let maxLimit = 100
    static let maxOffset = 100_000
    /// Query parameters that are not field filters.
    static let reserved: Set<String> = ["id", "near", "within", "limit", "offset", "cursor", "fields", "locale", "expand"]

    var routes: RouteCollection<BasicRequestContext> {
        let routes = RouteCollection(context: BasicRequestContext.self)
        routes.get("/v1/projects/:project/channels/:channel/collections") { request, context in
            try await collections(request, context)
        }
        routes.get("/v1/projects/:project/channels/:channel/collections/:name") { request, context in
            try await list(request, context)
        }
        routes.get("/v1/projects/:project/channels/:channel/collections/:name/:id") { request, context in
            try await item(request, context)
        }
        return routes
    }

    /// The channel's content, or a 304 answer when the client has this version already.
    func resolve(_ request: Request, _ context: BasicRequestContext) async throws -> (ChannelContent, Response?) {
        let project = try context.parameters.require("project")
        let channel = try context.parameters.require("channel")
        let content = try await catalog.content(project: project, channel: channel)
        if let match = request.headers[.ifNoneMatch],
            match.split(separator: ",").contains(where: {
                let tag = $0.trimmingCharacters(in: .whitespaces)
                return tag == content.etag || tag == "W/" + content.etag || tag == "*"
            })
        {
            return (content, Response(status: .notModified, headers: headers(content)))
        }
        return (content, nil)
    }

    func headers(_ content: ChannelContent) -> HTTPFields {
        var fields: HTTPFields = [
            .contentType: "application/json; charset=utf-8", .eTag: content.etag, .cacheControl: "no-cache",
        ]
        fields[HTTPField.Name("Gamepack-Sequence")!] = "\(content.head.sequence)"
        return fields
    }

    func collection(_ context: BasicRequestContext, in content: ChannelContent) throws -> String {
        let name = try context.parameters.require("name")
        guard content.collections[CanonicalLayout.name]?.contains(name) == true else {
            throw ServerError.notFound(
                "\(content.head.project)/\(content.head.channel) has no collection \"\(name)\" (it has: "
                    + ((content.collections[CanonicalLayout.name] ?? []).sorted().joined(separator: ", ")) + ")")
        }
        return name
    }

    func collections(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let (content, notModified) = try await resolve(request, context)
        if let notModified { return notModified }
        let names = (content.collections[CanonicalLayout.name] ?? []).sorted().map(JSONStringLiteral.quoted).joined(
            separator: ",")
        return answer(
            content,
            #"{"project":\#(JSONStringLiteral.quoted(content.head.project)),"channel":\#(JSONStringLiteral.quoted(content.head.channel)),"version":"\#(content.head.version)","collections":[\#(names)]}"#
        )
    }

    func answer(_ content: ChannelContent, _ text: String) -> Response {
        Response(status: .ok, headers: headers(content), body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
    }

    func list(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let (content, notModified) = try await resolve(request, context)
        if let notModified { return notModified }
        let name = try collection(context, in: content)
        let parameters = request.uri.queryParameters
        var query = ContentQuery(
            pack: content.head.pack, target: CanonicalLayout.name, collection: name, limit: Self.defaultLimit)
        if let text = parameters["limit"].map(String.init) {
            guard let limit = Int(text), limit >= 1 else {
                throw ServerError.badRequest(
                    "bad_limit", "limit must be a whole number from 1 (at most \(Self.maxLimit) are returned)")
            }
            query.limit = min(limit, Self.maxLimit)
        }
        if let text = (parameters["offset"] ?? parameters["cursor"]).map(String.init) {
            guard let offset = Int(text), (0...Self.maxOffset).contains(offset) else {
                throw ServerError.badRequest(
                    "bad_offset", "offset (or cursor) must be a whole number from 0 to \(Self.maxOffset)")
            }
            query.offset = offset
        }
        if let ids = parameters["id"] {
            query.filters.append(.idIn(ids.split(separator: ",").map(String.init)))
        }
        for (key, value) in parameters where !Self.reserved.contains(String(key)) {
            let path = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard path.allSatisfy(ContentQuery.isSafeFieldName) else {
                throw ServerError.badRequest(
                    "bad_field", "\"\(key)\" is not a field name (letters, digits, _ and -, dotted for nested fields)")
            }
            query.filters.append(.oneOf(path: path, values: ContentScalar.candidates(String(value))))
        }
        query.near = try Self.circle(near: parameters["near"].map(String.init), within: parameters["within"].map(String.init))
        let shaping = try ContentShaping(parameters: parameters, manifest: content.manifest)
        let rows = try await catalog.query(query)
        var text =
            #"{"project":\#(JSONStringLiteral.quoted(content.head.project)),"channel":\#(JSONStringLiteral.quoted(content.head.channel)),"version":"\#(content.head.version)","collection":\#(JSONStringLiteral.quoted(name)),"#
        text += #""offset":\#(query.offset),"limit":\#(query.limit),"next":"#
        text += rows.count == query.limit ? "\"\(query.offset + rows.count)\"" : "null"
        text += #","items":["#
        text += rows.map { row in
            var body = shaping.apply(to: row.body)
            if let distance = row.distance {
                body = ContentJSON.appending(["\"_distance\":\(ContentJSON.distance(distance))"], to: body)
            }
            return body
        }.joined(separator: ",")
        text += "]}"
        return answer(content, text)
    }

    func item(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let (content, notModified) = try await resolve(request, context)
        if let notModified { return notModified }
        let name = try collection(context, in: content)
        let id = try context.parameters.require("id")
        let parameters = request.uri.queryParameters
        let shaping = try ContentShaping(parameters: parameters, manifest: content.manifest)
        var query = ContentQuery(pack: content.head.pack, target: CanonicalLayout.name, collection: name, limit: 1)
        query.filters = [.idIn([id])]
        guard let row = try await catalog.index!.queryContent(query).first else {
            throw ServerError.notFound("\(name) has no item \(id) in \(content.head.project)/\(content.head.channel)")
        }
        guard let expand = parameters["expand"], !expand.isEmpty else {
            return answer(content, shaping.apply(to: row.body))
        }
        guard var object = ContentJSON.parse(row.body) as? [String: Any] else {
            throw ServerError(.internalServerError, "internal", "the stored item is not a JSON object")
        }
        for spec in expand.split(separator: ",") {
            let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
            let field = parts[0]
            guard ContentQuery.isSafeFieldName(field), let value = object[field] else {
                throw ServerError.badRequest(
                    "bad_expand", "expand names a field of the item; \(name) \(id) has no field \"\(field)\"")
            }
            let candidates = parts.count == 2 ? [parts[1]] : [field, field + "s", field + "es"]
            guard let target = candidates.first(where: { content.collections[CanonicalLayout.name]?.contains($0) == true }) else {
                throw ServerError.badRequest(
                    "bad_expand",
                    "no collection named \(candidates.map { "\"\($0)\"" }.joined(separator: " or ")) for \(field); "
                        + "say which with expand=\(field):COLLECTION")
            }
            func ids(_ value: Any) -> [String]? {
                switch value {
                case let text as String: [text]
                case let number as NSNumber: [number.stringValue]
                case let list as [Any]: list.compactMap { ids($0)?.first }
                default: nil
                }
            }
            guard let wanted = ids(value) else {
                throw ServerError.badRequest("bad_expand", "\(field) of \(name) \(id) holds no reference")
            }
            var lookup = ContentQuery(
                pack: content.head.pack, target: CanonicalLayout.name, collection: target, limit: max(wanted.count, 1))
            lookup.filters = [.idIn(wanted)]
            var found: [String: Any] = [:]
            for referenced in try await catalog.index!.queryContent(lookup) {
                found[referenced.id] = ContentJSON.parse(shaping.localize(referenced.body)) ?? NSNull()
            }
            if value is [Any] {
                object[field] = wanted.map { found[$0] ?? NSNull() }
            } else {
                object[field] = found[wanted[0]] ?? NSNull()
            }
        }
        return answer(content, shaping.apply(to: ContentJSON.serialize(object)))
    }

    /// `near=lat,lng` and `within=5km` (also `m`, or plain meters; default 5 km when only
    /// `near` is given) as a circle; 400 for anything out of range.
    static func circle(near: String?, within: String?) throws -> GeoCircle? {
        guard let near else {
            if within != nil { throw ServerError.badRequest("bad_near", "within needs near=LATITUDE,LONGITUDE") }
            return nil
        }
        let parts = near.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let lat = Double(parts[0].trimmingCharacters(in: .whitespaces)),
            let lng = Double(parts[1].trimmingCharacters(in: .whitespaces)), (-90...90).contains(lat), (-180...180).contains(lng)
        else {
            throw ServerError.badRequest(
                "bad_near", "near must be LATITUDE,LONGITUDE in decimal degrees (-90…90, -180…180), like near=52.3676,4.9041")
        }
        var radius = 5_000.0
        if let within {
            let text = within.trimmingCharacters(in: .whitespaces).lowercased()
            let (number, scale): (Substring, Double) =
                text.hasSuffix("km") ? (text.dropLast(2), 1_000) : text.hasSuffix("m") ? (text.dropLast(), 1) : (text[...], 1)
            guard let value = Double(number), value.isFinite else {
                throw ServerError.badRequest("bad_radius", "within must be a distance like 5km or 500m, not \"\(within)\"")
            }
            radius = value * scale
        }
        guard radius > 0, radius <= SphereGeo.maxRadius else {
            throw ServerError.badRequest(
                "bad_radius", "within must be above 0 and at most \(Int(SphereGeo.maxRadius / 1000)) km, not \(within ?? "")")
        }
        return GeoCircle(latitude: lat, longitude: lng, radius: radius)
    }
}

/// How an answer's items are reshaped: `fields=` keeps some top-level fields (and the id),
/// `locale=` turns localized texts (objects whose keys are the pack's locales) into one string.
struct ContentShaping {
    var fields: Set<String>?
    var locale: String?
    var locales: [String]
    /// The id field that `fields=` always keeps.
    var idField = "id"

    init(parameters: Hummingbird.Parameters, manifest: PackManifest) throws {
        locales = manifest.locales
        if let text = parameters["fields"], !text.isEmpty {
            fields = Set(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        if let locale = parameters["locale"].map(String.init) {
            guard manifest.locales.contains(locale) else {
                throw ServerError.badRequest(
                    "bad_locale", "locale \(locale) is not one of this pack's (\(manifest.locales.joined(separator: ", ")))")
            }
            self.locale = locale
        }
    }

    init(fields: Set<String>?, idField: String) {
        self.fields = fields
        self.idField = idField
        locales = []
    }

    var isIdentity: Bool { fields == nil && locale == nil }

    func apply(to body: String) -> String {
        guard !isIdentity, var object = ContentJSON.parse(body) as? [String: Any] else { return body }
        if let fields { object = object.filter { fields.contains($0.key) || $0.key == idField } }
        if locale != nil { object = object.mapValues(localized) }
        return ContentJSON.serialize(object)
    }

    func localize(_ body: String) -> String {
        guard locale != nil, let object = ContentJSON.parse(body) as? [String: Any] else { return body }
        return ContentJSON.serialize(object.mapValues(localized))
    }

    /// A locale map as the text of `locale`, else of the default locale, else any; other
    /// values with their nested objects and lists walked.
    func localized(_ value: Any) -> Any {
        guard let locale else { return value }
        if let map = value as? [String: Any], !map.isEmpty, map.keys.allSatisfy(locales.contains),
            map.values.allSatisfy({ $0 is String })
        {
            return map[locale] ?? locales.first.flatMap { map[$0] } ?? map.values.first!
        }
        if let map = value as? [String: Any] { return map.mapValues(localized) }
        if let list = value as? [Any] { return list.map(localized) }
        return value
    }
}
