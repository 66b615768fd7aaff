import Logging
import PostgresNIO

/// A leased PostgreSQL connection whose queries start only while it is open
/// (`OpenConnectionCheck`): the only way this module queries a connection.
struct GuardedConnection: Sendable {
    let connection: PostgresConnection
    let logger: Logger

    /// `query`'s rows, streamed; `ConnectionClosed` when the connection closed before the query.
    @discardableResult
    func query(_ query: PostgresQuery, logger: Logger? = nil) async throws -> PostgresRowSequence {
        try await OpenConnectionCheck.start(on: connection) {
            try await connection.query(query, logger: logger ?? self.logger)
        }
    }

    /// Listens on `channel` while `consume` runs (`PostgresConnection.listen`, whose start a
    /// write promise already guards).
    func listen<Value>(on channel: String, consume: (PostgresNotificationSequence) async throws -> Value) async throws
        -> Value
    {
        try await connection.listen(on: channel, consume: consume)
    }

    /// Closes the connection (its pool then opens another).
    func close() async {
        try? await connection.close()
    }
}
