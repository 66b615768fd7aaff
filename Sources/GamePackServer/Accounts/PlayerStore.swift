import Foundation

/// A user of a Kinvey app, as stored: never the password, only its `PasswordHash`. Made by the
/// server only (the memberwise initializer is internal).
public struct PlayerAccount: Sendable, Equatable {
    /// The Kinvey app key the user belongs to.
    public var app: String
    /// The user's `_id` (24 hex digits, as Kinvey's ObjectIds).
    public var id: String
    public var username: String
    /// `PasswordHash.make`'s text.
    public var passwordHash: String
    /// The user's other fields, a JSON object's text (`{}` when none).
    public var attributes: String
    /// When the user was created and last changed, `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'`.
    public var created: String
    public var modified: String

}

/// One entity of a player-data collection: the fields a user wrote (a JSON object's text,
/// without `_acl` and `_kmd`, which the API adds from `creator`, `created` and `modified`).
public struct PlayerEntity: Sendable, Equatable {
    public var app: String
    public var collection: String
    /// The entity's `_id`.
    public var id: String
    /// The `_id` of the user who created it: the only one who may change it.
    public var creator: String
    /// The entity's fields, `_id` included, as a JSON object's text.
    public var body: String
    /// `_kmd.ect` and `_kmd.lmt`, `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'`.
    public var created: String
    public var modified: String

}

/// What a write of a player entity did.
public enum PlayerWriteOutcome: Sendable, Equatable {
    /// A new entity.
    case created
    /// An existing entity of the same creator, replaced.
    case replaced
    /// An entity with this id belongs to another user; nothing changed.
    case notCreator
    /// The user already keeps the most entities allowed; nothing changed.
    case overQuota
}

/// The users, sessions and player entities of the Kinvey-compatible API, in the server's
/// database (SQLite or PostgreSQL; migration 2). Every method is one transaction.
public protocol PlayerStore: Sendable {
    /// Adds a user; false (and nothing changed) when the app already has one with this username.
    func insertAccount(_ account: PlayerAccount) async throws -> Bool
    /// The app's user with this username.
    func account(app: String, username: String) async throws -> PlayerAccount?
    /// The app's user with this `_id`.
    func account(app: String, id: String) async throws -> PlayerAccount?
    /// Replaces a user's attributes.
    func updateAccount(app: String, id: String, attributes: String, modified: String) async throws

    /// Records a session token by its SHA-256.
    func insertSession(tokenHash: String, app: String, userID: String, created: String, expires: String) async throws
    /// The user `_id` and expiry (ISO 8601) of a session of `app`.
    func session(tokenHash: String, app: String) async throws -> (userID: String, expires: String)?
    /// Ends a session.
    func deleteSession(tokenHash: String) async throws

    /// Stores `entity` under its id: a new one when the user is under `maxPerUser` entities in
    /// the app, or a replacement when the id is the same creator's.
    func writeEntity(_ entity: PlayerEntity, maxPerUser: Int) async throws -> PlayerWriteOutcome
    /// The entity with this id.
    func entity(app: String, collection: String, id: String) async throws -> PlayerEntity?
    /// The collection's entities, oldest first, of one creator when `creator` is given; at most `limit`.
    func entities(app: String, collection: String, creator: String?, limit: Int) async throws -> [PlayerEntity]
    /// Deletes the entity when `creator` made it; the outcome says which.
    func deleteEntity(app: String, collection: String, id: String, creator: String) async throws -> PlayerDeleteOutcome
}

/// What a delete of a player entity did.
public enum PlayerDeleteOutcome: Sendable, Equatable {
    case deleted, notFound, notCreator
}
