import Crypto
import Foundation
import GamePackFormat
import NIOPosix

/// Player accounts and login sessions over an `AccountStore`: the one place the game
/// protocols (Appacitive's `user/authenticate`, Kinvey's users) create accounts, check
/// passwords and resolve session tokens. Passwords are hashed with `PasswordHash` (slow,
/// salted) on NIO's thread pool, so a login never blocks the request threads; session tokens
/// are 32 random bytes (base64url) stored only as their SHA-256, and expire.
///
/// ```swift
/// let accounts = UserAccounts(store: store as! any AccountStore)
/// _ = try await accounts.register(realm: "kinvey:kid_x", username: "u", password: "p")
/// if let login = try await accounts.logIn(realm: "kinvey:kid_x", username: "u", password: "p") {
///     login.token  // give it to the client once
/// }
/// switch try await accounts.session(token, realm: "kinvey:kid_x") { case .valid(let account): … }
/// ```
public struct UserAccounts: Sendable {
    public let store: any AccountStore
    /// The longest a session lives, in seconds (a client may ask for less). 30 days.
    public var maxSessionSeconds: Int64 = 30 * 24 * 3600
    /// Iterations of new password hashes.
    public var iterations = PasswordHash.defaultIterations

    public init(store: any AccountStore) {
        self.store = store
    }

    /// A successful login: the account and its new session's token (shown to the client once).
    public struct Login: Sendable {
        public var account: Account
        public var token: String
        public var session: AccountSession
    }

    /// What a session token resolves to.
    public enum SessionState: Sendable, Equatable {
        case valid(Account)
        case expired
        /// Never issued, ended, issued for another realm, or its account is gone.
        case unknown
    }

    /// Creates an account with a new id (decimal digits); nil when the user name is taken.
    public func register(realm: String, username: String, password: String, profile: String = "{}") async throws
        -> Account?
    {
        let hash = try await Self.offload { [iterations] in PasswordHash.make(password, iterations: iterations) }
        let account = Account(
            realm: realm, id: Self.newID(), username: username, passwordHash: hash, profile: profile,
            created: ChannelPointerTime.now())
        return try await store.insertAccount(account) ? account : nil
    }

    /// Makes sure the account exists with this password (given as `password`, or already
    /// hashed as `passwordHash`) and profile: creates it, or updates the stored one when its
    /// password or profile differ. For accounts an operator declares in configuration.
    public func ensure(realm: String, username: String, password: String?, passwordHash: String?, profile: String = "{}")
        async throws -> Account
    {
        let existing = try await store.account(realm: realm, username: username)
        if let existing, existing.profile == profile {
            if let passwordHash, existing.passwordHash == passwordHash { return existing }
            if let password, try await Self.offload({ PasswordHash.verify(password, against: existing.passwordHash) }) {
                return existing
            }
        }
        let hash: String
        if let passwordHash {
            hash = passwordHash
        } else {
            hash = try await Self.offload { [iterations] in PasswordHash.make(password ?? "", iterations: iterations) }
        }
        return try await store.upsertAccount(
            Account(
                realm: realm, id: existing?.id ?? Self.newID(), username: username, passwordHash: hash, profile: profile,
                created: existing?.created ?? ChannelPointerTime.now()))
    }

    /// Checks a user name and password and opens a session of `seconds` (at most
    /// `maxSessionSeconds`); nil when the user is unknown or the password wrong (the same
    /// slow work is done either way, so timing does not tell which).
    public func logIn(realm: String, username: String, password: String, seconds: Int64? = nil) async throws -> Login? {
        let account = try await store.account(realm: realm, username: username)
        let stored = account?.passwordHash ?? Self.decoyHash
        let matches = try await Self.offload { PasswordHash.verify(password, against: stored) }
        guard let account, matches else { return nil }
        return try await openSession(for: account, seconds: seconds)
    }

    /// Opens a session for an account the caller has already authenticated.
    public func openSession(for account: Account, seconds: Int64? = nil) async throws -> Login {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let token = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        let now = Int64(Date().timeIntervalSince1970)
        let lifetime = min(max(seconds ?? maxSessionSeconds, 1), maxSessionSeconds)
        let session = AccountSession(
            tokenHash: Self.hash(token: token), realm: account.realm, accountID: account.id, created: now,
            expires: now + lifetime)
        try await store.insertSession(session)
        return Login(account: account, token: token, session: session)
    }

    /// The account a session token belongs to, if the session is of this realm and current.
    public func session(_ token: String, realm: String, at time: Date = Date()) async throws -> SessionState {
        guard !token.isEmpty, token.utf8.count <= 512, let session = try await store.session(tokenHash: Self.hash(token: token)),
            session.realm == realm
        else { return .unknown }
        guard session.expires > Int64(time.timeIntervalSince1970) else { return .expired }
        guard let account = try await store.account(realm: realm, id: session.accountID) else { return .unknown }
        return .valid(account)
    }

    /// Lowercase hex SHA-256 of a session token: how the store keys sessions.
    public static func hash(token: String) -> String { Digest.sha256Hex(Data(token.utf8)) }

    /// A new account id: 18 random decimal digits, as Appacitive's ids look.
    static func newID() -> String { String(UInt64.random(in: 100_000_000_000_000_000...999_999_999_999_999_999)) }

    /// A hash of a random password, checked against when the user does not exist.
    static let decoyHash = PasswordHash.make(UUID().uuidString)

    /// Runs slow hashing on NIO's blocking thread pool.
    static func offload<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws -> T {
        try await NIOThreadPool.singleton.runIfActive { work() }
    }
}
