import Foundation

/// One Kinvey app the Kinvey-compatible API answers for: the app key and secret a
/// Kinvey-era client sends (HTTP Basic `appKey:appSecret`) and the project and channel whose
/// `kinvey` target it reads. Read from the JSON file given to `gamepack serve --kinvey-apps`:
///
/// ```json
/// {"apps": [{"appKey": "kid_whackavc", "appSecret": "…", "project": "whack-a-vc",
///            "channel": "production", "name": "Whack-A-VC", "environment": "Production",
///            "collections": {"VC-Details": "vcs"},
///            "fields": {"VC-Details": {"twitter_handle": "twitter"}},
///            "defaults": {"VC-Details": {"twitter_handle": "NA"}},
///            "metaDataTimeFormat": "dd/mm/yyyy HH:MM",
///            "playerData": {"whacks": {"read": "all"}},
///            "limits": {"bodyBytes": 16384, "entitiesPerUser": 10000, "sessionSeconds": 2592000,
///                       "blobBytesPerUser": 10485760}}]}
/// ```
///
/// Content collections (the pack's) are read-only. `playerData` names the collections players
/// write: users (created by `POST /user/{appKey}`) `POST`, `PUT` and `DELETE` their own
/// entities there; `read` says who reads them, `"all"` (every user of the app, and the app's
/// own credentials) or `"creator"` (only the user who wrote the entity). A player collection
/// shadows a pack collection of the same name.
public struct KinveyApp: Sendable, Codable, Equatable {
    /// The app key in `/appdata/{appKey}/…` and the Basic user name.
    public var appKey: String
    /// The Basic password.
    public var appSecret: String
    public var project: String
    public var channel: String
    /// The name the handshake greets (`hello <name>`); the project id when absent.
    public var name: String?
    /// Kinvey collection name → the pack's collection, for collections the game knew by another name.
    public var collections: [String: String]?
    /// Per Kinvey collection: Kinvey field name → the pack's field name.
    public var fields: [String: [String: String]]?
    /// The handshake's `environmentName`; `Production` when absent.
    public var environment: String?
    /// Per Kinvey collection: Kinvey field name → the string an entity without it answers (a
    /// game that needs every mapped key present, such as Whack-A-VC's `twitter_handle`, `NA`).
    public var defaults: [String: [String: String]]?
    /// The Unicode date pattern (UTC) of `metaData`'s `lastModified`, for a game that parses it
    /// itself (Whack-A-VC: `dd/mm/yyyy HH:MM`); absent: ISO 8601 with milliseconds. The time is
    /// when the resource's content was first published.
    public var metaDataTimeFormat: String?
    /// The collections players write, by Kinvey collection name.
    public var playerData: [String: KinveyPlayerCollection]?
    /// Caps on what one user may write; the defaults when absent.
    public var limits: KinveyPlayerLimits?

    public init(
        appKey: String, appSecret: String, project: String, channel: String, name: String? = nil,
        collections: [String: String]? = nil, fields: [String: [String: String]]? = nil,
        playerData: [String: KinveyPlayerCollection]? = nil, limits: KinveyPlayerLimits? = nil
    ) {
        self.appKey = appKey
        self.appSecret = appSecret
        self.project = project
        self.channel = channel
        self.name = name
        self.collections = collections
        self.fields = fields
        self.playerData = playerData
        self.limits = limits
    }

    /// The caps in force: `limits`, or the defaults.
    var caps: KinveyPlayerLimits { limits ?? KinveyPlayerLimits() }

    /// The file `--kinvey-apps` names.
    public struct File: Codable, Sendable {
        public var apps: [KinveyApp]
    }

    /// Reads and checks a `--kinvey-apps` file.
    /// - Throws: `KinveyAppsError` naming the file and what is wrong.
    public static func load(_ url: URL) throws -> [KinveyApp] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw KinveyAppsError(path: url.path, message: "cannot read it: \(error.localizedDescription)")
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw KinveyAppsError(
                path: url.path,
                message:
                    "not the expected JSON (\(DecodingErrorSummary.describe(error))); write {\"apps\": [{\"appKey\", \"appSecret\", \"project\", \"channel\"}]}"
            )
        }
        var seen: Set<String> = []
        for app in file.apps {
            guard !app.appKey.isEmpty, !app.appSecret.isEmpty else {
                throw KinveyAppsError(path: url.path, message: "every app needs a non-empty appKey and appSecret")
            }
            guard seen.insert(app.appKey).inserted else {
                throw KinveyAppsError(path: url.path, message: "app key \(app.appKey) appears twice")
            }
        }
        return file.apps
    }
}

/// A collection players write (`KinveyApp.playerData`).
public struct KinveyPlayerCollection: Sendable, Codable, Equatable {
    /// Who reads the collection's entities.
    public enum ReadAccess: String, Sendable, Codable, Equatable {
        /// Every user of the app, and the app's own credentials.
        case all
        /// Only the user who created the entity.
        case creator
    }

    /// Who reads the entities; the writer is always their creator.
    public var read: ReadAccess

    public init(read: ReadAccess) { self.read = read }
}

/// What one user of a Kinvey app may write. A write over a cap answers 413 in Kinvey's shape.
public struct KinveyPlayerLimits: Sendable, Codable, Equatable {
    /// The largest entity (or user) body, in bytes of JSON.
    public var bodyBytes: Int?
    /// The most entities one user keeps, over all player collections of the app.
    public var entitiesPerUser: Int?
    /// How long a session token (`_kmd.authtoken`) is valid, in seconds.
    public var sessionSeconds: Int?
    /// The most bytes of files (`upload-loc`) one user keeps.
    public var blobBytesPerUser: Int64?

    public init(bodyBytes: Int? = nil, entitiesPerUser: Int? = nil, sessionSeconds: Int? = nil, blobBytesPerUser: Int64? = nil) {
        self.bodyBytes = bodyBytes
        self.entitiesPerUser = entitiesPerUser
        self.sessionSeconds = sessionSeconds
        self.blobBytesPerUser = blobBytesPerUser
    }

    /// `bodyBytes` or 16 KiB.
    var maxBody: Int { bodyBytes ?? 16 * 1024 }
    /// `entitiesPerUser` or 10,000.
    var maxEntities: Int { entitiesPerUser ?? 10_000 }
    /// `sessionSeconds` or 30 days.
    var sessionLifetime: Int { sessionSeconds ?? 30 * 24 * 3600 }
    /// `blobBytesPerUser` or 10 MiB.
    var maxBlobBytes: Int64 { blobBytesPerUser ?? 10 << 20 }
}

/// A `--kinvey-apps` file that cannot be used.
public struct KinveyAppsError: Error, CustomStringConvertible {
    public var path: String
    public var message: String

    public var description: String { "\(path): \(message)" }
}
