import Foundation
import HTTPTypes
import Hummingbird

/// Every refusal the server answers with, as `{"error": {"status", "code", "message"}}`.
/// The `code` is stable for programs; the message is for people and never holds a secret.
public struct ServerError: Error, HTTPResponseError, Sendable, CustomStringConvertible {
    public var status: HTTPResponse.Status
    /// A stable snake_case identifier: `bad_token`, `unknown_key`, `sequence_not_increasing`, …
    public var code: String
    public var message: String
    /// Extra headers (`WWW-Authenticate` on 401).
    public var headers: HTTPFields = [:]

    public init(_ status: HTTPResponse.Status, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    public var description: String { "\(status.code) \(code): \(message)" }

    /// The JSON body: keys in a fixed order so clients and tests can compare bytes.
    public var body: Data {
        var text = #"{"error":{"status":\#(status.code),"code":"\#(code)","message":"#
        text += Self.jsonString(message)
        text += "}}\n"
        return Data(text.utf8)
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// A JSON string literal for `text`.
    static func jsonString(_ text: String) -> String {
        let data = (try? JSONEncoder().encode([text])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    static func badRequest(_ code: String, _ message: String) -> ServerError { ServerError(.badRequest, code, message) }
    static func unprocessable(_ code: String, _ message: String) -> ServerError {
        ServerError(.unprocessableContent, code, message)
    }
    static func notFound(_ message: String) -> ServerError { ServerError(.notFound, "not_found", message) }
}

/// Turns every error into the JSON error shape: `ServerError` as it is, Hummingbird's own
/// (404 for an unknown route, 405, 413 from body collection) mapped by status, anything else a
/// logged 500 that tells nothing of the inside.
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
            context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
            return try ServerError(.internalServerError, "internal", "the server could not complete the request")
                .response(from: request, context: context)
        }
    }
}
