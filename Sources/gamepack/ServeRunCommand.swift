import ArgumentParser
import Foundation
import GamePackFormat
import GamePackServer
import Logging

/// `gamepack serve [--data DIR] [--database URL] [--host H] [--port P] [--trusted-key FILE ...]`.
struct ServeRunCommand: AsyncParsableCommand, LongRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the content server until SIGTERM or SIGINT.",
        discussion: """
            Stores packs under --data and metadata in SQLite (DATA/gamepack.sqlite) or, given a \
            PostgreSQL URL, in PostgreSQL (pack bytes too) so that several servers share one store \
            (--cache-dir keeps local copies). GET /health answers while the process runs; GET /ready \
            answers 200 when the database answers and is migrated, and 503 from SIGTERM on, for \
            --drain-seconds before the listener closes, so a load balancer takes the server out \
            first. Uploads need a token (`gamepack serve token create`) and a signature by a \
            --trusted-key. The legacy Go Take a Hike! API serves the \
            gohike/content.json of --legacy-project's --legacy-channel. See docs/publishing.md.
            """
    )

    @OptionGroup var storeOptions: ServerStoreOptions
    @OptionGroup var cacheOptions: BlobCacheOptions

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

    @Option(
        help: ArgumentHelp(
            "A JSON file naming the apps the Appacitive-compatible API answers for: each api key and environment, the project and channel it reads, its types, relations and users (see README, gamepack serve)."
        ))
    var appacitiveApps: String?

    @Option(
        help: ArgumentHelp(
            "The server's public base URL (such as https://content.example.com), the start of the absolute URLs it hands out (default: http:// and the address it listens on)."
        ))
    var publicURL: String?

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

    @Option(
        help: ArgumentHelp(
            "Seconds a server may answer from its cached view of a channel before it reads the database again.",
            discussion:
                "With PostgreSQL a channel write reaches every server at once (LISTEN/NOTIFY); this age bounds a missed notice."
        ))
    var cacheSeconds: Double = 1

    @Option(
        help: ArgumentHelp(
            "Seconds /ready answers 503 after SIGTERM, while the server still serves, before the listener closes (default: 5 with PostgreSQL, 0 with SQLite).",
            discussion: "Give the load balancer in front of several servers time to take this one out."))
    var drainSeconds: Int?

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
        guard cacheSeconds >= 0, cacheSeconds.isFinite else {
            throw ValidationError("--cache-seconds must be 0 or more seconds")
        }
        if let drainSeconds, drainSeconds < 0 {
            throw ValidationError("--drain-seconds must be a whole number of seconds, 0 or more")
        }
        guard minBodyRate >= 1 else {
            throw ValidationError("--min-body-rate must be a whole number of bytes a second, 1 or more")
        }
        _ = try shutdownSeconds()
        if let publicURL {
            guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                url.host?.isEmpty == false, url.query == nil, url.fragment == nil
            else { throw ValidationError("--public-url must be an http:// or https:// URL without query (\(publicURL))") }
        }
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
        ServerMemory.keepLargeBuffers()
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
        if let publicURL {
            guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme ?? ""), url.host != nil,
                url.query == nil
            else {
                Terminal.error("--public-url \(publicURL): write an http or https URL such as https://content.example.com")
                throw ExitCode(2)
            }
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
                checkinSecret: checkinSecret ?? ProcessInfo.processInfo.environment["GAMEPACK_CHECKIN_SECRET"],
                legacyCacheSeconds: cacheSeconds)
            configuration.kinveyApps = apps
            configuration.appacitiveApps = try appacitiveApps.map { try AppacitiveApp.load(URL(fileURLWithPath: $0)) } ?? []
            configuration.publicURL = publicURL
            configuration.blobCache = cacheOptions.settings
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
            let drain = drainSeconds ?? (server.configuration.store.isShared ? 5 : 0)
            try await server.run(
                connectionLimits: limits, shutdownDeadline: .seconds(try shutdownSeconds()), drainDelay: .seconds(drain)
            ) { host, port in
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
