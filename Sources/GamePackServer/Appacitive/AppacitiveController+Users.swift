import Foundation
import GamePackFormat
import Hummingbird

/// `POST /v1.0/user/authenticate` and `GET /v1.0/user/me`, over `UserAccounts` in the realm
/// `appacitive:<project>`. The app's users come from the apps file (`AppacitiveApp.users`),
/// written into the database before the app's first login.
extension AppacitiveController {
    /// The most bytes an authentication body may have.
    static let maxAuthenticationBody = 16 * 1024

    func authenticateUser(_ request: Request, _ context: BasicRequestContext, _ app: AppacitiveApp) async throws -> Response {
        guard let accounts else {
            throw AppacitiveError(.unauthorized, "Invalid credentials", detail: "this server keeps no users")
        }
        var request = request
        let body = try await request.collectBody(limit: Self.maxAuthenticationBody)
        guard let object = ContentJSON.parse(String(buffer: body)) as? [String: Any] else {
            throw AppacitiveError.badRequest("the body must be a JSON object {\"username\", \"password\"}")
        }
        if let kind = object["type"] as? String, kind.lowercased() != "basic" {
            throw AppacitiveError(
                .unauthorized, "Invalid credentials",
                detail: "\(kind) logins are not offered by gamepack; authenticate with username and password")
        }
        guard let username = object["username"] as? String, let password = object["password"] as? String,
            !username.isEmpty
        else {
            throw AppacitiveError.badRequest("username and password must be strings")
        }
        try await seedUsers(app, accounts)
        // `expiry` is in minutes; the SDK's nil is 86,400,000 (and -1 or 0: the server's longest).
        let minutes = (object["expiry"] as? NSNumber)?.doubleValue ?? -1
        let seconds = minutes > 0 && minutes < 1e12 ? Int64(minutes * 60) : nil
        guard let login = try await accounts.logIn(realm: app.realm, username: username, password: password, seconds: seconds)
        else {
            throw AppacitiveError(.unauthorized, "Invalid credentials", detail: "the username or password is wrong")
        }
        return AppacitiveResponse.ok([
            ("token", JSONStringLiteral.quoted(login.token)), ("user", Self.user(login.account)),
        ])
    }

    func currentUser(_ request: Request, _ app: AppacitiveApp) async throws -> Response {
        guard let account = try await sessionAccount(request, app) else {
            throw AppacitiveError(.unauthorized, "Invalid session", detail: "send the session token as Appacitive-User-Auth")
        }
        return AppacitiveResponse.ok([("user", Self.user(account))])
    }

    /// A user as Appacitive prints one: system properties, `username`, the profile, no password.
    static func user(_ account: Account) -> String {
        let created = AppacitiveObject.appacitiveTime(account.created)
        var object = AppacitiveObject.dictionary(
            id: account.id, type: "user", created: created, modified: created, properties: [:], fields: nil)
        for (key, value) in ContentJSON.parse(account.profile) as? [String: Any] ?? [:] where key.utf8.count >= 2 {
            object[key] = value
        }
        object["username"] = account.username
        object["isenabled"] = "true"
        return ContentJSON.serialize(object)
    }

    /// Writes the app's declared users into the database, once per server process.
    func seedUsers(_ app: AppacitiveApp, _ accounts: UserAccounts) async throws {
        guard let users = app.users, !users.isEmpty else { return }
        let task = seeded.withLockedValue { tasks -> Task<Void, Error> in
            if let task = tasks[app.apiKey] { return task }
            let task = Task {
                for user in users {
                    _ = try await accounts.ensure(
                        realm: app.realm, username: user.username, password: user.password, passwordHash: user.passwordHash,
                        profile: user.profile)
                }
            }
            tasks[app.apiKey] = task
            return task
        }
        do {
            try await task.value
        } catch {
            seeded.withLockedValue { if $0[app.apiKey] == task { $0[app.apiKey] = nil } }
            throw error
        }
    }
}
