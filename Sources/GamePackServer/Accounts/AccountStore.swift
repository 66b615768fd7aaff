import Foundation

/// A player account as the server's database holds it. Accounts belong to a `realm`: one
/// game API's app (`appacitive:<project>`, `kinvey:<appKey>`), so two apps never see each
/// other's users and the same user name can exist in both.
public struct Account: Sendable, Equatable {
    /// Which app the account belongs to, chosen by the API that creates it.
    public var realm: String
    /// Unique within the realm; never reused. Decimal digits for Appacitive's `__id`.
    public var id: String
    /// Unique within the realm.
    public var username: String
    /// A `PasswordHash` text, never the password.
    public var passwordHash: String
    /// Other profile fields (email, first name, …) as a JSON object's text.
    public var profile: String
    /// When the account was created (ISO 8601, UTC).
    public var created: String

    public init(realm: String, id: String, username: String, passwordHash: String, profile: String = "{}", created: String) {
        self.realm = realm
        self.id = id
        self.username = username
        self.passwordHash = passwordHash
        self.profile = profile
        self.created = created
    }
}

/// A login session: the token itself is given to the client once and only its SHA-256 kept.
public struct AccountSession: Sendable, Equatable {
    /// Lowercase hex SHA-256 of the session token.
    public var tokenHash: String
    public var realm: String
    public var accountID: String
    /// When the session started and when it stops being accepted, in seconds since 1970 (UTC).
    public var created: Int64
    public var expires: Int64

    public init(tokenHash: String, realm: String, accountID: String, created: Int64, expires: Int64) {
        self.tokenHash = tokenHash
        self.realm = realm
        self.accountID = accountID
        self.created = created
        self.expires = expires
    }
}

/// Where accounts and sessions live: the server's database (migration 2, tables `accounts` and
/// `account_sessions`). `SQLiteStore` and `PostgresStore` implement it; `UserAccounts` is the
/// API the game protocols use on top of it.
public protocol AccountStore: Sendable {
    /// The account with this user name in the realm.
    func account(realm: String, username: String) async throws -> Account?
    /// The account with this id in the realm.
    func account(realm: String, id: String) async throws -> Account?
    /// Adds an account; false (and nothing changed) when the realm already has its id or user name.
    func insertAccount(_ account: Account) async throws -> Bool
    /// Adds the account, or when the realm has its user name, replaces that account's password
    /// hash and profile (keeping its id and creation time). Returns the account as stored.
    func upsertAccount(_ account: Account) async throws -> Account
    /// Records a session.
    func insertSession(_ session: AccountSession) async throws
    /// The session whose token has this hash, expired or not.
    func session(tokenHash: String) async throws -> AccountSession?
    /// Ends a session (a logout); false when there was none.
    func deleteSession(tokenHash: String) async throws -> Bool
    /// Removes sessions that expired before `time` (seconds since 1970); returns how many.
    func deleteSessions(expiredBefore time: Int64) async throws -> Int
}
