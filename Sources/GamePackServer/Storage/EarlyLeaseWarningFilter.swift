import Logging

/// The log handler of a pool's postgres-nio client: it passes every message on to the pool's own
/// handler but one, postgres-nio's warning that a connection was leased before
/// `PostgresClient.run()` was called, and that one only once the pool's `run` has begun.
///
/// `PostgresPool.run` marks itself running, wakes the queries waiting for it, and then calls
/// `PostgresClient.run()`, which notes that it runs as its first step. A woken query on the other
/// core can lease between the two, and postgres-nio then warns, although `run` has been called
/// and the lease waits for it as it should. postgres-nio gives no signal for the moment its `run`
/// has begun, so the pool cannot wake its queries after it; the warning is dropped instead. Before
/// the pool's `run` has begun it is passed on: then it tells of a real mistake.
struct EarlyLeaseWarningFilter: LogHandler {
    var inner: any LogHandler
    /// Whether the pool's `run` has begun.
    let running: @Sendable () -> Bool

    /// The start of postgres-nio 1.33's warning (`PostgresClient.withConnection`).
    static let warningStart = "Trying to lease connection from `PostgresClient`, but `PostgresClient.run()`"

    func log(event: LogEvent) {
        if event.level == .warning, event.message.description.hasPrefix(Self.warningStart), running() { return }
        inner.log(event: event)
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { inner.metadataProvider }
        set { inner.metadataProvider = newValue }
    }

    var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue }
    }

    var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue }
    }
}
