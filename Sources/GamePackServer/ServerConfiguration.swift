import Foundation
import GamePackFormat

/// Everything `gamepack serve` is started with.
public struct ServerConfiguration: Sendable {
    /// Pack bytes, files, gzip copies, uploads in progress, and (by default) the SQLite database.
    /// With PostgreSQL, pack bytes live in the database and this holds only uploads in progress.
    public var dataDirectory: URL
    /// Where the metadata lives.
    public var store: StoreLocation
    public var host: String
    /// 0 picks a free port (reported to `onListening`).
    public var port: Int
    /// Keys whose signatures on packs and channel pointers the server accepts.
    public var trustedKeys: [MinisignPublicKey]
    /// The largest pack upload accepted, in bytes.
    public var uploadLimit: Int64
    /// The project the legacy gohike API serves; nil: the only project with a `legacyChannel`.
    public var legacyProject: String?
    /// The channel the legacy gohike API serves.
    public var legacyChannel: String
    /// The `Take-A-Hike-Secret` that `POST /api/checkin` requires; nil refuses every check-in.
    public var checkinSecret: String?
    /// How long the legacy and content routes may answer from their cached view of a channel,
    /// in seconds (`--cache-seconds`). On PostgreSQL other processes' writes drop it at once
    /// (`PostgresChangeFeed`); this age bounds a missed notice.
    public var legacyCacheSeconds: Double
    /// The apps the Kinvey-compatible read API answers for (`--kinvey-apps FILE`); none: it refuses every request.
    public var kinveyApps: [KinveyApp] = []
    /// The apps the Appacitive-compatible API answers for (`--appacitive-apps FILE`); none: it refuses every request.
    public var appacitiveApps: [AppacitiveApp] = []
    /// The server's public base URL (`--public-url`, such as `https://content.example.com`): the
    /// start of every absolute URL it hands out (Appacitive's file `uri`). Never taken from a
    /// request's `Host` header; nil: `http://` + the address the server listens on.
    public var publicURL: String?
    /// A local, bounded read-through cache of the blobs a PostgreSQL store serves (`--cache-dir`,
    /// `--cache-size`); nil: every read goes to the database. The folder store needs none.
    public var blobCache: BlobCache.Settings?
    /// How often `/ready`'s `blobs` check looks for blobs with a chunk missing (`BlobWatch`).
    public var blobCheckInterval: Duration = .seconds(30)

    /// The default upload limit: 1 GiB.
    public static let defaultUploadLimit: Int64 = 1 << 30

    public init(
        dataDirectory: URL, store: StoreLocation? = nil, host: String = "127.0.0.1", port: Int = 8080,
        trustedKeys: [MinisignPublicKey] = [], uploadLimit: Int64 = ServerConfiguration.defaultUploadLimit,
        legacyProject: String? = nil, legacyChannel: String = "production", checkinSecret: String? = nil,
        legacyCacheSeconds: Double = 1
    ) {
        self.dataDirectory = dataDirectory
        self.store = store ?? .sqlite(path: dataDirectory.appendingPathComponent("gamepack.sqlite").path)
        self.host = host
        self.port = port
        self.trustedKeys = trustedKeys
        self.uploadLimit = uploadLimit
        self.legacyProject = legacyProject
        self.legacyChannel = legacyChannel
        self.checkinSecret = checkinSecret
        self.legacyCacheSeconds = legacyCacheSeconds
    }
}
