import Foundation

/// One Kinvey app the Kinvey-compatible read API answers for: the app key and secret a
/// Kinvey-era client sends (HTTP Basic `appKey:appSecret`) and the project and channel whose
/// `kinvey` target it reads. Read from the JSON file given to `gamepack serve --kinvey-apps`:
///
/// ```json
/// {"apps": [{"appKey": "kid_whackavc", "appSecret": "…", "project": "whack-a-vc",
///            "channel": "production", "name": "Whack-A-VC",
///            "collections": {"VC-Details": "vcs"},
///            "fields": {"VC-Details": {"twitter_handle": "twitter"}}}]}
/// ```
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

    public init(
        appKey: String, appSecret: String, project: String, channel: String, name: String? = nil,
        collections: [String: String]? = nil, fields: [String: [String: String]]? = nil
    ) {
        self.appKey = appKey
        self.appSecret = appSecret
        self.project = project
        self.channel = channel
        self.name = name
        self.collections = collections
        self.fields = fields
    }

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

/// A `--kinvey-apps` file that cannot be used.
public struct KinveyAppsError: Error, CustomStringConvertible {
    public var path: String
    public var message: String

    public var description: String { "\(path): \(message)" }
}
