import NIOConcurrencyHelpers
import PostgresNIO

/// Ends a wait on a PostgreSQL connection when the connection closes, whatever the wait.
///
/// postgres-nio 1.33.2 hands a query to its connection's channel without a write promise
/// (`channel.write(task, promise: nil)` in `PostgresConnection.query`, `PostgresClient.query`
/// and `execute`). When the pool leases a connection whose channel closed a moment before (the
/// server restarting, say), the write fails, nothing fails the query's own promise, and the
/// caller waits forever, deaf to cancellation: the request never ends and the server cannot
/// stop (its graceful shutdown, then its cancellation, time out). Seen under wrk through a
/// PostgreSQL restart: a read in about two runs of three.
///
/// `run` starts the operation in a task of its own and answers the caller with the operation's
/// result, or `ConnectionClosed` as soon as the connection closes, or `CancellationError` when
/// the caller is cancelled, whichever comes first; an operation stuck that way is left behind
/// (it holds a closed connection and a few hundred bytes). One close callback per connection,
/// however many operations run on it, so a long-lived connection does not collect callbacks.
final class ConnectionCloseWatch: Sendable {
    /// The watch every store shares.
    static let shared = ConnectionCloseWatch()

    private struct Watched {
        var next = 0
        var waiting: [Int: @Sendable () -> Void] = [:]
    }

    /// The operations waiting, by connection, each with the way to end its wait.
    private let connections = NIOLockedValueBox<[ObjectIdentifier: Watched]>([:])

    /// `operation`'s result, or `ConnectionClosed` once `connection` closes first, or
    /// `CancellationError` once the calling task is cancelled first.
    func run<T: Sendable>(
        on connection: PostgresConnection, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let wait = Wait<T>()
        let key = ObjectIdentifier(connection)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard wait.start(continuation) else { return }
                let (ticket, firstOnConnection) = connections.withLockedValue { connections in
                    var watched = connections[key] ?? Watched()
                    let firstOnConnection = connections[key] == nil
                    let ticket = watched.next
                    watched.next += 1
                    watched.waiting[ticket] = { wait.finish(.failure(ConnectionClosed())) }
                    connections[key] = watched
                    return (ticket, firstOnConnection)
                }
                if firstOnConnection {
                    // Fires at once when the connection closed already.
                    connection.closeFuture.whenComplete { [self] _ in closed(key) }
                }
                wait.task(
                    Task {
                        let result: Result<T, any Error>
                        do { result = .success(try await operation()) } catch { result = .failure(error) }
                        connections.withLockedValue { _ = $0[key]?.waiting.removeValue(forKey: ticket) }
                        wait.finish(result)
                    })
            }
        } onCancel: {
            wait.cancel()
        }
    }

    /// Ends every wait on the connection `key`, which closed.
    private func closed(_ key: ObjectIdentifier) {
        let waiting = connections.withLockedValue { $0.removeValue(forKey: key)?.waiting.values.map { $0 } ?? [] }
        for end in waiting { end() }
    }

    /// The number of connections watched now (for the tests: a closed one is forgotten).
    var watchedConnections: Int { connections.withLockedValue { $0.count } }
}

/// The connection closed before its operation ended: an outage (`DatabaseOutage`), answered 503.
struct ConnectionClosed: Error, CustomStringConvertible {
    var description: String { "the connection to PostgreSQL closed" }
}

/// One wait's continuation, resumed once: by the operation, the close or the cancellation.
private final class Wait<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var task: Task<Void, Never>?
        var done = false
    }

    private let state = NIOLockedValueBox(State())

    /// Keeps `continuation`; false when the wait was cancelled before it began (and resumes it).
    func start(_ continuation: CheckedContinuation<T, any Error>) -> Bool {
        let cancelled = state.withLockedValue { state in
            if state.done { return true }
            state.continuation = continuation
            return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        return !cancelled
    }

    /// Keeps the operation's task, to cancel it with the wait.
    func task(_ task: Task<Void, Never>) {
        let cancel = state.withLockedValue { state in
            if state.done { return true }
            state.task = task
            return false
        }
        if cancel { task.cancel() }
    }

    /// Resumes the caller with `result` unless it was resumed already.
    func finish(_ result: Result<T, any Error>) {
        let continuation = state.withLockedValue { state -> CheckedContinuation<T, any Error>? in
            guard !state.done else { return nil }
            state.done = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }

    /// Cancels the operation and resumes the caller with `CancellationError`.
    func cancel() {
        let (continuation, task) = state.withLockedValue { state -> (CheckedContinuation<T, any Error>?, Task<Void, Never>?) in
            guard !state.done else { return (nil, state.task) }
            state.done = true
            defer { state.continuation = nil }
            return (state.continuation, state.task)
        }
        task?.cancel()
        continuation?.resume(throwing: CancellationError())
    }
}
