import Foundation
import GamePackTestSupport
import Logging
import NIOConcurrencyHelpers
import PostgresNIO
import Testing

@testable import GamePackServer

/// `EarlyLeaseWarningFilter`: postgres-nio's "run() hasn't been called yet" is dropped once the
/// pool's `run` has begun (then it is false: a query leased in the moment between the two), and
/// passed on before; every other message is passed on.
@Suite("The pool's early-lease warning")
struct EarlyLeaseWarningFilterTests {
    /// A handler that keeps what it is given.
    struct Keeping: LogHandler {
        let kept: NIOLockedValueBox<[(Logger.Level, String, Logger.Metadata)]>
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        var metadataProvider: Logger.MetadataProvider?

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            kept.withLockedValue { $0.append((event.level, event.message.description, metadata)) }
        }
    }

    static let warning: Logger.Message =
        "Trying to lease connection from `PostgresClient`, but `PostgresClient.run()` hasn't been called yet."

    @Test("dropped once the pool runs, passed on before it does; other messages always passed on")
    func filter() {
        let kept = NIOLockedValueBox<[(Logger.Level, String, Logger.Metadata)]>([])
        let running = NIOLockedValueBox(false)
        var logger = Logger(label: "test.early-lease") { _ in
            EarlyLeaseWarningFilter(inner: Keeping(kept: kept)) { running.withLockedValue { $0 } }
        }
        logger[metadataKey: "store"] = "postgres"
        logger.warning(Self.warning)
        running.withLockedValue { $0 = true }
        logger.warning(Self.warning)
        logger.warning("Connection refused")
        logger.info(Self.warning)
        let messages = kept.withLockedValue { $0 }
        #expect(messages.map(\.0) == [.warning, .warning, .info])
        #expect(messages.map(\.1) == [Self.warning.description, "Connection refused", Self.warning.description])
        #expect(messages.allSatisfy { $0.2["store"] == "postgres" }, "metadata set on the logger reaches the handler")
        logger.logLevel = .error
        logger.warning("Connection refused")
        #expect(kept.withLockedValue { $0.count } == 3, "the level set on the logger is the inner handler's")
    }

    @Test("queries waiting for a pool answer when it starts; nothing is warned, also when it stalls", .requires(.postgres))
    func queriesBeforeRun() async throws {
        let admin = try #require(StoreKind.postgresURL, "GAMEPACK_TEST_POSTGRES_URL is not set")
        let kept = NIOLockedValueBox<[(Logger.Level, String, Logger.Metadata)]>([])
        let logger = Logger(label: "test.early-lease") { _ in Keeping(kept: kept) }
        // Half the pools stall 300 ms between waking the queries and postgres-nio's `run`, as a
        // thread not scheduled does: the queries lease in between, and postgres-nio warns.
        for round in 0..<6 {
            let pool = PostgresPool(configuration: try PostgresStore.configuration(url: admin), logger: logger)
            let answers = try await withThrowingTaskGroup(of: Int.self) { group in
                for number in 0..<8 {
                    group.addTask {
                        let rows = try await pool.query("SELECT \(number)::int8 + 1")
                        return try rows.rows.first?.decode(Int.self) ?? -1
                    }
                }
                let runner = Task {
                    await pool.run { if round.isMultiple(of: 2) { try? await Task.sleep(for: .milliseconds(300)) } }
                }
                defer { runner.cancel() }
                var answers: [Int] = []
                for try await answer in group { answers.append(answer) }
                return answers.sorted()
            }
            #expect(answers == Array(1...8))
        }
        let warnings = kept.withLockedValue { $0 }.filter { $0.0 >= .warning }
        #expect(warnings.isEmpty, "\(warnings.map(\.1))")
    }
}
