import ArgumentParser
import Foundation
import GamePackFormat
import GamePackServer
import Logging

/// Where the server's data and metadata are: shared by `serve` and `serve token`.
struct ServerStoreOptions: ParsableArguments {
    @Option(
        help: "The data directory: pack files, and the SQLite database unless --database says otherwise (created on first start)."
    )
    var data: String = "gamepack-data"

    @Option(
        help: ArgumentHelp(
            "The metadata database: sqlite:PATH (default DATA/gamepack.sqlite) or postgres://USER[:PASSWORD]@HOST[:PORT]/DB.",
            discussion: "Also read from GAMEPACK_DATABASE."))
    var database: String?

    var dataDirectory: URL { URL(fileURLWithPath: data).standardizedFileURL }

    func location() throws -> StoreLocation {
        try StoreLocation(
            database ?? ProcessInfo.processInfo.environment["GAMEPACK_DATABASE"], dataDirectory: dataDirectory)
    }
}

/// `gamepack serve`: run the content server, or manage its upload tokens.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the content server (modern v1 API and legacy gohike API), or manage its upload tokens.",
        subcommands: [ServeRunCommand.self, TokenCommand.self],
        defaultSubcommand: ServeRunCommand.self
    )
}

/// `gamepack serve [--data DIR] [--database URL] [--host H] [--port P] [--trusted-key FILE ...]`.
struct ServeRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the content server until SIGTERM or SIGINT.",
        discussion: """
            Stores packs under --data and metadata in SQLite (DATA/gamepack.sqlite) or, given a \
            PostgreSQL URL, in PostgreSQL so that several servers share one store (they must then \
            share the data directory too). Uploads need a token (`gamepack serve token create`) \
            and a signature by a --trusted-key. The legacy Go Take a Hike! API serves the \
            gohike/content.json of --legacy-project's --legacy-channel. See docs/publishing.md.
            """
    )

    @OptionGroup var storeOptions: ServerStoreOptions

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port, printed at start).")
    var port: Int = 8080

    @Option(name: .customLong("trusted-key"), help: "A minisign public key whose signatures are accepted (repeatable).")
    var trustedKeys: [String] = []

    @Option(help: "The largest pack upload accepted, in bytes (suffixes K, M, G).")
    var uploadLimit: String = "1G"

    @Option(help: "The project the legacy gohike API serves (default: the only project with the legacy channel).")
    var legacyProject: String?

    @Option(help: "The channel the legacy gohike API serves.")
    var legacyChannel: String = "production"

    @Option(
        help: ArgumentHelp(
            "The Take-A-Hike-Secret that legacy check-ins must send (default: GAMEPACK_CHECKIN_SECRET; without one, check-ins are refused)."
        ))
    var checkinSecret: String?

    @Option(
        help: ArgumentHelp(
            "A JSON file naming the apps the Kinvey-compatible read API answers for: each app key and secret, and the project and channel it reads (see README, gamepack serve)."
        ))
    var kinveyApps: String?

    @Option(help: "Seconds a client has to send a request's line and headers, from connecting or from the previous response.")
    var headerTimeout: Int = 10

    @Option(help: "Seconds that may pass between two pieces of a request body before the upload is cut off.")
    var bodyTimeout: Int = 30

    @Option(
        help: ArgumentHelp(
            "The slowest average rate, in bytes per second, a request body may arrive at once --body-timeout has passed since its head.",
            discussion: "A body must be complete by --body-timeout plus its size at this rate, however steadily it trickles in."))
    var minBodyRate: Int = 1_024

    @Option(help: "Seconds an idle keep-alive connection is kept open.")
    var idleTimeout: Int = 60

    @Option(
        help: ArgumentHelp(
            "Seconds requests in flight may go on after SIGTERM or SIGINT before they are cancelled.",
            discussion: "Also read from GAMEPACK_SHUTDOWN_DEADLINE."))
    var shutdownDeadline: Int?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel: String = "info"

    @Option(help: "Log format on standard error: text or json.")
    var logFormat: String = "text"

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown --log-level \(logLevel)") }
        guard ["text", "json"].contains(logFormat) else { throw ValidationError("--log-format is text or json") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0-65535") }
        guard ByteSize.parse(uploadLimit) != nil else { throw ValidationError("--upload-limit: not a size (\(uploadLimit))") }
        if let legacyProject, !ChannelPointer.isSafeName(legacyProject) {
            throw ValidationError("--legacy-project: not a project name")
        }
        guard ChannelPointer.isSafeName(legacyChannel) else { throw ValidationError("--legacy-channel: not a channel name") }
        for (name, value) in [
            ("--header-timeout", headerTimeout), ("--body-timeout", bodyTimeout), ("--idle-timeout", idleTimeout),
        ]
        where value < 1 {
            throw ValidationError("\(name) must be a whole number of seconds, 1 or more")
        }
        guard minBodyRate >= 1 else {
            throw ValidationError("--min-body-rate must be a whole number of bytes a second, 1 or more")
        }
        _ = try shutdownSeconds()
    }

    /// `--shutdown-deadline`, else GAMEPACK_SHUTDOWN_DEADLINE, else 10 seconds.
    func shutdownSeconds() throws -> Int {
        if let shutdownDeadline {
            guard shutdownDeadline >= 0 else { throw ValidationError("--shutdown-deadline must be 0 or more seconds") }
            return shutdownDeadline
        }
        guard let text = ProcessInfo.processInfo.environment["GAMEPACK_SHUTDOWN_DEADLINE"] else { return 10 }
        guard let seconds = Int(text.trimmingCharacters(in: .whitespaces)), seconds >= 0 else {
            throw ValidationError("GAMEPACK_SHUTDOWN_DEADLINE must be a whole number of seconds, 0 or more (it is \"\(text)\")")
        }
        return seconds
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        let json = logFormat == "json"
        LoggingSystem.bootstrap { label in
            var handler: any LogHandler = json ? JSONLogHandler(label: label) : StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "gamepack.serve")
        var keys: [MinisignPublicKey] = []
        for path in trustedKeys {
            do {
                keys.append(try KeyFiles.readPublicKey(path, optionName: "--trusted-key"))
            } catch {
                Terminal.error("\(error)")
                throw ExitCode(2)
            }
        }
        if keys.isEmpty {
            logger.warning("no --trusted-key given: every upload and channel write will be refused")
        }
        let server: ContentServer
        do {
            let location = try storeOptions.location()
            try FileManager.default.createDirectory(at: storeOptions.dataDirectory, withIntermediateDirectories: true)
            let apps = try kinveyApps.map { try KinveyApp.load(URL(fileURLWithPath: $0)) } ?? []
            let store = try await location.open(logger: Logger(label: "gamepack.store"))
            var configuration = ServerConfiguration(
                dataDirectory: storeOptions.dataDirectory, store: location, host: host, port: port, trustedKeys: keys,
                uploadLimit: ByteSize.parse(uploadLimit)!, legacyProject: legacyProject, legacyChannel: legacyChannel,
                checkinSecret: checkinSecret ?? ProcessInfo.processInfo.environment["GAMEPACK_CHECKIN_SECRET"])
            configuration.kinveyApps = apps
            server = try ContentServer(configuration: configuration, store: store, logger: logger)
        } catch {
            throw failure(error)
        }
        do {
            var limits = ConnectionGuard.Limits.standard
            limits.headerTimeout = .seconds(Int64(headerTimeout))
            limits.readTimeout = .seconds(Int64(bodyTimeout))
            limits.minimumBodyRate = minBodyRate
            limits.idleTimeout = .seconds(Int64(idleTimeout))
            try await server.run(connectionLimits: limits, shutdownDeadline: .seconds(try shutdownSeconds())) { host, port in
                print("gamepack serve: listening on http://\(host):\(port)")
                fflush(nil)
            }
        } catch let inUse as ContentServer.AddressInUse {
            Terminal.error("\(inUse); stop the other server or pass --port N (--port 0 picks a free port)")
            throw ExitCode(2)
        } catch {
            throw failure(error)
        }
    }
}

/// `gamepack serve token create|revoke|list`.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Create, revoke or list upload tokens (stored hashed; a token is shown only once).",
        subcommands: [Create.self, Revoke.self, List.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create an upload token and print it (give it to publishers as GAMEPACK_TOKEN).")
        @OptionGroup var storeOptions: ServerStoreOptions
        @Option(help: "Who or what the token is for.")
        var note: String = ""

        func run() async throws {
            try await TokenCommand.withStore(storeOptions) { store in
                let (token, stored) = UploadTokens.create(note: note)
                try await store.insertToken(stored)
                print(token)
                Terminal.info("token \(stored.id) created; it is shown only this once")
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke", abstract: "Revoke a token, given the token itself or its id.")
        @OptionGroup var storeOptions: ServerStoreOptions
        @Argument(help: "The token (gpt_…) or its 12-digit id from `token list`.")
        var token: String

        func run() async throws {
            try await TokenCommand.withStore(storeOptions) { store in
                let key = token.hasPrefix("gpt_") ? UploadTokens.hash(token) : token
                guard try await store.revokeToken(idOrHash: key, at: ChannelPointer.formatTime(Date())) else {
                    Terminal.error("no active token matches \(token.hasPrefix("gpt_") ? "that token" : token)")
                    throw ExitCode(1)
                }
                print("revoked")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List tokens: id, created, revoked, note.")
        @OptionGroup var storeOptions: ServerStoreOptions

        func run() async throws {
            try await TokenCommand.withStore(storeOptions) { store in
                for token in try await store.tokens() {
                    print(
                        "\(token.id)  created \(token.created)  \(token.revoked.map { "revoked \($0)" } ?? "active")  \(token.note)"
                    )
                }
            }
        }
    }

    /// Opens the store (migrating it), runs `body`, closes it; I/O problems exit 2.
    static func withStore(_ options: ServerStoreOptions, _ body: (any MetadataStore) async throws -> Void) async throws {
        let store: any MetadataStore
        do {
            try FileManager.default.createDirectory(at: options.dataDirectory, withIntermediateDirectories: true)
            store = try await options.location().open()
        } catch {
            throw failure(error)
        }
        do {
            try await body(store)
        } catch let exit as ExitCode {
            await store.close()
            throw exit
        } catch {
            await store.close()
            throw failure(error)
        }
        await store.close()
    }
}

/// Byte sizes written with an optional K, M or G suffix (powers of 1024).
enum ByteSize {
    static func parse(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let multipliers: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        if let last = trimmed.last, let multiplier = multipliers[last] {
            guard let value = Int64(trimmed.dropLast()), value > 0 else { return nil }
            return value * multiplier
        }
        guard let value = Int64(trimmed), value > 0 else { return nil }
        return value
    }
}
