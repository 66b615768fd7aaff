import Logging
import NIOConcurrencyHelpers
import PostgresNIO

/// The connection pool of a PostgreSQL store, and the only way into it: every query runs on a
/// connection it leases, and starts only once the connection is seen open on its event loop
/// (`OpenConnectionCheck`: postgres-nio 1.33.2 can otherwise leave it waiting forever). The
/// postgres-nio client is private so no query goes around the check.
///
/// `query` and `execute` read the rows whole while the connection is leased; `withRows` streams
/// them to a closure, for results too large to hold. A cancelled call closes its connection
/// (`withConnection`), so no call outlives its task's cancellation by more than a moment.
struct PostgresPool: Sendable {
    private let client: PostgresClient
    let logger: Logger

    /// Whether `run` has begun, and the callers waiting for it.
    private typealias Started = NIOLockedValueBox<(running: Bool, waiting: [CheckedContinuation<Void, Never>])>
    private let started: Started

    init(configuration: PostgresClient.Configuration, logger: Logger) {
        let started = Started((false, []))
        var background = logger
        background.handler = EarlyLeaseWarningFilter(inner: logger.handler) { started.withLockedValue { $0.running } }
        client = PostgresClient(configuration: configuration, backgroundLogger: background)
        self.started = started
        self.logger = logger
    }

    /// Runs the pool until cancelled (`PostgresClient.run`). `between` runs after the waiting
    /// queries are woken and before postgres-nio's `run`: the moment a stalled thread stretches,
    /// which a test widens to show that no warning comes of it.
    func run(between: () async -> Void = {}) async {
        let waiting = started.withLockedValue { started in
            started.running = true
            defer { started.waiting = [] }
            return started.waiting
        }
        for continuation in waiting { continuation.resume() }
        await between()
        await client.run()
    }

    /// Returns once `run` has begun. A store starts its pool in a task and queries at once (its
    /// migrations); a lease before the pool runs waits the same, but postgres-nio logs a warning
    /// for it, which every start printed. Between our `run` and postgres-nio's noting its own, a
    /// query on the other core can still lease first; `EarlyLeaseWarningFilter` drops the warning
    /// then.
    private func running() async {
        if started.withLockedValue({ $0.running }) { return }
        await withCheckedContinuation { continuation in
            let now = started.withLockedValue { started in
                if !started.running { started.waiting.append(continuation) }
                return started.running
            }
            if now { continuation.resume() }
        }
    }

    /// `body` with a leased connection. Cancelling the task closes the connection: postgres-nio
    /// does not end a query it has sent when its task is cancelled, so a database that stopped
    /// answering (a frozen host, a network that drops every packet) would otherwise keep the
    /// caller waiting until it answers again, and a server could not stop. Closing fails the
    /// query at once (`clientClosedConnection`, an outage: 503), and the pool opens another
    /// connection in its place.
    func withConnection<T>(_ body: (GuardedConnection) async throws -> T) async throws -> T {
        let logger = logger
        let leased = NIOLockedValueBox<PostgresConnection?>(nil)
        await running()
        return try await withTaskCancellationHandler {
            try await client.withConnection { connection in
                leased.withLockedValue { $0 = connection }
                defer { leased.withLockedValue { $0 = nil } }
                if Task.isCancelled { connection.close().whenComplete { _ in } }  // cancelled before it was noted
                return try await body(GuardedConnection(connection: connection, logger: logger))
            }
        } onCancel: {
            leased.withLockedValue { $0 }?.close().whenComplete { _ in }
        }
    }

    /// `query`'s rows, read whole.
    @discardableResult
    func query(_ query: PostgresQuery, logger: Logger? = nil) async throws -> PostgresRows {
        try await withRows(query, logger: logger) { rows in
            var collected: [PostgresRow] = []
            for try await row in rows { collected.append(row) }
            return PostgresRows(rows: collected)
        }
    }

    /// `body` over `query`'s rows as they arrive, the connection leased until it returns.
    func withRows<T>(_ query: PostgresQuery, logger: Logger? = nil, _ body: (PostgresRowSequence) async throws -> T)
        async throws -> T
    {
        try await withConnection { connection in try await body(try await connection.query(query, logger: logger)) }
    }

    /// The rows of the prepared `statement`, decoded and read whole.
    func execute<Statement: PostgresPreparedStatement>(_ statement: Statement, logger: Logger? = nil) async throws
        -> [Statement.Row]
    {
        let logger = logger ?? self.logger
        return try await withConnection { leased in
            let connection = leased.connection
            let rows = try await OpenConnectionCheck.start(on: connection) {
                try await connection.execute(statement, logger: logger)
            }
            var decoded: [Statement.Row] = []
            for try await row in rows { decoded.append(row) }
            return decoded
        }
    }

    /// `body` in a transaction: committed when it returns, rolled back when it throws (its own
    /// error is rethrown). A connection whose rollback fails is closed, not handed back mid-transaction.
    func withTransaction<T>(_ body: (GuardedConnection) async throws -> T) async throws -> T {
        try await withConnection { connection in
            try await connection.query("BEGIN")
            let result: T
            do {
                result = try await body(connection)
            } catch {
                do { try await connection.query("ROLLBACK") } catch { await connection.close() }
                throw error
            }
            try await connection.query("COMMIT")
            return result
        }
    }
}
