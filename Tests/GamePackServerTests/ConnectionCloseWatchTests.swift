import Foundation
import GamePackTestSupport
import Logging
import NIOConcurrencyHelpers
import PostgresNIO
import Testing

@testable import GamePackServer

/// `ConnectionCloseWatch`: a wait on a PostgreSQL connection ends when the connection closes or
/// the caller is cancelled, even when the operation itself would never end (postgres-nio 1.33.2's
/// query on a connection that closed a moment before it was leased).
@Suite("Queries on a PostgreSQL connection that closes", .tags(.postgres), .requires(.postgres))
struct ConnectionCloseWatchTests {
    static let logger = Logger(label: "test.close-watch")

    static func connect() async throws -> PostgresConnection {
        let admin = try #require(StoreKind.postgresURL, "GAMEPACK_TEST_POSTGRES_URL is not set")
        let configuration = try PostgresAddress(url: admin).connectionConfiguration(connectTimeout: .seconds(5))
        return try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
    }

    @Test("a query on an open connection answers through the watch, and the connection is forgotten once closed")
    func openConnection() async throws {
        let watch = ConnectionCloseWatch()
        let connection = try await Self.connect()
        let rows = try await watch.run(on: connection) { try await connection.query("SELECT 41 + 1", logger: Self.logger) }
        var values: [Int] = []
        for try await value in rows.decode(Int.self) { values.append(value) }
        #expect(values == [42])
        #expect(watch.watchedConnections == 1)
        try await connection.close()
        try await Task.sleep(for: .milliseconds(100))
        #expect(watch.watchedConnections == 0, "a closed connection is not kept")
    }

    @Test("an operation that never ends, on a connection that closes: the caller gets ConnectionClosed at the close")
    func closeEndsTheWait() async throws {
        let watch = ConnectionCloseWatch()
        let connection = try await Self.connect()
        let never = NeverEnding()
        let started = Date()
        let waiting = Task { try await watch.run(on: connection) { await never.wait() } }
        try await Task.sleep(for: .milliseconds(200))
        try await connection.close()
        let outcome = await waiting.result
        #expect(throws: ConnectionClosed.self) { try outcome.get() }
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(DatabaseOutage.reason(ConnectionClosed()) != nil, "a closed connection is an outage: 503, not 500")
        never.end()
    }

    @Test("an operation deaf to cancellation: the cancelled caller is answered at once")
    func cancellationEndsTheWait() async throws {
        let watch = ConnectionCloseWatch()
        let connection = try await Self.connect()
        let never = NeverEnding()
        let waiting = Task { try await watch.run(on: connection) { await never.wait() } }
        try await Task.sleep(for: .milliseconds(200))
        let cancelled = Date()
        waiting.cancel()
        let outcome = await waiting.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(Date().timeIntervalSince(cancelled) < 2)
        never.end()
        try await connection.close()
    }

    @Test("a query on a connection closed before it: ConnectionClosed, where postgres-nio alone would wait forever")
    func closedBefore() async throws {
        let watch = ConnectionCloseWatch()
        let connection = try await Self.connect()
        try await connection.close()
        // The channel's handlers go a moment after the close: a write then fails with no one told.
        try await Task.sleep(for: .milliseconds(100))
        let waiting = Task { try await watch.run(on: connection) { try await connection.query("SELECT 1", logger: Self.logger) } }
        let deadline = Task {
            try await Task.sleep(for: .seconds(10))
            waiting.cancel()
        }
        let outcome = await waiting.result
        deadline.cancel()
        #expect(throws: ConnectionClosed.self, "answered by the close, not by the test's deadline") { try outcome.get() }
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

/// An operation that ignores cancellation and ends only when told (`end`).
private final class NeverEnding: Sendable {
    private let waiters = NIOLockedValueBox<(ended: Bool, continuations: [CheckedContinuation<Int, Never>])>((false, []))

    func wait() async -> Int {
        await withCheckedContinuation { continuation in
            let ended = waiters.withLockedValue { state in
                if !state.ended { state.continuations.append(continuation) }
                return state.ended
            }
            if ended { continuation.resume(returning: 0) }
        }
    }

    func end() {
        let continuations = waiters.withLockedValue { state in
            state.ended = true
            defer { state.continuations = [] }
            return state.continuations
        }
        for continuation in continuations { continuation.resume(returning: 0) }
    }
}
