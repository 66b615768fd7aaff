import Foundation
import NIOConcurrencyHelpers
import NIOCore
import PostgresNIO

/// Tells a database that cannot be reached (connection refused or closed, the server shutting
/// down, no connection within a deadline) from other database errors: an outage answers 503
/// with `Retry-After`, never 500.
enum DatabaseOutage {
    /// Why the database is out, when `error` says it is; nil for any other error.
    static func reason(_ error: any Error) -> String? {
        if let deadline = error as? DatabaseDeadline { return deadline.description }
        if let closed = error as? ConnectionClosed { return closed.description }
        if let error = error as? PSQLError {
            switch error.code {
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed,
                .queryCancelled:
                return "the connection to PostgreSQL failed (\(error.code))"
            case .server:
                // Class 08 (connection exception) and 57P (operator intervention: the server
                // shuts down, restarts or is not yet accepting connections).
                let state = error.serverInfo?[.sqlState] ?? ""
                if state.hasPrefix("08") || state.hasPrefix("57P") {
                    return "PostgreSQL refused the connection (\(state): \(error.serverInfo?[.message] ?? ""))"
                }
                return nil
            default:
                return nil
            }
        }
        // The connection pool's own errors (`ConnectionPoolError`, such as its circuit breaker
        // after a minute without a connection) are of a module postgres-nio does not export.
        if String(describing: type(of: error)) == "ConnectionPoolError" { return "no connection to PostgreSQL (\(error))" }
        if let error = error as? IOError { return "the connection to PostgreSQL failed (\(error))" }
        return nil
    }
}

/// A database call did not finish within its deadline (the database does not answer).
struct DatabaseDeadline: Error, CustomStringConvertible {
    var seconds: Double

    var description: String { "PostgreSQL did not answer within \(seconds) s" }

    /// `body`'s result, or this error once `limit` has passed. Then `body` is cancelled and left
    /// to end by itself: this does not wait for it, for a call to a database that stopped
    /// answering (a frozen host, a network that drops every packet) may not end until the
    /// database answers again, and cancelling a query postgres-nio has sent does not end it.
    static func within<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let (seconds, attoseconds) = limit.components
        let deadline = DatabaseDeadline(seconds: Double(seconds) + Double(attoseconds) / 1e18)
        let outcome = FirstOutcome<T>()
        let work = Task {
            do { outcome.settle(.success(try await body())) } catch { outcome.settle(.failure(error)) }
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            outcome.settle(.failure(deadline))
            work.cancel()
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in outcome.wait(continuation) }
        } onCancel: {
            work.cancel()
            outcome.settle(.failure(CancellationError()))
        }
    }
}

/// The first of several outcomes racing to end one wait; the later ones are dropped.
private final class FirstOutcome<T: Sendable>: Sendable {
    private let state = NIOLockedValueBox<(continuation: CheckedContinuation<T, any Error>?, result: Result<T, any Error>?)>(
        (nil, nil))

    /// Resumes `continuation` with the first outcome, now or when it comes.
    func wait(_ continuation: CheckedContinuation<T, any Error>) {
        let settled: Result<T, any Error>? = state.withLockedValue { state in
            if let result = state.result { return result }
            state.continuation = continuation
            return nil
        }
        if let settled { continuation.resume(with: settled) }
    }

    /// Settles the wait with `result` unless an outcome came first.
    func settle(_ result: Result<T, any Error>) {
        let waiting: CheckedContinuation<T, any Error>? = state.withLockedValue { state in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.continuation = nil }
            return state.continuation
        }
        waiting?.resume(with: result)
    }
}
