import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird
import NIOCore

/// A Kinvey-compatible read API over the `kinvey` target of the pack an app's channel points
/// at, for Kinvey-era clients (Whack-A-VC): `GET /appdata/{appKey}` (handshake),
/// `GET /appdata/{appKey}/{collection}` with `query` (MongoDB's query language, `KinveyFind`),
/// `limit`, `skip`, `sort`, `fields`; `…/{collection}/_count`; `GET /appdata/{appKey}/{collection}/{_id}`;
/// `GET /blob/{appKey}/{_id}` (file metadata with `_downloadURL`) and `GET /blob/{appKey}?query=…`;
/// `GET /blob/{appKey}/download-loc/{resourceName}` (a redirect to the file). Entities carry
/// `_acl` and `_kmd` (`lmt`: when the entity's content hash was first published; `ect`: when
/// its id was). Reads take HTTP Basic `appKey:appSecret` or a user's credentials
/// (`KinveyAuthenticator`); content collections answer writes with 405, player collections
/// (`KinveyPlayerData`) take them. Errors use Kinvey's shape, `{"error", "description", "debug"}`
/// (`KinveyMiddleware` adds the headers every answer carries).
struct KinveyController {
    let catalog: ContentCatalog
    let apps: [String: KinveyApp]
    let auth: KinveyAuthenticator
    let players: KinveyPlayerData
    /// Where uploaded files' bytes go (`v1/files/<sha256>`).
    let blobs: any BlobStore
    /// The base URL `_downloadURL`s start with (`ContentServer.publicURL()`).
    let publicBase: @Sendable () -> String

    /// What the handshake reports as the API version.
    static let apiVersion = "3.9.28"
    /// Kinvey's own cap on a query's results.
    static let maxLimit = 10_000
    /// Meters in a (statute) mile: Kinvey's `$maxDistance` unit. Kinvey's REST guide to location
    /// queries (https://devcenter.kinvey.com/rest/guides/location) limits `$nearSphere` with
    /// "a `$maxDistance` parameter and passing a value in miles", and the Kinvey JavaScript SDK's
    /// `Query.near(field, coord, maxDistance)` ("The maximum distance (miles)") puts its
    /// argument into `$maxDistance` unchanged (Kinvey/js-sdk, src/query.js): the number on the
    /// wire is miles, not MongoDB's radians or meters.
    static let metersPerMile = 1_609.344

    init(
        catalog: ContentCatalog, apps: [KinveyApp], store: any PlayerStore, accounts: UserAccounts?, blobs: any BlobStore,
        publicURL: @escaping @Sendable () -> String
    ) {
        self.blobs = blobs
        self.catalog = catalog
        self.apps = Dictionary(apps.map { ($0.appKey, $0) }, uniquingKeysWith: { first, _ in first })
        auth = KinveyAuthenticator(accounts: accounts)
        players = KinveyPlayerData(store: store, auth: auth)
        publicBase = publicURL
    }

    /// The public base URL without a trailing slash.
    var publicURL: String {
        var text = publicBase()
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// The player-data answer for a request on `/appdata/{appKey}/{collection}[/{id}]`; nil
    /// when the collection is the pack's.
    func player(_ request: Request, _ context: BasicRequestContext) async throws -> Response? {
        guard let key = context.parameters.get("appKey"), let collection = context.parameters.get("collection") else {
            return nil
        }
        return try await players.answer(request, app: apps[key], collection: collection, id: context.parameters.get("id"))
    }

    var routes: RouteCollection<BasicRequestContext> {
        let routes = RouteCollection(context: BasicRequestContext.self)
        routes.get("/appdata/:appKey") { request, context in
            await kinvey(request, context) { app, _ in try await handshake(app) }
        }
        routes.get("/appdata/:appKey/:collection") { request, context in
            if let answer = try await player(request, context) { return answer }
            return await kinvey(request, context) { app, content in try await list(request, context, app, content) }
        }
        routes.get("/appdata/:appKey/:collection/:id") { request, context in
            if let answer = try await player(request, context) { return answer }
            if context.parameters.get("id") == "_count" {
                return await kinvey(request, context) { app, content in try await count(request, context, app, content) }
            }
            return await kinvey(request, context) { app, content in try await entity(request, context, app, content) }
        }
        routes.get("/blob/:appKey") { request, context in
            await kinvey(request, context) { app, content in try await blobs(request, context, app, content, id: nil) }
        }
        routes.get("/blob/:appKey/:id") { request, context in
            await kinvey(request, context) { app, content in
                try await blobs(request, context, app, content, id: try context.parameters.require("id"))
            }
        }
        routes.get("/blob/:appKey/download-loc/**") { request, context in
            await kinvey(request, context) { app, content in try await downloadLocation(context, app, content) }
        }
        routes.get("/blob/:appKey/upload-loc/**") { request, context in
            await kinvey(request, context) { app, content in try await uploadLocation(request, context, app, content) }
        }
        routes.put("/blob/:appKey/upload/:id") { request, context in try await upload(request, context) }
        for path in [
            "/appdata/:appKey", "/appdata/:appKey/:collection", "/appdata/:appKey/:collection/:id", "/blob/:appKey",
            "/blob/:appKey/:id",
        ] {
            for method in [HTTPRequest.Method.post, .put, .patch, .delete] {
                routes.on(RouterPath(path), method: method) { request, context in
                    if let answer = try await player(request, context) { return answer }
                    return await kinvey(request, context) { _, _ in
                        throw KinveyError(
                            .methodNotAllowed, "MethodNotAllowed", "The method is not allowed for this resource",
                            debug: "this collection is published content, read-only; \(request.method) is not allowed")
                    }
                }
            }
        }
        return routes
    }

    /// Authenticates the app, resolves its content, and turns every error into Kinvey's shape.
    func kinvey(
        _ request: Request, _ context: BasicRequestContext,
        _ body: (KinveyApp, @escaping @Sendable () async throws -> ChannelContent) async throws -> Response
    ) async -> Response {
        do {
            let app = try await authenticate(request, context)
            let resolve: @Sendable () async throws -> ChannelContent = { [catalog] in
                do {
                    return try await catalog.content(project: app.project, channel: app.channel)
                } catch let error as ServerError where error.status == .notFound {
                    throw KinveyError(
                        .notFound, "CollectionNotFound", "This collection not found for this app backend",
                        debug: "nothing is published on \(app.project)/\(app.channel) yet")
                }
            }
            return try await body(app, resolve)
        } catch let error as KinveyError {
            return error.response
        } catch let error as ServerError where error.status == .badRequest {
            // A query the store refuses (too many filters, a NUL in a value): the client's syntax.
            return KinveyError.syntax(error.message).response
        } catch let error as ServerError {
            return KinveyError(
                error.status, "KinveyInternalErrorRetry",
                "The Kinvey server encountered an unexpected error. Please retry your request", debug: error.message
            ).response
        } catch {
            context.logger.error("kinvey request failed", metadata: ["error": "\(String(reflecting: error))"])
            return KinveyError(
                .internalServerError, "KinveyInternalErrorRetry",
                "The Kinvey server encountered an unexpected error. Please retry your request", debug: ""
            ).response
        }
    }

    /// The app whose key is in the path, when the request carries its key and secret or the
    /// credentials of one of its users (`KinveyAuthenticator`).
    func authenticate(_ request: Request, _ context: BasicRequestContext) async throws -> KinveyApp {
        let key = try context.parameters.require("appKey")
        guard let app = apps[key] else {
            throw KinveyAuthenticator.refused(
                "send HTTP Basic appKey:appSecret as configured in the server's --kinvey-apps file")
        }
        _ = try await auth.principal(request, app: app)
        return app
    }

    /// The handshake: every value a string, as the Swift SDK requires (`version`, `kinvey`,
    /// `appName`, `environmentName`).
    func handshake(_ app: KinveyApp) async throws -> Response {
        let name = app.name ?? app.project
        return Self.json(
            #"{"version":"\#(Self.apiVersion)","kinvey":\#(JSONStringLiteral.quoted("hello " + name)),"appName":\#(JSONStringLiteral.quoted(name)),"environmentName":\#(JSONStringLiteral.quoted(app.environment ?? "Production"))}"#
        )
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-cache"]
        headers[HTTPField.Name("X-Kinvey-API-Version")!] = "3"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// The pack collection and field renames for a Kinvey collection name; 404 when the pack has none.
    func collection(_ name: String, _ app: KinveyApp, _ content: ChannelContent) throws -> (String, [String: String]) {
        let packName = app.collections?[name] ?? name
        guard content.collections[KinveyLayout.name]?.contains(packName) == true else {
            throw KinveyError(
                .notFound, "CollectionNotFound", "This collection not found for this app backend",
                debug: "\(app.project)/\(app.channel) has no kinvey collection \(name)"
                    + (content.collections[KinveyLayout.name]?.isEmpty ?? true
                        ? " (its pack was not built with the kinvey target)" : ""))
        }
        return (packName, app.fields?[name] ?? [:])
    }

    /// The query string as a form: `+` is a space (as Kinvey's SDKs and Python's requests
    /// encode JSON in `query=`), then percent-decoding. The last of repeated names wins.
    static func formParameters(_ request: Request) -> [String: String] {
        var result: [String: String] = [:]
        for pair in (request.uri.query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in FormDecoding.decode(text, plusAsSpace: true) ?? String(text) }
            result[decode(parts[0])] = parts.count == 2 ? decode(parts[1]) : ""
        }
        return result
    }

    static func shaping(_ parameters: [String: String], renames: [String: String]) throws -> ContentShaping? {
        guard let text = parameters["fields"], !text.isEmpty else { return nil }
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return ContentShaping(fields: Set(names + ["_acl", "_kmd"]), idField: "_id")
    }

    func entity(
        _ request: Request, _ context: BasicRequestContext, _ app: KinveyApp, _ resolve: () async throws -> ChannelContent
    )
        async throws -> Response
    {
        let name = try context.parameters.require("collection")
        let id = try context.parameters.require("id")
        let content = try await resolve()
        let (packName, renames) = try collection(name, app, content)
        var query = ContentQuery(pack: content.head.pack, target: KinveyLayout.name, collection: packName, limit: 1)
        query.filters = [.idIn([id])]
        guard let row = try await catalog.index!.queryContent(query).first else {
            throw KinveyError(
                .notFound, "EntityNotFound", "This entity not found in the collection", debug: "\(name) has no entity \(id)")
        }
        let shaping = try Self.shaping(Self.formParameters(request), renames: renames)
        return Self.json(
            entity(row, app: app, content: content, renames: renames, shaping: shaping, collection: packName, request: request))
    }

    /// An entity as Kinvey returns it: the pack's fields (renamed to the game's names), `_geoloc`
    /// ([longitude, latitude]) for an item with a geo point, `_acl` and `_kmd`.
    func entity(
        _ row: ContentRow, app: KinveyApp, content: ChannelContent, renames: [String: String], shaping: ContentShaping?,
        collection: String, request: Request
    ) -> String {
        var body = row.body
        let defaults = app.defaults?[kinveyName(of: collection, app)] ?? [:]
        if !renames.isEmpty || !defaults.isEmpty || collection == KinveyLayout.metadataCollection,
            var object = ContentJSON.parse(body) as? [String: Any]
        {
            for (kinveyName, packName) in renames {
                if let value = object.removeValue(forKey: packName) { object[kinveyName] = value }
            }
            for (name, value) in defaults where object[name] == nil || object[name] is NSNull { object[name] = value }
            // The blob metadata's lastModified is when this resource's content was first
            // published, so an unchanged resource keeps it and a replaced one moves on.
            if collection == KinveyLayout.metadataCollection, object["lastModified"] != nil {
                object["lastModified"] = Self.metaDataTime(row.modified, app)
            }
            body = ContentJSON.serialize(object)
        }
        var members: [String] = []
        if let lat = row.latitude, let lng = row.longitude, !ContentJSON.contains(body, "\"_geoloc\":") {
            members.append("\"_geoloc\":[\(ContentJSON.number(lng)),\(ContentJSON.number(lat))]")
        }
        members.append(#""_acl":{"creator":\#(JSONStringLiteral.quoted(app.project)),"gr":true,"gw":false}"#)
        members.append(#""_kmd":{"lmt":"\#(Self.kinveyTime(row.modified))","ect":"\#(Self.kinveyTime(row.created))"}"#)
        body = ContentJSON.appending(members, to: body)
        if let shaping { body = shaping.apply(to: body) }
        return body
    }

    /// Kinvey's time format: ISO 8601 UTC with milliseconds.
    static func kinveyTime(_ text: String) -> String {
        text.hasSuffix("Z") && !text.utf8.contains(UInt8(ascii: ".")) ? String(text.dropLast()) + ".000Z" : text
    }

    /// `GET /blob/{appKey}/{id}` (one file's metadata) or `GET /blob/{appKey}?query=…` (a list),
    /// from `kinvey/metaData.json`: `_id`, `_filename`, `size`, `mimeType`, `_public`,
    /// `_downloadURL` (this server's `/v1/files/<sha256>`), `_expiresAt`, `md5`, `sha256`, `_acl`, `_kmd`.
    func blobs(
        _ request: Request, _ context: BasicRequestContext, _ app: KinveyApp, _ resolve: () async throws -> ChannelContent,
        id: String?
    ) async throws -> Response {
        let content = try await resolve()
        guard content.collections[KinveyLayout.name]?.contains(KinveyLayout.metadataCollection) == true else {
            throw KinveyError(
                .notFound, "BlobNotFound", "This blob not found for this app backend",
                debug: "the pack has no \(KinveyLayout.path(collection: KinveyLayout.metadataCollection))")
        }
        var query = ContentQuery(
            pack: content.head.pack, target: KinveyLayout.name, collection: KinveyLayout.metadataCollection, limit: Self.maxLimit)
        if let id {
            query.filters = [.idIn([id])]
        } else if let text = Self.formParameters(request)["query"] {
            try KinveyQuery.apply(text, renames: ["_filename": "resourceName"], to: &query)
        }
        if let text = Self.formParameters(request)["limit"], let limit = Int(text) {
            query.limit = min(max(limit, 1), Self.maxLimit)
        }
        let rows = try await catalog.index!.queryContent(query)
        let base = publicURL
        let files = rows.compactMap { row -> String? in
            guard let object = ContentJSON.parse(row.body) as? [String: Any], let sha = object["sha256"] as? String,
                let name = object["resourceName"] as? String
            else { return nil }
            var file: [String: Any] = [
                "_id": row.id, "_filename": name, "_public": true, "mimeType": Self.mimeType(name),
                "_downloadURL": "\(base)/v1/files/\(sha)", "_expiresAt": "2100-01-01T00:00:00.000Z",
                "sha256": sha, "md5": object["md5"] ?? "", "size": object["size"] ?? 0,
                "_acl": ["creator": app.project, "gr": true, "gw": false],
                "_kmd": ["lmt": Self.kinveyTime(row.modified), "ect": Self.kinveyTime(row.created)],
            ]
            file["lastModified"] = Self.kinveyTime(row.modified)
            return ContentJSON.serialize(file)
        }
        if id != nil {
            guard let file = files.first else {
                throw KinveyError(.notFound, "BlobNotFound", "This blob not found for this app backend", debug: "no file \(id!)")
            }
            return Self.json(file)
        }
        return Self.json("[" + files.joined(separator: ",") + "]")
    }

    /// The `mimeType` of a blob named `name`, by its extension (`MediaTypes`). A GIF stays
    /// `application/octet-stream`, as this API has always reported it (Whack-A-VC's store held none).
    static func mimeType(_ name: String) -> String {
        let fileExtension = name.split(separator: ".").last?.lowercased() ?? ""
        return fileExtension == "gif" ? MediaTypes.unknown : MediaTypes.of(fileExtension: fileExtension)
    }
}

/// An error in Kinvey's shape: `{"error": name, "description": text, "debug": detail}`.
struct KinveyError: Error {
    var status: HTTPResponse.Status
    var name: String
    var description: String
    var debug: String

    init(_ status: HTTPResponse.Status, _ name: String, _ description: String, debug: String) {
        self.status = status
        self.name = name
        self.description = description
        self.debug = debug
    }

    static func syntax(_ debug: String) -> KinveyError {
        KinveyError(.badRequest, "InvalidQuerySyntax", "The query string in the request has an invalid syntax", debug: debug)
    }

    static func unsupported(_ operator: String) -> KinveyError {
        KinveyError(
            .badRequest, "InvalidQuerySyntax",
            "The query string in the request has an invalid syntax: gamepack does not support \(`operator`)",
            debug: "\(`operator`) is not supported; gamepack answers \(KinveyFind.supported)")
    }

    var response: Response {
        KinveyController.json(
            #"{"error":\#(JSONStringLiteral.quoted(name)),"description":\#(JSONStringLiteral.quoted(description)),"debug":\#(JSONStringLiteral.quoted(debug))}"#,
            status: status)
    }
}
