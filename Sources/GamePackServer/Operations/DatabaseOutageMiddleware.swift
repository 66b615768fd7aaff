import HTTPTypes
import Hummingbird

/// While the database does not answer (`DatabaseMonitor`), refuses every request but the
/// operator's (`/health`, `/ready`, `/metrics`) at once with 503 and `Retry-After`, instead of
/// letting it wait for a connection.
///
/// A read that began before the monitor saw the outage may be waiting for a connection that is
/// not coming: it is cancelled and answered 503 as soon as the monitor sees the outage (the
/// probe that finds it cancels every read in progress, `DatabaseMonitor.whileReading`), not when
/// the database returns. That costs a read one task and no timer of its own: this middleware is
/// on the path of every GET. Uploads are left to end by themselves: their body is still
/// arriving, and the store's error ends them in 503 (`DatabaseOutage`).
struct DatabaseOutageMiddleware<Context: RequestContext>: RouterMiddleware {
    let monitor: DatabaseMonitor
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
            // The read runs in a task that `whileReading` awaits to its end, even when cancelled,
            // so `next` does not outlive this call; only that task ever calls it.
            nonisolated(unsafe) let next = next
            nonisolated(unsafe) let context = context
            return try await monitor.whileReading(Task { try await next(request, context) })
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
