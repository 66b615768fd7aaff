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
    case user(Account)

    /// The user, or a 401 `InsufficientCredentials` for the app's own credentials.
    func requireUser(_ what: String) throws -> Account {
        guard case .user(let account) = self else {
            throw KinveyError(
                .unauthorized, "InsufficientCredentials",
                "The credentials used to authenticate this request are not authorized to run this operation",
                debug: "\(what) needs a user's credentials (Basic username:password or Kinvey authtoken), not the app's")
        }
        return account
    }
}

/// Checks a Kinvey request's `Authorization` against the app's secret and its users' accounts
/// and sessions (`UserAccounts`, realm `kinvey:<appKey>`). A user's password is a slow hash,
/// and KinveyKit sends it on every request, so a verified `username:password` is remembered (by
/// its SHA-256, never in clear) for `cacheSeconds`; a wrong password is never remembered.
final class KinveyAuthenticator: Sendable {
    /// The accounts; nil when the store keeps none (every user credential is then refused).
    let accounts: UserAccounts?
    /// How long a verified password is trusted without hashing it again.
    let cacheSeconds: Double = 600
    /// The most remembered credentials; the memory is emptied when it is full.
    let cacheLimit = 10_000
    private let verified = NIOLockedValueBox<[String: (userID: String, until: Double)]>([:])

    init(accounts: UserAccounts?) {
        var accounts = accounts
        // KinveyKit holds its first requests 0.5 s at most while the implicit user is created.
        accounts?.iterations = PasswordHash.iterationRange.lowerBound
        self.accounts = accounts
    }

    /// The realm of an app's users.
    static func realm(_ app: KinveyApp) -> String { "kinvey:\(app.appKey)" }

    static func refused(_ debug: String) -> KinveyError {
        KinveyError(
            .unauthorized, "InvalidCredentials", "Invalid credentials. Please retry your request with correct credentials",
            debug: debug)
    }

    func requireAccounts() throws -> UserAccounts {
        guard let accounts else { throw Self.refused("this server's database keeps no user accounts") }
        return accounts
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

    /// The user with this username and password (the slow check only when not remembered).
    func user(_ username: String, _ password: String, app: KinveyApp) async throws -> Account {
        let accounts = try requireAccounts()
        let realm = Self.realm(app)
        let key = Self.cacheKey(realm, username, password)
        let now = Date().timeIntervalSince1970
        if let hit = verified.withLockedValue({ $0[key] }), hit.until > now,
            let account = try await accounts.store.account(realm: realm, id: hit.userID)
        {
            return account
        }
        let account = try await accounts.store.account(realm: realm, username: username)
        let stored = account?.passwordHash ?? UserAccounts.decoyHash
        let matches = try await UserAccounts.offload { PasswordHash.verify(password, against: stored) }
        guard let account, matches else { throw Self.refused("no user \(username) with this password in app \(app.appKey)") }
        remember(key, userID: account.id)
        return account
    }

    static func cacheKey(_ realm: String, _ username: String, _ password: String) -> String {
        Digest.sha256Hex(Data("\(realm)\u{0}\(username)\u{0}\(password)".utf8))
    }

    /// Trusts `username:password` of `account` for `cacheSeconds` (a password just checked, or
    /// just chosen for a new user).
    func remember(_ key: String, userID: String) {
        let until = Date().timeIntervalSince1970 + cacheSeconds
        verified.withLockedValue { memory in
            if memory.count >= cacheLimit { memory.removeAll() }
            memory[key] = (userID, until)
        }
    }

    /// Creates `username` with `password` and `profile` in `app`; nil when the name is taken.
    /// The account is stored at once with a placeholder hash that matches no password, and its
    /// password remembered, so that KinveyKit's implicit user is answered within its 0.5 s; the
    /// slow hash is computed off the request and then replaces the placeholder (until then only
    /// this server process knows the password).
    func register(_ username: String, password: String, profile: String, app: KinveyApp) async throws -> Account? {
        let accounts = try requireAccounts()
        let account = Account(
            realm: Self.realm(app), id: KinveyTime.randomHex(12), username: username, passwordHash: Self.pendingHash,
            profile: profile, created: ChannelPointerTime.now())
        guard try await accounts.store.insertAccount(account) else { return nil }
        remember(Self.cacheKey(account.realm, username, password), userID: account.id)
        Task {
            // After the SDK's first burst of requests (answered from the remembered password).
            try await Task.sleep(for: .seconds(1))
            let hash = try await UserAccounts.offload { [iterations = accounts.iterations] in
                PasswordHash.make(password, iterations: iterations)
            }
            guard var current = try await accounts.store.account(realm: account.realm, id: account.id) else { return }
            current.passwordHash = hash
            _ = try await accounts.store.upsertAccount(current)
        }
        return account
    }

    /// What a new account holds until its slow hash is ready: not a `PasswordHash`, so it matches nothing.
    static let pendingHash = "pending"

    func session(_ token: String, app: KinveyApp) async throws -> Account {
        switch try await requireAccounts().session(token, realm: Self.realm(app)) {
        case .valid(let account): return account
        case .expired: throw Self.refused("the session expired; log in again")
        case .unknown: throw Self.refused("no such session in app \(app.appKey); log in again")
        }
    }

    /// A new session for `account`, of the app's lifetime: the token to give the client (shown
    /// once, stored hashed).
    func startSession(for account: Account, app: KinveyApp) async throws -> String {
        try await requireAccounts().openSession(for: account, seconds: Int64(app.caps.sessionLifetime)).token
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

    /// `count` random bytes as lowercase hex: ids (12 bytes, Kinvey's ObjectId size), request ids.
    static func randomHex(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return hex((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }
}
