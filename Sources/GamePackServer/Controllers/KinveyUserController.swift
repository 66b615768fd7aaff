import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird

/// Kinvey's user routes, for the implicit users KinveyKit 1.x and the later SDKs create:
/// `POST /user/{appKey}` (the app's credentials; `username`/`password` optional, generated
/// when absent and the password then answered once, in clear), `POST /user/{appKey}/login`,
/// `POST /user/{appKey}/_logout`, `GET /user/{appKey}` (the caller, as a one-element array: the
/// collection root KinveyKit 1.3 asks for), `GET /user/{appKey}/_me` and `/{own _id}`, and `PUT`
/// of the caller's own attributes. Users answer with `_id`, `username`, their attributes,
/// `_acl.creator` and `_kmd` (`lmt`, `ect`, and `authtoken` when a session starts); never a
/// stored password. Accounts and sessions are `UserAccounts`' (realm `kinvey:<appKey>`).
struct KinveyUserController {
    let apps: [String: KinveyApp]
    let auth: KinveyAuthenticator

    var routes: RouteCollection<BasicRequestContext> {
        let routes = RouteCollection(context: BasicRequestContext.self)
        routes.post("/user/:appKey") { request, context in try await create(request, app(context)) }
        routes.post("/user/:appKey/:id") { request, context in
            let app = try app(context)
            switch try context.parameters.require("id") {
            case "login": return try await login(request, app)
            case "_logout": return try await logout(request, app)
            default: throw HTTPError(.methodNotAllowed)
            }
        }
        routes.get("/user/:appKey") { request, context in
            let app = try app(context)
            let me = try await auth.principal(request, app: app).requireUser("GET /user")
            return KinveyController.json("[" + Self.json(me) + "]")
        }
        routes.get("/user/:appKey/:id") { request, context in
            let app = try app(context)
            let me = try await auth.principal(request, app: app).requireUser("GET /user")
            let id = try context.parameters.require("id")
            guard id == "_me" || id == me.id else { throw KinveyError.notYours("user \(id) is not the caller") }
            return KinveyController.json(Self.json(me))
        }
        routes.put("/user/:appKey") { request, context in try await update(request, app(context), id: nil) }
        routes.put("/user/:appKey/:id") { request, context in
            try await update(request, app(context), id: try context.parameters.require("id"))
        }
        return routes
    }

    func app(_ context: BasicRequestContext) throws -> KinveyApp {
        let key = try context.parameters.require("appKey")
        guard let app = apps[key] else { throw KinveyAuthenticator.refused("no Kinvey app \(key) on this server") }
        return app
    }

    /// `POST /user/{appKey}`: a new user, 201, with a session.
    func create(_ request: Request, _ app: KinveyApp) async throws -> Response {
        guard case .app = try await auth.principal(request, app: app) else {
            throw KinveyError.notYours("a user is created with the app's credentials")
        }
        var body = try await KinveyBody.object(request, limit: app.caps.maxBody)
        let username = body["username"] as? String ?? UUID().uuidString.lowercased()
        let given = body["password"] as? String
        let password = given ?? UUID().uuidString.lowercased()
        guard !username.isEmpty, username.utf8.count <= 256, password.utf8.count <= 1024 else {
            throw KinveyError(
                .badRequest, "BadRequest", "The username or password is not acceptable",
                debug: "username: 1 to 256 bytes; password: at most 1024")
        }
        for key in ["_id", "_acl", "_kmd", "username", "password"] { body.removeValue(forKey: key) }
        guard
            let account = try await auth.register(
                username, password: password, profile: ContentJSON.serialize(body), app: app)
        else {
            throw KinveyError(
                .conflict, "UserAlreadyExists",
                "This username is already taken. Please retry your request with a different username",
                debug: "app \(app.appKey) has a user \(username)")
        }
        let token = try await auth.startSession(for: account, app: app)
        return KinveyController.json(
            Self.json(account, token: token, password: given == nil ? password : nil), status: .created)
    }

    /// `POST /user/{appKey}/login` with `{"username", "password"}`: the user with a new session.
    func login(_ request: Request, _ app: KinveyApp) async throws -> Response {
        guard case .app = try await auth.principal(request, app: app) else {
            throw KinveyError.notYours("login is sent with the app's credentials")
        }
        let body = try await KinveyBody.object(request, limit: app.caps.maxBody)
        guard let username = body["username"] as? String, let password = body["password"] as? String else {
            throw KinveyAuthenticator.refused("login needs a username and a password")
        }
        let account = try await auth.user(username, password, app: app)
        let token = try await auth.startSession(for: account, app: app)
        return KinveyController.json(Self.json(account, token: token))
    }

    /// `POST /user/{appKey}/_logout`: ends the session the request carries; 204.
    func logout(_ request: Request, _ app: KinveyApp) async throws -> Response {
        _ = try await auth.principal(request, app: app).requireUser("_logout")
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("kinvey ") {
            let token = header.dropFirst("kinvey ".count).trimmingCharacters(in: .whitespaces)
            _ = try await auth.requireAccounts().store.deleteSession(tokenHash: UserAccounts.hash(token: token))
        }
        return Response(status: .noContent)
    }

    /// `PUT /user/{appKey}[/{id}]`: replaces the caller's attributes (an empty id is the caller,
    /// as KinveyKit 1.3 sends it on later launches); `_id`, `username`, `password` in the body
    /// are ignored.
    func update(_ request: Request, _ app: KinveyApp, id: String?) async throws -> Response {
        let me = try await auth.principal(request, app: app).requireUser("PUT /user")
        if let id, !id.isEmpty, id != "_me", id != me.id { throw KinveyError.notYours("user \(id) is not the caller") }
        var body = try await KinveyBody.object(request, limit: app.caps.maxBody)
        for key in ["_id", "_acl", "_kmd", "username", "password"] { body.removeValue(forKey: key) }
        var updated = me
        updated.profile = ContentJSON.serialize(body)
        return KinveyController.json(Self.json(try await auth.requireAccounts().store.upsertAccount(updated)))
    }

    /// A user as Kinvey answers one.
    static func json(_ account: Account, token: String? = nil, password: String? = nil) -> String {
        var members = [
            #""_id":\#(JSONStringLiteral.quoted(account.id))"#, #""username":\#(JSONStringLiteral.quoted(account.username))"#,
        ]
        if let password { members.append(#""password":\#(JSONStringLiteral.quoted(password))"#) }
        members.append(#""_acl":{"creator":\#(JSONStringLiteral.quoted(account.id))}"#)
        let authtoken = token.map { #","authtoken":\#(JSONStringLiteral.quoted($0))"# } ?? ""
        let created = KinveyController.kinveyTime(account.created)
        members.append(#""_kmd":{"lmt":"\#(created)","ect":"\#(created)"\#(authtoken)}"#)
        var attributes = account.profile
        if let object = ContentJSON.parse(attributes) as? [String: Any] {
            let reserved: Set<String> = ["_id", "username", "password", "_acl", "_kmd"]
            attributes = ContentJSON.serialize(object.filter { !reserved.contains($0.key) })
        } else {
            attributes = "{}"
        }
        return ContentJSON.appending(members, to: attributes)
    }
}
