import Foundation
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

    /// `body`'s result, or this error once `limit` has passed (`body` is then cancelled).
    static func within<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: limit)
                let (seconds, attoseconds) = limit.components
                throw DatabaseDeadline(seconds: Double(seconds) + Double(attoseconds) / 1e18)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }
}
