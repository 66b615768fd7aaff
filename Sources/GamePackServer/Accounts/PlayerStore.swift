import Foundation

/// One entity of a player-data collection: the fields a user wrote (a JSON object's text,
/// without `_acl` and `_kmd`, which the API adds from `creator`, `created` and `modified`). Made
/// by the server only (the memberwise initializer is internal).
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

/// The player entities of the Kinvey-compatible API, in the server's database (SQLite or
/// PostgreSQL; migration 3); its users and sessions are `AccountStore`'s, in the realm
/// `kinvey:<appKey>`. Every method is one transaction.
public protocol PlayerStore: Sendable {
    /// Stores `entity` under its id: a new one when the user is under `maxPerUser` entities in
    /// the app, or a replacement when the id is the same creator's.
    func writeEntity(_ entity: PlayerEntity, maxPerUser: Int) async throws -> PlayerWriteOutcome
    /// The entity with this id.
    func entity(app: String, collection: String, id: String) async throws -> PlayerEntity?
    /// The collection's entities, oldest first, of one creator when `creator` is given; at most `limit`.
    func entities(app: String, collection: String, creator: String?, limit: Int) async throws -> [PlayerEntity]
    /// Deletes the entity when `creator` made it; the outcome says which.
    func deleteEntity(app: String, collection: String, id: String, creator: String) async throws -> PlayerDeleteOutcome

    /// Records an upload URI's grant by the SHA-256 of its token.
    func insertUploadGrant(tokenHash: String, _ grant: PlayerUploadGrant) async throws
    /// Removes and returns the grant of an upload URI (each is used once).
    func takeUploadGrant(tokenHash: String) async throws -> PlayerUploadGrant?
    /// Stores `file` under its name: new when the user's files stay within `maxBytesPerUser`
    /// bytes, or replacing the same creator's file of that name.
    func writeFile(_ file: PlayerFile, maxBytesPerUser: Int64) async throws -> PlayerWriteOutcome
    /// The app's uploaded file with this name.
    func file(app: String, name: String) async throws -> PlayerFile?
}

/// A file a user uploaded to a Kinvey app (`upload-loc`), by its name in the app.
public struct PlayerFile: Sendable, Equatable {
    public var app: String
    /// The resource name the client uploaded it as (`download-loc/{name}` finds it).
    public var name: String
    /// The `_id` of the user who uploaded it: the only one who may replace it.
    public var creator: String
    /// Lowercase hex SHA-256 of the bytes (stored as `v1/files/<sha256>`).
    public var sha256: String
    /// Bytes.
    public var size: Int64
    /// When it was uploaded, ISO 8601.
    public var created: String
}

/// A one-time upload URI's grant: who may upload which name, until when (ISO 8601).
public struct PlayerUploadGrant: Sendable, Equatable {
    public var app: String
    public var creator: String
    public var name: String
    public var expires: String
}

/// What a delete of a player entity did.
public enum PlayerDeleteOutcome: Sendable, Equatable {
    case deleted, notFound, notCreator
}
