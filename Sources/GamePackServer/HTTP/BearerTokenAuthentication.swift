import Foundation
import HTTPTypes
import Hummingbird

/// Lets a request through only with `Authorization: Bearer <token>` naming an active upload
/// token (`gamepack serve token create`); 401 `missing_token` or `bad_token` with
/// `WWW-Authenticate: Bearer` otherwise. Mounted on the write routes, so it runs before their
/// handlers read anything of the request.
struct BearerTokenAuthentication<Context: RequestContext>: RouterMiddleware {
    /// Where the tokens' hashes are.
    let store: any MetadataStore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var error = ServerError(
            .unauthorized, "missing_token", "writes need Authorization: Bearer <token> (gamepack serve token create)")
        error.headers[.wwwAuthenticate] = "Bearer"
        guard let header = request.headers[.authorization] else { throw error }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { throw error }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        guard try await store.isActiveToken(hash: UploadTokens.hash(token)) else {
            error.code = "bad_token"
            error.message = "the token is unknown or revoked"
            throw error
        }
        return try await next(request, context)
    }
}
