import PostgresNIO

/// Starts an operation on a PostgreSQL connection only while the connection is open, checked
/// where it cannot change in between.
///
/// postgres-nio 1.33.2 hands a query to its connection's channel without a write promise
/// (`channel.write(task, promise: nil)` in `PostgresConnection.query` and `execute`). When the
/// pool leases a connection whose channel closed a moment before (the server restarting, say),
/// the write fails, nothing fails the query's own promise, and the caller waits forever, deaf
/// to cancellation: the request never ends and the server cannot stop (its graceful shutdown,
/// then its cancellation, time out and it crashes). Seen under wrk through a PostgreSQL
/// restart: a read in about two runs of three.
///
/// `start` runs `operation` on the connection's own event loop (`EventLoopTaskExecutor`),
/// after checking there that the connection is open. A channel closes on its event loop, so it
/// cannot close between the check and the operation's write, which happens before the
/// operation first waits; a channel that closes after the write fails the query itself. A
/// closed connection answers `ConnectionClosed` (an outage: 503). No task or timer of its own.
/// Only the operation runs on the loop: the caller goes on where it was once `start` returns
/// (a test checks it), for the loop's threads are for I/O, and work on them (decoding, a Kinvey
/// query, a file write) would hold up every connection they serve. So an operation should
/// start the query and return its rows unread.
enum OpenConnectionCheck {
    /// `operation`'s result, started on `connection`'s event loop once it is seen open there.
    static func start<T>(on connection: PostgresConnection, _ operation: () async throws -> T) async throws -> T {
        try await withTaskExecutorPreference(EventLoopTaskExecutor(connection.eventLoop)) {
            guard !connection.isClosed else { throw ConnectionClosed() }
            return try await operation()
        }
    }
}

/// The connection closed before the operation could start: an outage (`DatabaseOutage`), answered 503.
struct ConnectionClosed: Error, CustomStringConvertible {
    var description: String { "the connection to PostgreSQL closed" }
}
