import Foundation
import GamePackFormat
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

    /// The JSON body (`APIErrorBody`): keys in a fixed order so clients and tests can compare bytes.
    public var body: Data { APIErrorBody(status: status.code, code: code, message: message).encoded() }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func badRequest(_ code: String, _ message: String) -> ServerError { ServerError(.badRequest, code, message) }
    static func unprocessable(_ code: String, _ message: String) -> ServerError {
        ServerError(.unprocessableContent, code, message)
    }
    static func notFound(_ message: String) -> ServerError { ServerError(.notFound, "not_found", message) }

    /// A write to the data directory failed: 507 Insufficient Storage, naming the file and the
    /// system's reason (a full disk, an I/O error), never blaming the request's content.
    static func storage(_ error: any Error, writing what: String) -> ServerError {
        let reason = StorageFailure.from(error, what: what).map(\.description) ?? "\(what): \(error)"
        return ServerError(
            HTTPResponse.Status(code: 507), "storage", "the server cannot store \(reason); nothing was published")
    }
}
