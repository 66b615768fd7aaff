import Foundation
import GamePackTestSupport
import Logging
import NIOConcurrencyHelpers
import PostgresNIO
import Testing

@testable import GamePackServer

/// `OpenConnectionCheck`: a query starts on its connection's event loop once the connection is
/// seen open there, and a connection that closed answers `ConnectionClosed` at once, where
/// postgres-nio 1.33.2 alone would wait forever, deaf to cancellation.
@Suite("Queries on a PostgreSQL connection that closes", .tags(.postgres), .requires(.postgres))
struct OpenConnectionCheckTests {
    static let logger = Logger(label: "test.open-connection")

    static func connect() async throws -> PostgresConnection {
        let admin = try #require(StoreKind.postgresURL, "GAMEPACK_TEST_POSTGRES_URL is not set")
        let configuration = try PostgresAddress(url: admin).connectionConfiguration(connectTimeout: .seconds(5))
        return try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
    }

    @Test("a query on an open connection starts on the connection's event loop and answers")
    func openConnection() async throws {
        let connection = try await Self.connect()
        let (onLoop, values) = try await OpenConnectionCheck.start(on: connection) {
            let onLoop = connection.eventLoop.inEventLoop
            var values: [Int] = []
            for try await value in try await connection.query("SELECT 41 + 1", logger: Self.logger).decode(Int.self) {
                values.append(value)
            }
            return (onLoop, values)
        }
        #expect(onLoop, "the check and the write run where the connection closes: its event loop")
        #expect(!connection.eventLoop.inEventLoop, "the caller goes on off the loop, whose threads are for I/O")
        #expect(values == [42])
        try await connection.close()
    }

    @Test("a query on a connection closed before it: ConnectionClosed at once, where postgres-nio alone waits forever")
    func closedBefore() async throws {
        let connection = try await Self.connect()
        try await connection.close()
        // The channel's handlers go a moment after the close: a write then fails with no one told.
        try await Task.sleep(for: .milliseconds(100))
        let started = Date()
        // A query that waits anyway is stuck for good (cancelling it does nothing): it is left
        // behind, and the test fails on the time rather than hanging.
        let answer = NIOLockedValueBox<Result<PostgresRowSequence, any Error>?>(nil)
        Task {
            let result: Result<PostgresRowSequence, any Error>
            do {
                result = .success(
                    try await OpenConnectionCheck.start(on: connection) {
                        try await connection.query("SELECT 1", logger: Self.logger)
                    })
            } catch {
                result = .failure(error)
            }
            answer.withLockedValue { $0 = result }
        }
        while answer.withLockedValue({ $0 }) == nil && Date().timeIntervalSince(started) < 10 {
            try await Task.sleep(for: .milliseconds(20))
        }
        let result = try #require(answer.withLockedValue { $0 }, "no answer within 10 s")
        #expect(throws: ConnectionClosed.self) { try result.get() }
        #expect(DatabaseOutage.reason(ConnectionClosed()) != nil, "a closed connection is an outage: 503, not 500")
    }

    @Test("a cancelled query through the pool ends at once, an outage, where postgres-nio alone waits for the answer")
    func cancelledQuery() async throws {
        let admin = try #require(StoreKind.postgresURL, "GAMEPACK_TEST_POSTGRES_URL is not set")
        let store = try PostgresStore(url: admin)
        // `pg_sleep` stands for a database that stopped answering: the query is sent and no answer
        // comes for 120 s. Cancelling its task must end it (by closing its connection). The
        // bounds are far from both ends: the test process's two cooperative threads can be held
        // by other suites' synchronous tests (stalls of 20–25 s were seen beside them), which
        // delays the answer's task but cannot make it wait for pg_sleep.
        let mark = "cancelled-query-\(UUID().uuidString)"
        let query = Task { try await store.client.query(PostgresQuery(unsafeSQL: "SELECT pg_sleep(120) /* \(mark) */")) }
        // Cancelled only once PostgreSQL runs it: a task cancelled while it still waits for a
        // connection ends with the pool's `CancellationError` before any query is sent (seen
        // when the sleep of half a second this waited before was not enough, 2026-12-03).
        let running = try await Self.waitUntilRunning(mark, through: store, within: 30)
        try #require(running, "PostgreSQL did not show the query running within 30 s")
        let started = Date()
        query.cancel()
        let answer = NIOLockedValueBox<Result<PostgresRows, any Error>?>(nil)
        Task { answer.withLockedValue { [result = await query.result] in $0 = result } }
        while answer.withLockedValue({ $0 }) == nil && Date().timeIntervalSince(started) < 70 {
            try await Task.sleep(for: .milliseconds(20))
        }
        let result = try #require(answer.withLockedValue { $0 }, "no answer within 70 s of the cancellation")
        #expect(Date().timeIntervalSince(started) < 60, "ended by the cancellation, not by pg_sleep's 120 s")
        #expect(throws: (any Error).self) { try result.get() }
        if case .failure(let error) = result {
            #expect(DatabaseOutage.reason(error) != nil, "a closed connection is an outage (503): \(error)")
        }
        // The pool goes on with another connection.
        var values: [Int] = []
        for try await value in try await store.client.query("SELECT 7").decode(Int.self) { values.append(value) }
        #expect(values == [7])
        await store.close()
    }

    /// Whether a query whose text holds `mark` is running on another connection, asked of
    /// `pg_stat_activity` every 50 ms for up to `seconds` seconds.
    static func waitUntilRunning(_ mark: String, through store: PostgresStore, within seconds: Double) async throws -> Bool {
        let started = Date()
        while Date().timeIntervalSince(started) < seconds {
            let sql =
                "SELECT count(*)::int FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid() AND query LIKE '%\(mark)%'"
            var counts: [Int] = []
            for try await value in try await store.client.query(PostgresQuery(unsafeSQL: sql)).decode(Int.self) {
                counts.append(value)
            }
            if counts.contains(where: { $0 > 0 }) { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    @Test("a transaction through the pool commits its work, and a failing body rolls it back")
    func transaction() async throws {
        let admin = try #require(StoreKind.postgresURL, "GAMEPACK_TEST_POSTGRES_URL is not set")
        let store = try PostgresStore(url: admin)
        let table = "close_watch_\(UUID().uuidString.prefix(8).lowercased())"
        try await store.client.query(PostgresQuery(unsafeSQL: "CREATE TABLE \(table) (n INT)"))
        try await store.transaction { connection in
            try await connection.query(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1)"))
        }
        await #expect(throws: StoreError.self) {
            try await store.transaction { connection in
                try await connection.query(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (2)"))
                throw StoreError.database("the body fails")
            }
        }
        var values: [Int] = []
        for try await n in try await store.client.query(PostgresQuery(unsafeSQL: "SELECT n FROM \(table) ORDER BY n"))
            .decode(Int.self)
        {
            values.append(n)
        }
        #expect(values == [1], "the committed row stays, the rolled-back one is gone")
        try await store.client.query(PostgresQuery(unsafeSQL: "DROP TABLE \(table)"))
        await store.close()
    }
}
