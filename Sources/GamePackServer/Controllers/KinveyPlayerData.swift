import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird

/// The collections a Kinvey app declares as player data (`KinveyApp.playerData`): users write
/// their own entities (`POST /appdata/{appKey}/{collection}`, `PUT …/{id}`, `DELETE …/{id}`),
/// stored in the server's database with `_acl.creator` (the user's `_id`: only they change
/// the entity; another user gets 403) and `_kmd` (`ect`, `lmt`); reads follow the collection's
/// `read` (`all` or `creator`). `GET …/{collection}` and `…/_count` answer the same query
/// language as the content collections (`KinveyFind`: operators, geo, `sort`, `skip`,
/// `limit`, `fields`) over the entities the caller may read.
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
            return try await count(app: app, collection: collection, settings, principal, request)
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

    /// The entities `principal` may read, as Kinvey answers them (JSON texts and values), that
    /// `find` matches, in its order (oldest first unless sorted or near a point).
    func matching(
        _ find: KinveyFind, app: KinveyApp, collection: String, _ settings: KinveyPlayerCollection,
        _ principal: KinveyPrincipal
    ) async throws -> [(text: String, value: KinveyValue)] {
        var creator: String?
        if settings.read == .creator { creator = try principal.requireUser("reading \(collection)").id }
        let entities = try await store.entities(app: app.appKey, collection: collection, creator: creator, limit: Self.readLimit)
        return try find.matching(
            entities.map { entity in
                let text = Self.document(entity, settings)
                return (text, (try? KinveyJSONParser.parse(text, maxDepth: KinveyController.maxEntityDepth)) ?? .object([]))
            })
    }

    /// `GET …/{collection}`: the page `query`, `sort`, `skip`, `limit` and `fields` ask for.
    func list(
        app: KinveyApp, collection: String, _ settings: KinveyPlayerCollection, _ principal: KinveyPrincipal,
        _ request: Request
    ) async throws -> Response {
        let find = try KinveyFind(KinveyController.formParameters(request), maxLimit: KinveyController.maxLimit)
        let found = try await matching(find, app: app, collection: collection, settings, principal)
        return KinveyController.json("[" + find.page(found).joined(separator: ",") + "]")
    }

    /// `GET …/{collection}/_count`: `{"count": N}` for the `query`.
    func count(
        app: KinveyApp, collection: String, _ settings: KinveyPlayerCollection, _ principal: KinveyPrincipal,
        _ request: Request
    ) async throws -> Response {
        var parameters = KinveyController.formParameters(request)
        parameters["sort"] = nil
        parameters["fields"] = nil
        let find = try KinveyFind(parameters, maxLimit: KinveyController.maxLimit)
        let found = try await matching(find, app: app, collection: collection, settings, principal)
        return KinveyController.json(#"{"count":\#(found.count)}"#)
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
                #""_acl":{"creator":\#(JSONStringLiteral.quoted(entity.creator)),"gr":\#(settings.read == .all),"gw":false}"#,
                #""_kmd":{"lmt":"\#(entity.modified)","ect":"\#(entity.created)"}"#,
            ], to: entity.body)
    }
}
