import HTTPTypes
import Hummingbird

/// Turns every error into the JSON error shape: `ServerError` as it is, Hummingbird's own
/// (404 for an unknown route, 405, 413 from body collection) mapped by status, anything else a
/// logged 500 that tells nothing of the inside; a database outage is a 503 with `Retry-After`
/// (`DatabaseOutage`), never a 500.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as ServerError {
            return try error.response(from: request, context: context)
        } catch let error as HTTPResponseError {
            let code: String =
                switch error.status {
                case .notFound: "not_found"
                case .methodNotAllowed: "method_not_allowed"
                case .contentTooLarge: "too_large"
                case .badRequest: "bad_request"
                default: "http_\(error.status.code)"
                }
            let message =
                error.status == .notFound
                ? "no such resource: \(request.uri.path)" : (error as? HTTPError)?.body ?? error.status.reasonPhrase
            return try ServerError(error.status, code, message).response(from: request, context: context)
        } catch {
            if let outage = DatabaseOutage.reason(error) {
                context.logger.warning("database unavailable", metadata: ["error": "\(outage)"])
                return try ServerError.databaseUnavailable(outage).response(from: request, context: context)
            }
            context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
            return try ServerError(.internalServerError, "internal", "the server could not complete the request")
                .response(from: request, context: context)
        }
    }
}
