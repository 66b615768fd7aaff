import ArgumentParser
import Foundation
import GamePackFormat
import GamePackKit
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

/// `gamepack publish PACK --server URL --channel NAME` or `gamepack publish PACK --out DIR --channel NAME`.
struct PublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish a signed pack to a channel on a server (--server) or in a static tree (--out).",
        discussion: """
            Checks the pack, uploads it with its signature (PACK.minisig) using the token in \
            GAMEPACK_TOKEN, then signs a channel pointer whose sequence is the pack's and makes \
            it the channel's head. With --out DIR, writes the same layout as static files for \
            nginx, a CDN or object storage. See docs/publishing.md.
            """
    )

    @Argument(help: "The .gamepack file (its signature is PACK.minisig unless --signature says otherwise).")
    var pack: String

    @Option(help: "The server's base URL.")
    var server: String?

    @Option(help: "A folder to publish into as a static tree, instead of a server.")
    var out: String?

    /// `--to DIR`, the old name of `--out`.
    @Option(name: .customLong("to"), help: .hidden)
    var toAlias: String?

    @OptionGroup var channelOption: ChannelOption

    @Option(help: "The pack's signature file (default: PACK.minisig).")
    var signature: String?

    @OptionGroup var signing: PointerSigningOptions

    @OptionGroup var outputOptions: OutputOptions

    var channel: String { channelOption.channel }

    /// The static tree's folder: `--out`, or its old name `--to`.
    var folder: String? { out ?? toAlias }

    func validate() throws {
        let folder = try OptionAlias.merge(out, toAlias, newName: "--out", oldName: "--to")
        guard (server == nil) != (folder == nil) else { throw ValidationError("give exactly one of --server URL and --out DIR") }
        if let server { try ServerOptions.validate(server: server) }
    }

    func run() async throws {
        do {
            let key = try signing.secretKey()
            let url = URL(fileURLWithPath: pack)
            try InputFile.require(pack, role: "pack")
            let signaturePath = signature ?? pack + ".minisig"
            guard let signatureText = try? String(contentsOfFile: signaturePath, encoding: .utf8) else {
                Terminal.error("\(signaturePath): no signature; sign the pack first (gamepack sign \(pack))")
                throw ExitCode(1)
            }
            if let folder {
                try publishStatic(pack: url, signature: URL(fileURLWithPath: signaturePath), folder: folder, key: key)
                return
            }
            let manifest = try PackArchive.verifyContents(of: url)
            let manifestBytes = try PackArchive.Reader(url: url).data(at: PackFormat.manifestPath, limit: 16 << 20)
            let digest = try Digest.file(at: url)
            let client = try ServerOptions.client(server: server!, requireToken: true)
            let stored = try await client.uploadPack(at: url, sha256: digest.sha256, signature: signatureText)
            let now = Date()
            let pointer = ChannelPointer(
                project: manifest.project, channel: channel, sequence: manifest.sequence, version: manifest.version,
                pack: digest.sha256, size: digest.size, manifest: Digest.sha256Hex(manifestBytes),
                created: ChannelPointer.formatTime(now), expires: signing.expires(from: now).map(ChannelPointer.formatTime))
            let entry = try await client.putPointer(try SignedPointer.sign(pointer, with: key), action: "publish")
            if !outputOptions.quiet {
                print(
                    "Published \(manifest.project) \(manifest.version) to \(channel) at sequence \(entry.sequence)"
                        + " (pack \(digest.sha256.prefix(12)), \(stored ? "uploaded" : "already on the server"))")
            }
        } catch {
            throw failure(error, .publishing)
        }
    }

    /// `--out DIR`: the client library's `StaticPublisher` writes the tree (pointer last).
    func publishStatic(pack: URL, signature: URL, folder: String, key: MinisignSecretKey) throws {
        let now = Date()
        let pointer: ChannelPointer
        do {
            pointer = try StaticPublisher(root: URL(fileURLWithPath: folder)).publish(
                packAt: pack, signatureAt: signature, channel: channel, key: key, expires: signing.expires(from: now),
                now: now)
        } catch let error as GamePackError {
            Terminal.error("\(error)")
            switch error {
            case .publishRefused, .sequenceNotIncreasing: throw ExitCode(1)
            default: throw ExitCode(2)
            }
        }
        guard !outputOptions.quiet else { return }
        print(
            "Published \(pointer.project) \(pointer.version) to \(folder)/\(PublishLayout.channelPointer(project: pointer.project, channel: channel))"
                + " at sequence \(pointer.sequence)")
    }
}

/// `gamepack promote --server URL --from staging --channel production`.
struct PromoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "promote",
        abstract: "Point a channel at the exact pack another channel serves (staging → production).",
        discussion: """
            Signs a new pointer for --channel naming the pack of --from's current pointer. Its \
            sequence is --from's sequence, or one above --channel's when that is higher (so a \
            channel's sequence only grows).
            """
    )

    @OptionGroup var serverOptions: ServerOptions

    @Option(help: "The channel whose pack is promoted.")
    var from: String = ChannelOption.defaultChannel

    @Option(name: .customLong("channel"), help: "The channel to point at that pack (e.g. production).")
    var channelName: String?

    /// `--to CHANNEL`, the old name of `--channel`.
    @Option(name: .customLong("to"), help: .hidden)
    var toAlias: String?

    @OptionGroup var signing: PointerSigningOptions

    @OptionGroup var outputOptions: OutputOptions

    /// The channel promoted into: `--channel`, or its old name `--to`.
    var to: String { channelName ?? toAlias ?? "" }

    func validate() throws {
        guard try OptionAlias.merge(channelName, toAlias, newName: "--channel", oldName: "--to") != nil else {
            throw ValidationError("give the channel to promote into: --channel NAME (e.g. --channel production).")
        }
        guard ChannelPointer.isSafeName(from), ChannelPointer.isSafeName(to), from != to else {
            throw ValidationError("--from and --channel must be two different channel names")
        }
    }

    func run() async throws {
        do {
            let key = try signing.secretKey()
            let client = try serverOptions.client(requireToken: true)
            let project = try await serverOptions.resolveProject(client)
            guard let source = try await client.pointer(project: project, channel: from) else {
                Terminal.error("\(project)/\(from) has no pack to promote")
                throw ExitCode(1)
            }
            let target = try await client.pointer(project: project, channel: to)
            if let target, target.pack == source.pack {
                if !outputOptions.quiet {
                    print("\(project)/\(to) already serves \(source.version) (sequence \(target.sequence)); nothing to do")
                }
                return
            }
            let sequence = max(source.sequence, (target?.sequence ?? -1) + 1)
            let now = Date()
            let pointer = ChannelPointer(
                project: project, channel: to, sequence: sequence, version: source.version, pack: source.pack,
                size: source.size, manifest: source.manifest, created: ChannelPointer.formatTime(now),
                expires: signing.expires(from: now).map(ChannelPointer.formatTime))
            let entry = try await client.putPointer(try SignedPointer.sign(pointer, with: key), action: "promote")
            if !outputOptions.quiet {
                print("Promoted \(project) \(source.version) from \(from) to \(to) at sequence \(entry.sequence)")
            }
        } catch {
            throw failure(error, .publishing)
        }
    }
}

/// `gamepack rollback --server URL --channel production [--pack-version VERSION]`.
struct RollbackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rollback",
        abstract: "Point a channel back at an earlier pack, as a new entry with a higher sequence.",
        discussion: """
            Without --pack-version, goes back to the newest earlier entry whose pack differs from the \
            current one. The new pointer's sequence is one above the current, so clients that \
            refuse lower sequences still take the rollback.
            """
    )

    @OptionGroup var serverOptions: ServerOptions

    @OptionGroup var channelOption: ChannelOption

    @Option(help: "The pack version to go back to, as `history` lists it (default: the previous pack).")
    var packVersion: String?

    /// `--to VERSION`, the old name of `--pack-version`.
    @Option(name: .customLong("to"), help: .hidden)
    var toAlias: String?

    @OptionGroup var signing: PointerSigningOptions

    @OptionGroup var outputOptions: OutputOptions

    var channel: String { channelOption.channel }

    /// The version asked for: `--pack-version`, or its old name `--to`.
    var version: String? { packVersion ?? toAlias }

    func validate() throws {
        _ = try OptionAlias.merge(packVersion, toAlias, newName: "--pack-version", oldName: "--to")
    }

    func run() async throws {
        do {
            let key = try signing.secretKey()
            let client = try serverOptions.client(requireToken: true)
            let project = try await serverOptions.resolveProject(client)
            let entries = try await client.history(project: project, channel: channel)
            guard let current = entries.first else {
                Terminal.error("\(project)/\(channel) has no history to roll back")
                throw ExitCode(1)
            }
            let target: ChannelHistoryEntry?
            if let version {
                guard version != current.version else {
                    Terminal.error("\(project)/\(channel) already serves \(version)")
                    throw ExitCode(1)
                }
                target = entries.first { $0.version == version }
            } else {
                target = entries.first { $0.pack != current.pack }
            }
            guard let target else {
                Terminal.error(
                    version.map { "\(project)/\(channel) never served version \($0)" }
                        ?? "\(project)/\(channel) has no earlier pack to roll back to")
                throw ExitCode(1)
            }
            let now = Date()
            let pointer = ChannelPointer(
                project: project, channel: channel, sequence: current.sequence + 1, version: target.version,
                pack: target.pack, size: target.size, manifest: target.manifest, created: ChannelPointer.formatTime(now),
                expires: signing.expires(from: now).map(ChannelPointer.formatTime))
            let entry = try await client.putPointer(try SignedPointer.sign(pointer, with: key), action: "rollback")
            if !outputOptions.quiet {
                print(
                    "Rolled back \(project)/\(channel) from \(current.version) to \(target.version) at sequence \(entry.sequence)"
                )
            }
        } catch {
            throw failure(error, .publishing)
        }
    }
}

/// `gamepack history --server URL --channel NAME`.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List a channel's history, newest first: sequence, action, version, pack, times."
    )

    @OptionGroup var serverOptions: ServerOptions

    @OptionGroup var channelOption: ChannelOption

    @Option(help: "Output format: text or json.")
    var format: String = "text"

    var channel: String { channelOption.channel }

    func validate() throws {
        guard ["text", "json"].contains(format) else { throw ValidationError("--format is text or json") }
    }

    func run() async throws {
        do {
            let client = try serverOptions.client(requireToken: false)
            let project = try await serverOptions.resolveProject(client)
            let entries = try await client.history(project: project, channel: channel)
            if format == "json" {
                struct Output: Encodable {
                    var project: String
                    var channel: String
                    var entries: [ChannelHistoryEntry]
                }
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(
                    String(
                        decoding: try encoder.encode(Output(project: project, channel: channel, entries: entries)), as: UTF8.self)
                )
                return
            }
            guard !entries.isEmpty else {
                print("\(project)/\(channel): no history")
                return
            }
            print("\(project)/\(channel)")
            let rows =
                [["SEQUENCE", "ACTION", "VERSION", "PACK", "CREATED", "EXPIRES"]]
                + entries.map { entry in
                    [
                        "\(entry.sequence)", entry.action, entry.version, String(entry.pack.prefix(12)), entry.created,
                        entry.expires ?? "never",
                    ]
                }
            let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
            for row in rows {
                print(
                    row.enumerated().map { index, cell in
                        index == 5 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                    }.joined(separator: "  "))
            }
        } catch {
            throw failure(error, .publishing)
        }
    }
}
