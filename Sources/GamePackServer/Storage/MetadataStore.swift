import Foundation

/// A pack the server holds: immutable, addressed by the SHA-256 of its bytes. The bytes, the
/// signature, the manifest and the files live in a `BlobStore`; this is the row that says they
/// are complete (blobs are written first, the row last).
public struct StoredPack: Sendable, Equatable, Codable {
    /// Lowercase hex SHA-256 of the pack file.
    public var sha256: String
    /// `PackManifest.project`.
    public var project: String
    /// `PackManifest.version`.
    public var version: String
    /// `PackManifest.sequence`.
    public var sequence: Int64
    /// The pack file's size in bytes.
    public var size: Int64
    /// Lowercase hex SHA-256 of the pack's `manifest.json` bytes.
    public var manifestSHA256: String
    /// The minisign key id (16 uppercase hex digits) that signed the pack.
    public var keyID: String
    /// SHA-256 of `gohike/content.json` when the pack has the gohike target (served by the legacy API).
    public var legacySHA256: String?
    /// Size in bytes of `gohike/content.json`.
    public var legacySize: Int64?
    /// The gohike content version (`PackManifest.versions["gohike"]`).
    public var legacyVersion: String?
    /// When the server stored it (ISO 8601, UTC).
    public var uploaded: String

    public init(
        sha256: String, project: String, version: String, sequence: Int64, size: Int64, manifestSHA256: String,
        keyID: String, legacySHA256: String? = nil, legacySize: Int64? = nil, legacyVersion: String? = nil,
        uploaded: String
    ) {
        self.sha256 = sha256
        self.project = project
        self.version = version
        self.sequence = sequence
        self.size = size
        self.manifestSHA256 = manifestSHA256
        self.keyID = keyID
        self.legacySHA256 = legacySHA256
        self.legacySize = legacySize
        self.legacyVersion = legacyVersion
        self.uploaded = uploaded
    }
}

/// How a channel came to point where it points.
public enum ChannelAction: String, Sendable, Codable, CaseIterable {
    case publish, promote, rollback
    /// A staged rollout started, widened, paused, resumed, completed or reverted.
    case rollout
}

/// One entry of a channel's history: a signed pointer the channel served from `recorded` on.
/// The newest entry of a channel is what it serves.
public struct ChannelEntry: Sendable, Equatable {
    public var project: String
    public var channel: String
    /// The pointer's sequence; strictly increasing along a channel's history.
    public var sequence: Int64
    /// The pack's SHA-256.
    public var pack: String
    /// The pack's version.
    public var version: String
    /// The pack's size in bytes.
    public var size: Int64
    /// The manifest's SHA-256.
    public var manifest: String
    /// When the pointer was signed (ISO 8601, from the pointer).
    public var created: String
    /// When the pointer expires (ISO 8601, from the pointer), if ever.
    public var expires: String?
    public var action: ChannelAction
    /// The exact signed pointer bytes (UTF-8 JSON).
    public var pointer: String
    /// The pointer's minisign signature file text.
    public var signature: String
    /// When the server recorded the entry (ISO 8601, UTC).
    public var recorded: String

    public init(
        project: String, channel: String, sequence: Int64, pack: String, version: String, size: Int64,
        manifest: String, created: String, expires: String?, action: ChannelAction, pointer: String,
        signature: String, recorded: String
    ) {
        self.project = project
        self.channel = channel
        self.sequence = sequence
        self.pack = pack
        self.version = version
        self.size = size
        self.manifest = manifest
        self.created = created
        self.expires = expires
        self.action = action
        self.pointer = pointer
        self.signature = signature
        self.recorded = recorded
    }
}

/// An upload token as stored: never the token itself, only its SHA-256.
public struct StoredToken: Sendable, Equatable {
    /// A short public id (the first 12 hex digits of the hash), for listing and revoking.
    public var id: String
    /// Lowercase hex SHA-256 of the token.
    public var hash: String
    /// When it was created (ISO 8601, UTC).
    public var created: String
    /// When it was revoked, if it was.
    public var revoked: String?
    /// A note saying who or what the token is for.
    public var note: String

    public init(id: String, hash: String, created: String, revoked: String? = nil, note: String = "") {
        self.id = id
        self.hash = hash
        self.created = created
        self.revoked = revoked
        self.note = note
    }
}

/// One legacy Go Take a Hike! check-in: a device visited a location on a route.
public struct Checkin: Sendable, Equatable, Codable {
    public var locationID: Int64
    public var routeID: Int64
    /// As the client sent it (`yyyy-MM-dd HH:mm:ss Z`).
    public var timestamp: String

    public init(locationID: Int64, routeID: Int64, timestamp: String) {
        self.locationID = locationID
        self.routeID = routeID
        self.timestamp = timestamp
    }
}

/// Where the server keeps its metadata: packs, channel histories, tokens and check-ins (and the
/// Kinvey players of `PlayerStore`). Two
/// implementations, `SQLiteStore` (one file, the default) and `PostgresStore` (several server
/// processes share one database), pass the same test suite.
///
/// Every write is one transaction; `append` is the only one that can lose a race, and it loses
/// it cleanly (`StoreError.sequenceNotIncreasing`).
public protocol MetadataStore: PlayerStore, KeySetStore {
    /// Applies the schema migrations this code knows and the database has not seen.
    func migrate() async throws
    /// The schema version the database is at (the highest migration applied).
    func schemaVersion() async throws -> Int

    /// The pack with this SHA-256, if stored.
    func pack(sha256: String) async throws -> StoredPack?
    /// Records a pack; returns false (and changes nothing) when it was already recorded.
    @discardableResult func insertPack(_ pack: StoredPack) async throws -> Bool

    /// The entry the channel serves now.
    func head(project: String, channel: String) async throws -> ChannelEntry?
    /// Makes `entry` the channel's head, atomically, only when its sequence is above the
    /// current head's: otherwise throws `StoreError.sequenceNotIncreasing` and changes nothing.
    /// Of concurrent appends with the same sequence exactly one succeeds.
    func append(_ entry: ChannelEntry) async throws
    /// The channel's entries, newest first, at most `limit`.
    func history(project: String, channel: String, limit: Int) async throws -> [ChannelEntry]
    /// The head of every channel of every project, sorted by project and channel.
    func heads() async throws -> [ChannelEntry]

    /// Records a token (by its hash).
    func insertToken(_ token: StoredToken) async throws
    /// Revokes the token whose id or hash is `idOrHash`; false when there is no such active token.
    func revokeToken(idOrHash: String, at time: String) async throws -> Bool
    /// Whether a token with this hash exists and is not revoked.
    func isActiveToken(hash: String) async throws -> Bool
    /// All tokens, oldest first.
    func tokens() async throws -> [StoredToken]

    /// Stores check-ins; one per (device, location, route), the first kept. Returns how many were new.
    @discardableResult func recordCheckins(device: String, _ checkins: [Checkin], received: String) async throws -> Int
    /// The check-ins of a device, sorted by route and location.
    func checkins(device: String) async throws -> [Checkin]

    /// Releases connections.
    func close() async
}

/// Errors of a metadata store.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The channel already serves a sequence at or above the one appended.
    case sequenceNotIncreasing(project: String, channel: String, current: Int64, attempted: Int64)
    /// The database location is not one gamepack understands.
    case badLocation(String)
    /// The database could not be opened, migrated or queried.
    case database(String)
    /// The database was migrated by a newer gamepack.
    case newerSchema(database: Int, known: Int)

    public var description: String {
        switch self {
        case .sequenceNotIncreasing(let project, let channel, let current, let attempted):
            "\(project)/\(channel) is at sequence \(current); sequence \(attempted) is not above it"
        case .badLocation(let text):
            "\(text): not a database location (use sqlite:PATH, postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE, or postgres://USER@/DATABASE?host=SOCKET-FOLDER for a Unix socket)"
        case .database(let why): "database: \(why)"
        case .newerSchema(let database, let known):
            "the database is at schema version \(database), newer than this gamepack's \(known); upgrade gamepack to the release that migrated it (or newer)"
        }
    }
}
