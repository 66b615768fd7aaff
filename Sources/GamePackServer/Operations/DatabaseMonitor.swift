import Foundation
import Logging
import NIOConcurrencyHelpers

/// Asks the store for its schema version every `interval`, bounded by `timeout`, and keeps the
/// outcome: whether the database answers, and whether its schema is the one this code knows.
/// Requests that need the database are refused at once with 503 while it does not answer
/// (`DatabaseOutageMiddleware`), rather than waiting on a connection that is not coming; the
/// store's connection pool reconnects by itself, with backoff, and the next probe that
/// succeeds lets requests through again.
final class DatabaseMonitor: Sendable {
    /// What the last probe found.
    struct State: Sendable {
        /// nil while the database answers; else why it does not.
        var outage: String?
        /// The schema version the database reported last.
        var schema: Int
    }

    let store: any MetadataStore
    let interval: Duration
    let timeout: Duration
    let logger: Logger
    private let state: NIOLockedValueBox<State>
    /// The reads in progress: requests (`whileReading`), and the store's own (the chunks of a
    /// pack being streamed), all cancelled when a probe finds the database gone.
    let reads: ReadsInFlight

    init(
        store: any MetadataStore, reads: ReadsInFlight = ReadsInFlight(), interval: Duration = .milliseconds(500),
        timeout: Duration = .seconds(1), logger: Logger
    ) {
        self.store = store
        self.reads = reads
        self.interval = interval
        self.timeout = timeout
        self.logger = logger
        state = NIOLockedValueBox(State(outage: nil, schema: SchemaMigrations.latest))
    }

    /// The last probe's outcome.
    var current: State { state.withLockedValue { $0 } }

    /// The readiness checks this monitor answers: `database` (it answers) and `migrations`
    /// (its schema is this code's).
    var checks: [ReadinessCheck] {
        [
            ReadinessCheck(name: "database") { [self] in current.outage },
            ReadinessCheck(name: "migrations") { [self] in
                let schema = current.schema
                return schema == SchemaMigrations.latest
                    ? nil : "the database is at schema version \(schema); this gamepack needs \(SchemaMigrations.latest)"
            },
        ]
    }

    /// `read`'s result. A read still in progress when a probe finds the database gone is
    /// cancelled then and answered 503 (`DatabaseOutageMiddleware`): it may be waiting for a
    /// connection that is not coming. Costs a task per read and no timer: the probe, which
    /// runs anyway, is the one clock.
    func whileReading<T: Sendable>(_ read: Task<T, any Error>) async throws -> T {
        let number = reads.started { read.cancel() }
        defer { reads.finished(number) }
        do {
            return try await withTaskCancellationHandler {
                try await read.value
            } onCancel: {
                read.cancel()
            }
        } catch {
            if let outage = current.outage { throw ServerError.databaseUnavailable(outage) }
            throw error
        }
    }

    /// Probes until cancelled.
    func run() async {
        while !Task.isCancelled {
            await probe()
            try? await Task.sleep(for: interval)
        }
    }

    /// One probe: the schema version within `timeout`.
    func probe() async {
        let store = self.store
        do {
            let schema = try await DatabaseDeadline.within(timeout) { try await store.schemaVersion() }
            // Reads admitted first: a request let through once the outage is cleared must not
            // be cancelled as it starts.
            reads.admit()
            let previous = state.withLockedValue { state in
                defer { state = State(outage: nil, schema: schema) }
                return state.outage
            }
            if previous != nil { logger.notice("database answers again") }
        } catch {
            // The monitor stopping (the server shutting down) is no outage.
            if Task.isCancelled { return }
            let outage = DatabaseOutage.reason(error) ?? "the database failed: \(error)"
            let previous = state.withLockedValue { state in
                defer { state.outage = outage }
                return state.outage
            }
            if previous == nil {
                logger.error("database unreachable; answering 503 until it is back", metadata: ["error": "\(outage)"])
            }
            reads.refuse()
        }
    }
}
