import ArgumentParser
import Foundation
import GamePackFormat
import GamePackPublishing

/// Flags shared by the commands that talk to a `gamepack serve`.
struct ServerOptions: ParsableArguments {
    @Option(help: "The server's base URL, e.g. http://127.0.0.1:8080.")
    var server: String

    @Option(help: "The project (default: the server's only project).")
    var project: String?

    func validate() throws {
        try Self.validate(server: server)
        if let project, !ChannelPointer.isSafeName(project) { throw ValidationError("--project: not a project name") }
    }

    static func validate(server: String) throws {
        guard let url = URL(string: server), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw ValidationError("--server must be an http:// or https:// URL")
        }
    }

    /// A client with the token from `GAMEPACK_TOKEN` (required for writes).
    func client(requireToken: Bool) throws -> ContentServerClient {
        try Self.client(server: server, requireToken: requireToken)
    }

    static func client(server: String, requireToken: Bool) throws -> ContentServerClient {
        let token = ProcessInfo.processInfo.environment["GAMEPACK_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        if requireToken && token == nil {
            Terminal.error("no upload token: set GAMEPACK_TOKEN (create one with `gamepack serve token create`)")
            throw ExitCode(2)
        }
        return ContentServerClient(baseURL: URL(string: server)!, token: token)
    }

    /// `--project`, else the server's only project.
    func resolveProject(_ client: ContentServerClient) async throws -> String {
        try await Self.resolveProject(client, project: project)
    }

    /// `project`, else the server's only project.
    static func resolveProject(_ client: ContentServerClient, project: String?) async throws -> String {
        if let project { return project }
        let projects = try await client.projects()
        guard projects.count == 1 else {
            throw ValidationError(
                projects.isEmpty
                    ? "the server has no projects yet; publish a pack first"
                    : "the server has several projects (\(projects.map(\.project).joined(separator: ", "))); pass --project")
        }
        return projects[0].project
    }
}
/// `--channel NAME`: the channel a command publishes to, rolls back or lists; the same name
/// and default (`staging`) in every command.
struct ChannelOption: ParsableArguments {
    /// The channel commands use when none is given: publishing goes to staging first, and what
    /// was just published is what `history` and `rollback` show.
    static let defaultChannel = "staging"

    @Option(help: "The channel (staging, production, …).")
    var channel: String = ChannelOption.defaultChannel

    func validate() throws {
        guard ChannelPointer.isSafeName(channel) else { throw ValidationError("--channel: not a channel name") }
    }
}
/// Flags shared by the commands that sign a channel pointer.
struct PointerSigningOptions: ParsableArguments {
    @Option(help: "The minisign secret key that signs the channel pointer (default: GAMEPACK_SECRET_KEY).")
    var key: String?

    @Option(
        help: ArgumentHelp(
            "How long clients accept the pointer: Nd, Nh, Nm or never.",
            discussion: "After it, clients refuse the pointer as frozen content until a new one is signed."))
    var expiresIn: String = "90d"

    func validate() throws {
        guard PointerExpiry.parse(expiresIn) != nil else {
            throw ValidationError("--expires-in: use a number with d, h or m (90d, 12h), or never")
        }
    }

    func secretKey() throws -> MinisignSecretKey {
        guard let source = try SigningKeySource.resolve(option: key) else {
            throw SigningProblem(
                "no secret key to sign the channel pointer: pass --key FILE or set \(SigningKeySource.environmentVariable)")
        }
        return source.key
    }

    /// The expiry date for a pointer signed at `now`, if any.
    func expires(from now: Date) -> Date? {
        PointerExpiry.parse(expiresIn)!.map { now.addingTimeInterval($0) }
    }
}
/// `--expires-in` values: seconds, or nil for never.
enum PointerExpiry {
    static func parse(_ text: String) -> TimeInterval?? {
        if text == "never" { return .some(nil) }
        let units: [Character: TimeInterval] = ["d": 86_400, "h": 3_600, "m": 60, "s": 1]
        guard let unit = text.last.flatMap({ units[$0] }), let value = Double(text.dropLast()), value > 0 else { return nil }
        return .some(value * unit)
    }
}
