import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension Request {
    /// Collects the body with Hummingbird's `collectBody(upTo:)`, at most `limit` bytes; 413
    /// `too_large` when `Content-Length` announces more (before reading anything) or when more
    /// arrives.
    mutating func collectBody(limit: Int) async throws -> ByteBuffer {
        if let length = headers[.contentLength].flatMap(Int.init), length > limit {
            throw ServerError(.contentTooLarge, "too_large", "the body is \(length) bytes; at most \(limit) are accepted here")
        }
        do {
            return try await collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw ServerError(.contentTooLarge, "too_large", "the body is over the \(limit)-byte limit")
        }
    }

    /// Collects at most `limit` bytes of body and decodes them as `T`; 413 past the limit, 400
    /// `malformed_json` for anything that is not the expected JSON.
    mutating func decodeJSON<T: Decodable>(as type: T.Type, limit: Int) async throws -> T {
        let body = try await collectBody(limit: limit)
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer: body))
        } catch {
            throw ServerError.badRequest(
                "malformed_json", "the body is not the expected JSON (\(DecodingErrorSummary.describe(error)))")
        }
    }
}
