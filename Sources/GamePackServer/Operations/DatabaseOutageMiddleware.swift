import HTTPTypes
import Hummingbird

/// While the database does not answer (`DatabaseMonitor`), refuses every request but the
/// operator's (`/health`, `/ready`, `/metrics`) at once with 503 and `Retry-After`, instead of
/// letting it wait for a connection. A request already waiting when the database goes away
/// ends in 503 too (`ErrorMiddleware`, through `DatabaseOutage`).
struct DatabaseOutageMiddleware<Context: RequestContext>: RouterMiddleware {
    let monitor: DatabaseMonitor
    /// The paths answered whatever the database's state.
    static var operatorPaths: Set<String> { ["/health", "/ready", "/metrics"] }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if let outage = monitor.current.outage, !Self.operatorPaths.contains(request.uri.path) {
            throw ServerError.databaseUnavailable(outage)
        }
        return try await next(request, context)
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
