import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers

/// Who a Kinvey request comes from: the app itself (HTTP Basic `appKey:appSecret`) or one of its
/// users (Basic `username:password`, as KinveyKit 1.x sends on every request, or
/// `Authorization: Kinvey <authtoken>`, the session of the later SDKs).
enum KinveyPrincipal: Sendable {
    case app
    case user(PlayerAccount)

    /// The user, or a 401 `InsufficientCredentials` for the app's own credentials.
    func requireUser(_ what: String) throws -> PlayerAccount {
        guard case .user(let account) = self else {
            throw KinveyError(
                .unauthorized, "InsufficientCredentials",
                "The credentials used to authenticate this request are not authorized to run this operation",
                debug: "\(what) needs a user's credentials (Basic username:password or Kinvey authtoken), not the app's")
        }
        return account
    }
}

/// Checks a Kinvey request's `Authorization` against the app's secret, its users' password
/// hashes and their sessions. A user's password is a slow hash (`PasswordHash`), and KinveyKit
/// sends it on every request, so a verified `username:password` is remembered (by its SHA-256,
/// never in clear) for `cacheSeconds`; a wrong password is never remembered.
final class KinveyAuthenticator: Sendable {
    let store: any PlayerStore
    /// How long a verified password is trusted without hashing it again.
    let cacheSeconds: Double = 600
    /// The most remembered credentials; the memory is emptied when it is full.
    let cacheLimit = 10_000
    private let verified = NIOLockedValueBox<[String: (userID: String, until: Double)]>([:])

    init(store: any PlayerStore) { self.store = store }

    static func refused(_ debug: String) -> KinveyError {
        KinveyError(
            .unauthorized, "InvalidCredentials", "Invalid credentials. Please retry your request with correct credentials",
            debug: debug)
    }

    /// The principal of `request` for `app`; a 401 in Kinvey's shape otherwise.
    func principal(_ request: Request, app: KinveyApp) async throws -> KinveyPrincipal {
        guard let header = request.headers[.authorization] else {
            throw Self.refused("send HTTP Basic appKey:appSecret or a user's credentials")
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { throw Self.refused("the Authorization header is not Basic or Kinvey") }
        let scheme = parts[0].lowercased()
        let value = String(parts[1]).trimmingCharacters(in: .whitespaces)
        if scheme == "kinvey" { return .user(try await session(value, app: app)) }
        guard scheme == "basic", let decoded = Data(base64Encoded: value), let text = String(data: decoded, encoding: .utf8)
        else { throw Self.refused("the Authorization header is not Basic or Kinvey") }
        let pair = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard pair.count == 2 else { throw Self.refused("Basic credentials need a name and a password") }
        let (name, password) = (String(pair[0]), String(pair[1]))
        if UploadTokens.constantTimeEqual(name, app.appKey) {
            guard UploadTokens.constantTimeEqual(password, app.appSecret) else {
                throw Self.refused("send HTTP Basic appKey:appSecret as configured in the server's --kinvey-apps file")
            }
            return .app
        }
        return .user(try await user(name, password, app: app))
    }

    func user(_ username: String, _ password: String, app: KinveyApp) async throws -> PlayerAccount {
        let key = Digest.sha256Hex(Data("\(app.appKey)\u{0}\(username)\u{0}\(password)".utf8))
        let now = Date().timeIntervalSince1970
        if let hit = verified.withLockedValue({ $0[key] }), hit.until > now,
            let account = try await store.account(app: app.appKey, id: hit.userID)
        {
            return account
        }
        guard let account = try await store.account(app: app.appKey, username: username),
            PasswordHash.verify(password, against: account.passwordHash)
        else { throw Self.refused("no user \(username) with this password in app \(app.appKey)") }
        remember(key, userID: account.id, now: now)
        return account
    }

    func remember(_ key: String, userID: String, now: Double) {
        verified.withLockedValue { memory in
            if memory.count >= cacheLimit { memory.removeAll() }
            memory[key] = (userID, now + cacheSeconds)
        }
    }

    func session(_ token: String, app: KinveyApp) async throws -> PlayerAccount {
        guard let found = try await store.session(tokenHash: UploadTokens.hash(token), app: app.appKey) else {
            throw Self.refused("no such session in app \(app.appKey); log in again")
        }
        guard found.expires > KinveyTime.now() else {
            throw Self.refused("the session expired at \(found.expires); log in again")
        }
        guard let account = try await store.account(app: app.appKey, id: found.userID) else {
            throw Self.refused("the session's user no longer exists")
        }
        return account
    }

    /// A new session for `account`: the token to give the client (shown once, stored hashed).
    func startSession(for account: PlayerAccount, app: KinveyApp) async throws -> String {
        let token = PasswordHash.randomHex(32)
        let now = Date()
        try await store.insertSession(
            tokenHash: UploadTokens.hash(token), app: app.appKey, userID: account.id, created: KinveyTime.format(now),
            expires: KinveyTime.format(now.addingTimeInterval(Double(app.caps.sessionLifetime))))
        return token
    }
}

/// Kinvey's time format, `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'` in UTC: strings of it sort as times.
enum KinveyTime {
    static func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        let millis = min(999, (c.nanosecond ?? 0) / 1_000_000)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", c.year ?? 1970, c.month ?? 1, c.day ?? 1, c.hour ?? 0,
            c.minute ?? 0, c.second ?? 0, millis)
    }

    static func now() -> String { format(Date()) }
}
