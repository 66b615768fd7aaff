import HTTPTypes
import Hummingbird

/// While the database does not answer (`DatabaseMonitor`), refuses every request but the
/// operator's (`/health`, `/ready`, `/metrics`) at once with 503 and `Retry-After`, instead of
/// letting it wait for a connection.
///
/// A read that began before the monitor saw the outage may be waiting for a connection that is
/// not coming: it is cancelled and answered 503 as soon as the monitor sees the outage (every
/// `watchInterval`), not when the database returns. Uploads are left to end by themselves: their
/// body is still arriving, and the store's error ends them in 503 (`DatabaseOutage`).
struct DatabaseOutageMiddleware<Context: RequestContext>: RouterMiddleware {
    let monitor: DatabaseMonitor
    /// How often a read in progress looks at the monitor.
    static var watchInterval: Duration { .milliseconds(100) }
    /// The paths answered whatever the database's state.
    static var operatorPaths: Set<String> { ["/health", "/ready", "/metrics"] }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard !Self.operatorPaths.contains(request.uri.path) else { return try await next(request, context) }
        if let outage = monitor.current.outage { throw ServerError.databaseUnavailable(outage) }
        guard request.method == .get || request.method == .head else { return try await next(request, context) }
        let monitor = self.monitor
        return try await withoutActuallyEscaping(next) { next in
            // The rest of the chain runs in a child task that the group awaits before it
            // returns, so `next` does not outlive this call; only one task ever calls it.
            nonisolated(unsafe) let next = next
            nonisolated(unsafe) let context = context
            return try await withThrowingTaskGroup(of: Response.self) { group in
                group.addTask { try await next(request, context) }
                group.addTask {
                    while true {
                        try await Task.sleep(for: Self.watchInterval)
                        if let outage = monitor.current.outage { throw ServerError.databaseUnavailable(outage) }
                    }
                }
                defer { group.cancelAll() }
                guard let response = try await group.next() else { throw CancellationError() }
                return response
            }
        }
    }
}

extension ServerError {
    /// Seconds a client is asked to wait before retrying during a database outage.
    static let outageRetrySeconds = 2

    /// 503 `database_unavailable` with `Retry-After`: the database does not answer.
    static func databaseUnavailable(_ reason: String) -> ServerError {
        var error = ServerError(
            .serviceUnavailable, "database_unavailable", "the database is unavailable (\(reason)); retry shortly")
        error.headers[.retryAfter] = "\(outageRetrySeconds)"
        return error
    }
}
