import Foundation

/// One Appacitive app the Appacitive-compatible API answers for (DealHunter): the API key and
/// environment the Appacitive iOS SDK sends (`Appacitive-Apikey`, `Appacitive-Environment`),
/// the project and channel whose `canonical` target it reads, which pack collection each
/// Appacitive type is, the relations between types, and the app's users. Read from the JSON
/// file given to `gamepack serve --appacitive-apps`:
///
/// ```json
/// {"apps": [{"apiKey": "…", "project": "dealhunter", "channel": "production",
///            "environment": "sandbox",
///            "types": {"deal": "deals", "dealdetail": "dealdetails"},
///            "relations": {"details": {"from": "deal", "to": "dealdetail", "property": "details"}},
///            "users": [{"username": "john.doe", "password": "p@ssw0rd", "email": "john@example.com"}]}]}
/// ```
///
/// A relation's `property` is a field of the `from` type's items holding the id (or a list of
/// ids) of `to` items, as gamepack references are written, or an object embedded in the item.
///
/// DealHunter has no sign-up, so its users come from this file: each is created in the
/// server's database at the app's first login, or updated when the file's password or profile
/// changed. A user gives `password` (hashed at start; keep the file private) or `passwordHash`
/// (a `PasswordHash` text, so the file need not hold the password).
public struct AppacitiveApp: Sendable, Codable, Equatable {
    /// The `Appacitive-Apikey` header's value.
    public var apiKey: String
    public var project: String
    public var channel: String
    /// The `Appacitive-Environment` accepted (`sandbox` or `live`; compared ignoring case).
    public var environment: String
    /// Appacitive type name → the pack's collection (canonical target).
    public var types: [String: String]
    /// Relation name → its two types and the `from` type's property linking them.
    public var relations: [String: Relation]?
    /// The app's users.
    public var users: [User]?

    /// A relation between two types (`details`: `deal` → `dealdetail`).
    public struct Relation: Sendable, Codable, Equatable {
        public var from: String
        public var to: String
        /// The `from` item's field: a reference (id or list of ids) or an embedded object.
        public var property: String

        public init(from: String, to: String, property: String) {
            self.from = from
            self.to = to
            self.property = property
        }
    }

    /// A user of the app, as declared in the file.
    public struct User: Sendable, Codable, Equatable {
        public var username: String
        public var password: String?
        public var passwordHash: String?
        public var email: String?
        public var firstname: String?
        public var lastname: String?

        public init(username: String, password: String? = nil, passwordHash: String? = nil, email: String? = nil) {
            self.username = username
            self.password = password
            self.passwordHash = passwordHash
            self.email = email
        }

        /// The profile fields as a JSON object's text (sorted keys).
        var profile: String {
            var object: [String: String] = [:]
            object["email"] = email
            object["firstname"] = firstname
            object["lastname"] = lastname
            return ContentJSON.serialize(object)
        }
    }

    public init(
        apiKey: String, project: String, channel: String, environment: String, types: [String: String],
        relations: [String: Relation]? = nil, users: [User]? = nil
    ) {
        self.apiKey = apiKey
        self.project = project
        self.channel = channel
        self.environment = environment
        self.types = types
        self.relations = relations
        self.users = users
    }

    /// The accounts realm of this app's users.
    var realm: String { "appacitive:\(project)" }

    /// The file `--appacitive-apps` names.
    public struct File: Codable, Sendable {
        public var apps: [AppacitiveApp]
    }

    /// Reads and checks an `--appacitive-apps` file.
    /// - Throws: `AppacitiveAppsError` naming the file and what is wrong.
    public static func load(_ url: URL) throws -> [AppacitiveApp] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw AppacitiveAppsError(path: url.path, message: "cannot read it: \(error.localizedDescription)")
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw AppacitiveAppsError(
                path: url.path,
                message:
                    "not the expected JSON (\(DecodingErrorSummary.describe(error))); write {\"apps\": [{\"apiKey\", \"project\", \"channel\", \"environment\", \"types\"}]}"
            )
        }
        try check(file.apps, path: url.path)
        return file.apps
    }

    /// Checks keys, relations and users, naming the first problem.
    static func check(_ apps: [AppacitiveApp], path: String) throws {
        var seen: Set<String> = []
        for app in apps {
            let problem = AppacitiveAppsError.self
            guard !app.apiKey.isEmpty else { throw problem.init(path: path, message: "every app needs a non-empty apiKey") }
            guard seen.insert(app.apiKey).inserted else {
                throw problem.init(path: path, message: "apiKey \(app.apiKey) appears twice")
            }
            for (name, relation) in app.relations ?? [:] {
                for type in [relation.from, relation.to] where app.types[type] == nil {
                    throw problem.init(path: path, message: "relation \(name) names type \(type), which is not in types")
                }
            }
            var names: Set<String> = []
            for user in app.users ?? [] {
                guard !user.username.isEmpty, names.insert(user.username).inserted else {
                    throw problem.init(path: path, message: "user names must be non-empty and unique (\(user.username))")
                }
                guard (user.password == nil) != (user.passwordHash == nil) else {
                    throw problem.init(path: path, message: "user \(user.username) needs either password or passwordHash")
                }
                if let hash = user.passwordHash, !PasswordHash.isWellFormed(hash) {
                    throw problem.init(
                        path: path,
                        message:
                            "user \(user.username): passwordHash is not pbkdf2-sha256$ITERATIONS$SALT$HASH with \(PasswordHash.iterationRange) iterations"
                    )
                }
            }
        }
    }
}

/// An `--appacitive-apps` file that cannot be used.
public struct AppacitiveAppsError: Error, CustomStringConvertible {
    public var path: String
    public var message: String

    public var description: String { "\(path): \(message)" }
}
