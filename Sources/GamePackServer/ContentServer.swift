import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle

/// The gamepack content server: the modern `v1/` API of `docs/publishing.md` (signed channel
/// pointers, packs and files by SHA-256, uploads and channel writes), the legacy Go Take a Hike!
/// v1 API (`/api/ping`, `/api/content`, `/api/checkin`), `/health` and `/metrics`.
///
/// The server holds no secret key: it accepts packs and channel pointers signed by its trusted
/// keys and serves them as they were signed.
public final class ContentServer: Sendable {
    public let configuration: ServerConfiguration
    public let store: any MetadataStore
    public let metrics = ServerMetrics()
    /// Pack bytes: the data folder, or PostgreSQL chunks when the metadata is there.
    public let blobs: any BlobStore
    let logger: Logger
    let legacy: LegacyContentCache
    /// Channels' content for the query and Kinvey routes.
    let content: ContentCatalog
    /// `http://host:port` once `run` listens (the public URL when none is configured).
    let listening = NIOLockedValueBox<String?>(nil)
    /// What `/ready` checks; `database` and `migrations` from the start, more may be added.
    public let readiness = Readiness()
    /// Whether the database answers; while it does not, requests get 503 at once.
    let monitor: DatabaseMonitor
    /// Which blobs are damaged, for `/ready`.
    let blobWatch: BlobWatch

    /// The base of absolute URLs the server hands out: the configured public URL, else the
    /// address it listens on; never a request's `Host` header.
    @Sendable func publicURL() -> String {
        configuration.publicURL
            ?? listening.withLockedValue { $0 } ?? "http://\(configuration.host):\(configuration.port)"
    }

    /// A server over an opened, migrated store. Creates the data directory's folders.
    public init(configuration: ServerConfiguration, store: any MetadataStore, logger: Logger) throws {
        self.configuration = configuration
        self.store = store
        self.logger = logger
        blobs = BlobStores.make(
            for: store, dataDirectory: configuration.dataDirectory,
            cache: configuration.blobCache.map { BlobCache(directory: $0.directory, limit: $0.limit) })
        try blobs.prepare()
        legacy = LegacyContentCache(
            store: store, project: configuration.legacyProject, channel: configuration.legacyChannel,
            maxAge: configuration.legacyCacheSeconds)
        content = ContentCatalog(store: store, blobs: blobs, maxAge: configuration.legacyCacheSeconds, logger: logger)
        monitor = DatabaseMonitor(
            store: store, reads: (store as? PostgresStore)?.readsInFlight ?? ReadsInFlight(), logger: logger)
        for check in monitor.checks { readiness.add(check) }
        blobWatch = BlobWatch(blobs: blobs, interval: configuration.blobCheckInterval, logger: logger)
        readiness.add(blobWatch.check)
    }

    /// Drops every cached view of the channels (another instance moved one, or the change feed
    /// subscribed again and may have missed a move).
    func dropCaches() {
        legacy.invalidate()
        content.invalidate()
    }

    /// The work that runs beside the listener: the database probe, the blob check and, on
    /// PostgreSQL, the change feed that keeps this instance's caches in step with the others'.
    func startBackground() -> Task<Void, Never> {
        let feed = (store as? PostgresStore).map { PostgresChangeFeed(client: $0.client, logger: logger) }
        return Task { [monitor, blobWatch] in
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await monitor.run() }
                group.addTask { await blobWatch.run() }
                if let feed {
                    group.addTask {
                        await feed.run(changed: { _ in self.dropCaches() }, subscribed: { self.dropCaches() })
                    }
                }
            }
        }
    }

    /// The routes, one controller per concern, with the error and metrics middleware.
    public func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        router.middlewares.add(MetricsMiddleware(metrics: metrics))
        router.middlewares.add(ErrorMiddleware())
        router.middlewares.add(DatabaseOutageMiddleware(monitor: monitor))
        router.middlewares.add(KinveyMiddleware())
        let ingest = PackIngest(
            blobs: blobs, store: store, trustedKeys: configuration.trustedKeys, uploadLimit: configuration.uploadLimit)
        router.addRoutes(StatusController(metrics: metrics, readiness: readiness).routes)
        router.addRoutes(
            ChannelController(
                store: store, blobs: blobs, trustedKeys: configuration.trustedKeys, metrics: metrics, legacy: legacy,
                content: content
            ).routes)
        router.addRoutes(KeySetController(store: store, trustedKeys: configuration.trustedKeys).routes)
        router.addRoutes(PackController(store: store, blobs: blobs, ingest: ingest, metrics: metrics).routes)
        router.addRoutes(
            LegacyController(
                store: store, blobs: blobs, metrics: metrics, legacy: legacy,
                checkinSecret: configuration.checkinSecret
            ).routes)
        router.addRoutes(ContentQueryController(catalog: content).routes)
        if let adoption = store as? any AdoptionStore {
            router.addRoutes(AdoptionController(store: store, adoption: adoption).routes)
        }
        let accounts = (store as? any AccountStore).map { UserAccounts(store: $0) }
        let kinvey = KinveyController(
            catalog: content, apps: configuration.kinveyApps, store: store, accounts: accounts, blobs: blobs,
            publicURL: publicURL)
        router.addRoutes(kinvey.routes)
        router.addRoutes(KinveyUserController(apps: kinvey.apps, auth: kinvey.auth).routes)
        router.addRoutes(
            AppacitiveController(
                catalog: content, apps: configuration.appacitiveApps, accounts: accounts, publicURL: publicURL
            ).routes)
        return router
    }

    /// Runs until SIGTERM or SIGINT, then drains (`/ready` answers 503 for `drainDelay` while
    /// the server still serves), stops accepting connections, lets requests in flight finish (an
    /// upload cut off is discarded whole) and closes the store.
    /// - Parameters:
    ///   - connectionLimits: header, read and idle timeouts and the most connections open at once.
    ///   - shutdownDeadline: how long requests in flight may go on after the listener closes.
    ///   - drainDelay: how long `/ready` answers 503 before the listener closes.
    public func run(
        connectionLimits: ConnectionGuard.Limits = .standard, shutdownDeadline: Duration = .seconds(10),
        drainDelay: Duration = .zero,
        onListening: @escaping @Sendable (_ host: String, _ port: Int) -> Void = { _, _ in }
    ) async throws {
        let connections = ConnectionGuard(limits: connectionLimits)
        let app = Application(
            router: makeRouter(),
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [connections.handler()], idleTimeout: connectionLimits.idleTimeout)),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "gamepack"),
            onServerRunning: { [listening, configuration] channel in
                let host = channel.localAddress?.ipAddress ?? configuration.host
                listening.withLockedValue {
                    $0 = "http://\(host.contains(":") ? "[\(host)]" : host):\(channel.localAddress?.port ?? configuration.port)"
                }
                onListening(channel.localAddress?.ipAddress ?? "?", channel.localAddress?.port ?? 0)
            },
            logger: logger)
        logger.info(
            "starting",
            metadata: [
                "data": "\(configuration.dataDirectory.path)", "database": "\(configuration.store)",
                "trusted_keys": "\(configuration.trustedKeys.map(\.keyIDHex).joined(separator: ","))",
            ])
        let background = startBackground()
        do {
            // After SIGTERM, the drain first (the last service stops first), then requests in
            // flight get `shutdownDeadline`; then they are cancelled (a stalled upload does not
            // keep the server running).
            var group = ServiceGroupConfiguration(
                services: [
                    .init(service: app), .init(service: DrainService(readiness: readiness, delay: drainDelay, logger: logger)),
                ],
                gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
            group.maximumGracefulShutdownDuration = shutdownDeadline + drainDelay
            group.maximumCancellationDuration = .seconds(5)
            try await ServiceGroup(configuration: group).run()
        } catch {
            background.cancel()
            await background.value
            await store.close()
            if let io = error as? IOError, io.errnoCode == EADDRINUSE {
                throw AddressInUse(host: configuration.host, port: configuration.port)
            }
            throw error
        }
        background.cancel()
        await background.value
        await store.close()
        logger.info("stopped")
    }

    /// The server could not listen: another process already holds `host`:`port`.
    public struct AddressInUse: Error, CustomStringConvertible {
        /// The address the server was to listen on.
        public var host: String
        /// The TCP port the server was to listen on.
        public var port: Int

        public var description: String { "\(host):\(port) is already in use" }
    }
}
