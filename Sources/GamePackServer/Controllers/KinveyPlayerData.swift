import Foundation
import HTTPTypes
import Hummingbird

/// The collections a Kinvey app declares as player data (`KinveyApp.playerData`): users write
/// their own entities (`POST /appdata/{appKey}/{collection}`, `PUT …/{id}`, `DELETE …/{id}`),
/// stored in the server's database with `_acl.creator` (the user's `_id`: only they change
/// the entity; another user gets 403) and `_kmd` (`ect`, `lmt`); reads follow the collection's
/// `read` (`all` or `creator`). `GET …/{collection}?query=…` answers equality on fields
/// (dotted paths allowed; `null` also matches a missing field) with `skip` and `limit`;
/// `documents` gives the readable entities as JSON objects for a fuller query engine.
struct KinveyPlayerData {
    let store: any PlayerStore
    let auth: KinveyAuthenticator
    /// The most entities one read considers.
    static let readLimit = 50_000

    /// The answer for a request on a player collection; nil when `collection` is not one (or
    /// the app key is unknown: the content routes answer that).
    func answer(_ request: Request, app: KinveyApp?, collection: String, id: String?) async throws -> Response? {
        guard let app, let settings = app.playerData?[collection] else { return nil }
        let principal = try await auth.principal(request, app: app)
        switch request.method {
        case .get where id == "_count":
            let count = try await documents(app: app, collection: collection, settings, principal, request).count
            return KinveyController.json(#"{"count":\#(count)}"#)
        case .get:
            if let id { return try await one(app: app, collection: collection, id: id, settings, principal) }
            return try await list(app: app, collection: collection, settings, principal, request)
        case .post where id == nil, .put where id != nil:
            return try await write(request, app: app, collection: collection, id: id, user: principal.requireUser("a write"))
        case .delete where id != nil:
            return try await delete(request, app: app, collection: collection, id: id!, user: principal.requireUser("a delete"))
        default:
            throw HTTPError(.methodNotAllowed)
        }
    }

    /// The entities `principal` may read, as Kinvey answers them (JSON objects' texts), that
    /// match the request's `query`, oldest first.
    func documents(
        app: KinveyApp, collection: String, _ settings: KinveyPlayerCollection, _ principal: KinveyPrincipal,
        _ request: Request
    ) async throws -> [String] {
        var creator: String?
        if settings.read == .creator { creator = try principal.requireUser("reading \(collection)").id }
        let conditions = try Self.conditions(KinveyController.formParameters(request)["query"])
        let entities = try await store.entities(app: app.appKey, collection: collection, creator: creator, limit: Self.readLimit)
        return entities.compactMap { entity in
            let text = Self.document(entity, settings)
            guard !conditions.isEmpty else { return text }
            guard let object = ContentJSON.parse(text) as? [String: Any] else { return nil }
            return conditions.allSatisfy { Self.matches(object, $0) } ? text : nil
        }
    }

    func list(
        app: KinveyApp, collection: String, _ settings: KinveyPlayerCollection, _ principal: KinveyPrincipal,
        _ request: Request
    ) async throws -> Response {
        let parameters = KinveyController.formParameters(request)
        var found = try await documents(app: app, collection: collection, settings, principal, request)
        if let text = parameters["skip"] {
            guard let skip = Int(text), skip >= 0 else { throw KinveyError.syntax("skip must be a whole number, not \(text)") }
            found = Array(found.dropFirst(skip))
        }
        if let text = parameters["limit"] {
            guard let limit = Int(text), limit >= 0 else { throw KinveyError.syntax("limit must be a whole number, not \(text)") }
            if limit > 0 { found = Array(found.prefix(limit)) }
        }
        return KinveyController.json("[" + found.joined(separator: ",") + "]")
    }

    func one(
        app: KinveyApp, collection: String, id: String, _ settings: KinveyPlayerCollection, _ principal: KinveyPrincipal
    ) async throws -> Response {
        let found = try await store.entity(app: app.appKey, collection: collection, id: id)
        guard let found else {
            throw KinveyError(
                .notFound, "EntityNotFound", "This entity not found in the collection", debug: "\(collection) has no entity \(id)"
            )
        }
        if settings.read == .creator, try principal.requireUser("reading \(collection)").id != found.creator {
            throw KinveyError.notYours("entity \(id) of \(collection) belongs to another user")
        }
        return KinveyController.json(Self.document(found, settings))
    }

    /// `POST` (a new entity; an `_id` in the body is kept) or `PUT …/{id}` (created or replaced).
    func write(_ request: Request, app: KinveyApp, collection: String, id: String?, user: Account) async throws
        -> Response
    {
        var body = try await KinveyBody.object(request, limit: app.caps.maxBody)
        body.removeValue(forKey: "_acl")
        body.removeValue(forKey: "_kmd")
        let entityID = id ?? (body["_id"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? KinveyTime.randomHex(12)
        guard entityID.utf8.count <= 256, !entityID.contains("\u{0}") else {
            throw KinveyError(.badRequest, "BadRequest", "The entity id is not acceptable", debug: "an _id has 1 to 256 bytes")
        }
        body["_id"] = entityID
        let now = KinveyTime.now()
        let entity = PlayerEntity(
            app: app.appKey, collection: collection, id: entityID, creator: user.id, body: ContentJSON.serialize(body),
            created: now, modified: now)
        switch try await store.writeEntity(entity, maxPerUser: app.caps.maxEntities) {
        case .created:
            return KinveyController.json(Self.document(entity, app.playerData![collection]!), status: .created)
        case .replaced:
            let stored = try await store.entity(app: app.appKey, collection: collection, id: entityID) ?? entity
            return KinveyController.json(Self.document(stored, app.playerData![collection]!))
        case .notCreator:
            throw KinveyError.notYours("entity \(entityID) of \(collection) belongs to another user")
        case .overQuota:
            throw KinveyError.tooLarge("a user keeps at most \(app.caps.maxEntities) entities in app \(app.appKey)")
        }
    }

    /// `DELETE …/{id}`: 204 for KinveyKit 1.x (API version 0), else 200 `{"count": 1}`.
    func delete(_ request: Request, app: KinveyApp, collection: String, id: String, user: Account) async throws
        -> Response
    {
        switch try await store.deleteEntity(app: app.appKey, collection: collection, id: id, creator: user.id) {
        case .deleted:
            if request.headers[KinveyMiddleware<BasicRequestContext>.apiVersion] == "0" { return Response(status: .noContent) }
            return KinveyController.json(#"{"count":1}"#)
        case .notFound:
            throw KinveyError(
                .notFound, "EntityNotFound", "This entity not found in the collection", debug: "\(collection) has no entity \(id)"
            )
        case .notCreator:
            throw KinveyError.notYours("entity \(id) of \(collection) belongs to another user")
        }
    }

    /// An entity as Kinvey answers it: its fields, `_acl` and `_kmd`.
    static func document(_ entity: PlayerEntity, _ settings: KinveyPlayerCollection) -> String {
        ContentJSON.appending(
            [
                #""_acl":{"creator":\#(ServerError.jsonString(entity.creator)),"gr":\#(settings.read == .all),"gw":false}"#,
                #""_kmd":{"lmt":"\#(entity.modified)","ect":"\#(entity.created)"}"#,
            ], to: entity.body)
    }

    /// A field path and the JSON value it must equal.
    struct Condition {
        var path: [String]
        var value: String
    }

    /// The equality conditions of a `query` (a JSON object of field → value); operators are
    /// refused as unsupported here.
    static func conditions(_ text: String?) throws -> [Condition] {
        guard let text, !text.isEmpty else { return [] }
        guard let object = ContentJSON.parse(text) as? [String: Any] else {
            throw KinveyError.syntax("query must be a JSON object")
        }
        return try object.map { key, value in
            if key.hasPrefix("$") { throw KinveyError.unsupported(key) }
            if let inner = value as? [String: Any], let op = inner.keys.first(where: { $0.hasPrefix("$") }) {
                throw KinveyError.unsupported(op)
            }
            return Condition(path: key.split(separator: ".").map(String.init), value: ContentJSON.serialize(value))
        }
    }

    static func matches(_ object: [String: Any], _ condition: Condition) -> Bool {
        var current: Any? = object
        for name in condition.path { current = (current as? [String: Any])?[name] }
        guard let current, !(current is NSNull) else { return condition.value == "null" }
        return ContentJSON.serialize(current) == condition.value
    }
}
