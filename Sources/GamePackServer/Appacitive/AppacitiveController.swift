import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore

/// An Appacitive-compatible read API (REST v1.0, as the Appacitive iOS SDK speaks it) over the
/// `canonical` target of the pack an app's channel points at, for DealHunter
/// (`docs/contract-dealhunter.md`):
///
/// - `GET /v1.0/object/{type}/find/all` with `query` (the filter language,
///   `AppacitiveFilterParser`), `pnum`/`psize` (20 by default, at most 200), `orderBy`/`isAsc`,
///   `fields`, `freeText`; `GET /v1.0/object/{type}/{id}`; `GET /v1.0/object/{type}/multiget/{ids}`;
/// - `GET /v1.0/connection/{relation}/{type}/{id}/find` (`returnedge`, paging, `fields`);
/// - `POST /v1.0/user/authenticate`, `GET /v1.0/user/me` (with `Appacitive-User-Auth`);
/// - `GET /v1.0/file/download/{name}`: `{"uri"}` on the server's public URL, `/v1/files/<sha256>`.
///
/// Every request needs `Appacitive-Apikey` of a configured app and its `Appacitive-Environment`;
/// a session header, when sent, must be a current session of that app. Anything else under
/// `/v1.0/` (the writes) answers an Appacitive error. Answers and errors have Appacitive's
/// shapes (`AppacitiveResponse`).
struct AppacitiveController {
    let catalog: ContentCatalog
    let apps: [String: AppacitiveApp]
    let accounts: UserAccounts?
    /// The server's public base URL, read when a URL is handed out (see `ContentServer.publicURL`).
    let publicURL: @Sendable () -> String
    let objects: AppacitiveObjectCache
    let seeded = NIOLockedValueBox<[String: Task<Void, Error>]>([:])

    static let apiKeyHeader = HTTPField.Name("Appacitive-Apikey")!
    static let environmentHeader = HTTPField.Name("Appacitive-Environment")!
    /// The session header the iOS SDK sends (`APConstants.h`), and the one the REST docs name.
    static let sessionHeaders = [HTTPField.Name("Appacitive-User-Auth")!, HTTPField.Name("Appacitive-Usersession")!]
    /// Page sizes (Appacitive's reference: 20 by default, at most 200).
    static let defaultPageSize = 20
    static let maxPageSize = 200
    /// The deepest a page may start (`pnum` × `psize`).
    static let maxSkip = 1_000_000

    /// The SDK's other routes (writes, graph queries, sign-up) and the methods not served on
    /// the routes above: they answer an Appacitive error rather than Hummingbird's 404. The
    /// router matches the most specific path, so each depth is listed.
    static let unsupported: [(String, [HTTPRequest.Method])] = {
        let all: [HTTPRequest.Method] = [.get, .post, .put, .delete, .patch]
        let writes: [HTTPRequest.Method] = [.post, .put, .delete, .patch]
        return [
            ("/v1.0/**", all), ("/v1.0/object/:type", all), ("/v1.0/object/:type/:id", writes),
            ("/v1.0/object/:type/find/all", writes), ("/v1.0/object/:type/multiget/:ids", writes),
            ("/v1.0/connection/:relation", all), ("/v1.0/connection/:relation/:type", all),
            ("/v1.0/connection/:relation/:type/:id/find", writes), ("/v1.0/user/:id", all),
            ("/v1.0/user/authenticate", [.get, .put, .delete, .patch]), ("/v1.0/user/me", writes),
            ("/v1.0/file/download/:name", writes),
        ]
    }()

    init(catalog: ContentCatalog, apps: [AppacitiveApp], accounts: UserAccounts?, publicURL: @escaping @Sendable () -> String) {
        self.catalog = catalog
        self.apps = Dictionary(apps.map { ($0.apiKey, $0) }, uniquingKeysWith: { first, _ in first })
        self.accounts = accounts
        self.publicURL = publicURL
        objects = AppacitiveObjectCache(catalog: catalog)
    }

    var routes: RouteCollection<BasicRequestContext> {
        let routes = RouteCollection(context: BasicRequestContext.self)
        routes.get("/v1.0/object/:type/find/all") { request, context in
            await answer(request, context) { app in try await find(request, context, app) }
        }
        routes.get("/v1.0/object/:type/multiget/:ids") { request, context in
            await answer(request, context) { app in try await multiget(request, context, app) }
        }
        routes.get("/v1.0/object/:type/:id") { request, context in
            await answer(request, context) { app in try await object(request, context, app) }
        }
        routes.get("/v1.0/connection/:relation/:type/:id/find") { request, context in
            await answer(request, context) { app in try await connected(request, context, app) }
        }
        routes.get("/v1.0/file/download/:name") { request, context in
            await answer(request, context) { app in try await download(request, context, app) }
        }
        routes.post("/v1.0/user/authenticate") { request, context in
            await answer(request, context, session: false) { app in try await authenticateUser(request, context, app) }
        }
        routes.get("/v1.0/user/me") { request, context in
            await answer(request, context) { app in try await currentUser(request, app) }
        }
        for (path, methods) in Self.unsupported {
            for method in methods {
                routes.on(RouterPath(path), method: method) { request, context in
                    await answer(request, context) { _ in
                        throw AppacitiveError(
                            method == .get ? .notFound : .methodNotAllowed, "Not supported",
                            detail: "gamepack serves published content read-only: \(method) \(request.uri.path) is not offered")
                    }
                }
            }
        }
        return routes
    }

    /// Checks the app and the session, runs `body`, and turns every error into Appacitive's shape.
    func answer(
        _ request: Request, _ context: BasicRequestContext, session: Bool = true,
        _ body: (AppacitiveApp) async throws -> Response
    ) async -> Response {
        do {
            let app = try authenticate(request)
            if session { _ = try await sessionAccount(request, app) }
            return try await body(app)
        } catch let error as AppacitiveError {
            return error.response
        } catch let error as ServerError where error.status == .badRequest || error.status == .contentTooLarge {
            return AppacitiveError(error.status, "Bad request: \(error.message)", detail: error.message).response
        } catch let error as ServerError where error.status == .notFound {
            return AppacitiveError.notFound(error.message).response
        } catch {
            context.logger.error("appacitive request failed", metadata: ["error": "\(String(reflecting: error))"])
            return AppacitiveError(.internalServerError, "Internal server error", detail: "see the server's log").response
        }
    }

    /// The app whose `Appacitive-Apikey` this is, when its `Appacitive-Environment` matches.
    func authenticate(_ request: Request) throws -> AppacitiveApp {
        guard let key = request.headers[Self.apiKeyHeader], let app = apps[key],
            UploadTokens.constantTimeEqual(key, app.apiKey)
        else {
            throw AppacitiveError(
                .unauthorized, "Invalid api key",
                detail: "send Appacitive-Apikey with an api key configured in the server's --appacitive-apps file")
        }
        let environment = request.headers[Self.environmentHeader] ?? ""
        guard environment.lowercased() == app.environment.lowercased() else {
            throw AppacitiveError(
                .unauthorized, "Invalid environment",
                detail: "this api key answers the \(app.environment) environment, not '\(environment)' (Appacitive-Environment)")
        }
        return app
    }

    /// The account of the request's session header; nil without one; 401 for an expired or
    /// unknown session.
    func sessionAccount(_ request: Request, _ app: AppacitiveApp) async throws -> Account? {
        guard let token = Self.sessionHeaders.lazy.compactMap({ request.headers[$0] }).first else { return nil }
        guard let accounts else {
            throw AppacitiveError(.unauthorized, "Invalid session", detail: "this server keeps no user sessions")
        }
        switch try await accounts.session(token, realm: app.realm) {
        case .valid(let account): return account
        case .expired:
            throw AppacitiveError(.unauthorized, "Session expired", detail: "the user session has expired; authenticate again")
        case .unknown:
            throw AppacitiveError(.unauthorized, "Invalid session", detail: "the user session token is not one this app issued")
        }
    }

    /// The content the app's channel serves now.
    func content(_ app: AppacitiveApp) async throws -> ChannelContent {
        do {
            return try await catalog.content(project: app.project, channel: app.channel)
        } catch let error as ServerError where error.status == .notFound {
            throw AppacitiveError.notFound("nothing is published on \(app.project)/\(app.channel) yet")
        }
    }

    /// The objects of `type`; 404 for a type the app does not declare or its pack lacks.
    func collection(_ type: String, _ app: AppacitiveApp, _ content: ChannelContent) async throws -> AppacitiveCollection {
        guard let name = app.types[type] else {
            throw AppacitiveError.notFound(
                "type \(type) is not one of this app's types (\(app.types.keys.sorted().joined(separator: ", ")))")
        }
        guard content.collections[CanonicalLayout.name]?.contains(name) == true else {
            throw AppacitiveError.notFound(
                "type \(type): \(app.project)/\(app.channel) has no canonical collection \(name) (build the pack with the canonical target)"
            )
        }
        return try await objects.collection(content, collection: name, type: type)
    }
}
