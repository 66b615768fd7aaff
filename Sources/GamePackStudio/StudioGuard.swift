import HTTPTypes
import Hummingbird

/// Refuses, before any route runs: a `Host` that is not the studio's own (DNS rebinding), an
/// `Origin` other than the studio's page, and a request other than GET or HEAD without the
/// session's token in `X-Studio-Token` (CSRF). Errors thrown by the routes become JSON here.
struct StudioGuard<Context: RequestContext>: RouterMiddleware {
    let server: StudioServer
    static var tokenHeader: HTTPField.Name { HTTPField.Name("X-Studio-Token")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        let host = request.head.authority ?? ""
        guard server.isOwn(authority: host) else {
            return errorResponse(
                StudioError(403, "this studio answers requests to its own address only, not `\(host)`", field: "Host"))
        }
        if let origin = request.headers[HTTPField.Name("Origin")!] {
            guard origin == "http://\(host)" else {
                return errorResponse(
                    StudioError(
                        403, "requests from `\(origin)` are refused: only the studio's own page may call it",
                        field: "Origin"))
            }
        }
        if request.method != .get && request.method != .head {
            guard request.headers[Self.tokenHeader] == server.token else {
                return errorResponse(
                    StudioError(
                        403, "missing or wrong session token: send the token from GET /api/session in the X-Studio-Token header",
                        field: "X-Studio-Token"))
            }
        }
        do {
            return try await next(request, context)
        } catch let error as StudioError {
            return errorResponse(error)
        } catch let error as HTTPError {
            return errorResponse(StudioError(Int(error.status.code), error.body ?? "\(error.status)"))
        }
    }
}
