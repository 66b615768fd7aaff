import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// What every answer under Kinvey's paths (`/appdata`, `/user`, `/blob`, `/rpc`) shares: the
/// `X-Kinvey-Request-Id` header, `X-Kinvey-API-Version` echoing the version the client asked
/// for, CORS headers, preflight (`OPTIONS`) answers allowing the headers Kinvey's JS SDK sends,
/// and every error (an unknown route's 404, a 405, a body over its cap, a 500) in Kinvey's
/// shape, `{"error", "description", "debug"}`, all strings.
struct KinveyMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The first path components Kinvey's API lives under.
    static var roots: Set<Substring> { ["appdata", "user", "blob", "rpc"] }
    /// The API version answered when the client names none (or one that is not a small number).
    static var defaultVersion: String { "3" }
    /// The request headers Kinvey's JS SDK sends (`http/headers.ts`, `kinvey.ts`, the HTML5
    /// adapter), which a browser's preflight asks permission for.
    static var allowedHeaders: String {
        [
            "Accept", "Authorization", "Content-Type", "X-Kinvey-API-Version", "X-Kinvey-Client-App-Version",
            "X-Kinvey-Custom-Request-Properties", "X-Kinvey-Device-Information", "X-Kinvey-Device-Info",
            "X-Kinvey-Skip-Business-Logic", "X-Kinvey-Include-Headers-In-Response", "X-Kinvey-ResponseWrapper",
            "X-Requested-With",
        ].joined(separator: ", ")
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let root = request.uri.path.split(separator: "/").first, Self.roots.contains(root) else {
            return try await next(request, context)
        }
        var response: Response
        if request.method == .options {
            response = Response(status: .noContent)
            response.headers[.accessControlAllowMethods] = "GET, POST, PUT, DELETE, OPTIONS"
            response.headers[.accessControlAllowHeaders] = Self.allowedHeaders
            response.headers[.accessControlMaxAge] = "600"
        } else {
            do {
                response = try await next(request, context)
            } catch {
                response = Self.kinveyError(error, request: request, logger: context.logger).response
            }
        }
        response.headers[.accessControlAllowOrigin] = request.headers[.origin] ?? "*"
        response.headers[.accessControlExposeHeaders] = "X-Kinvey-Request-Id, X-Kinvey-API-Version"
        if request.headers[.origin] != nil { response.headers[.vary] = "Origin" }
        response.headers[Self.requestID] = KinveyTime.randomHex(16)
        response.headers[Self.apiVersion] = Self.version(asked: request.headers[Self.apiVersion])
        return response
    }

    static var requestID: HTTPField.Name { HTTPField.Name("X-Kinvey-Request-Id")! }
    static var apiVersion: HTTPField.Name { HTTPField.Name("X-Kinvey-API-Version")! }

    /// The version asked for when it is a number of at most four digits, else `defaultVersion`.
    static func version(asked: String?) -> String {
        guard let asked, (1...4).contains(asked.count), asked.allSatisfy(\.isASCII), asked.allSatisfy(\.isNumber)
        else { return defaultVersion }
        return asked
    }

    /// Any error a Kinvey route throws, in Kinvey's shape.
    static func kinveyError(_ error: any Error, request: Request, logger: Logger) -> KinveyError {
        switch error {
        case let error as KinveyError: return error
        case let error as ServerError where error.status == .badRequest: return KinveyError.syntax(error.message)
        case let error as HTTPResponseError:
            switch error.status {
            case .notFound:
                return KinveyError(
                    .notFound, "EntityNotFound", "This entity not found in the collection",
                    debug: "no Kinvey route \(request.method) \(request.uri.path)")
            case .methodNotAllowed:
                return KinveyError(
                    .methodNotAllowed, "MethodNotAllowed", "The method is not allowed for this resource",
                    debug: "\(request.method) is not allowed on \(request.uri.path)")
            case .contentTooLarge:
                return KinveyError.tooLarge("the request body is over this server's limit")
            default:
                return KinveyError(error.status, "BadRequest", error.status.reasonPhrase, debug: "\(error.status.code)")
            }
        default:
            logger.error("kinvey request failed", metadata: ["error": "\(String(reflecting: error))"])
            return KinveyError(
                .internalServerError, "KinveyInternalErrorRetry",
                "The Kinvey server encountered an unexpected error. Please retry your request", debug: "")
        }
    }
}
