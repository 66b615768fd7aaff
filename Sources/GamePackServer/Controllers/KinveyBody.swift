import Foundation
import Hummingbird
import NIOCore

/// Reading a Kinvey write's body: a JSON object of at most the app's `bodyBytes`, or an error
/// in Kinvey's shape (413 over the cap, 400 for anything that is not a JSON object).
enum KinveyBody {
    /// The body as a JSON object; `{}` when it is empty.
    static func object(_ request: Request, limit: Int) async throws -> [String: Any] {
        var request = request
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw KinveyError.tooLarge("the body is \(length) bytes; this app accepts at most \(limit)")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw KinveyError.tooLarge("the body is over this app's \(limit)-byte limit")
        }
        let data = Data(buffer: buffer)
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return [:] }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw KinveyError(
                .badRequest, "JSONParseError", "Unable to parse the JSON in the request",
                debug: "the body must be one JSON object")
        }
        return object
    }
}

extension KinveyError {
    /// 413: a body, or a user's entities, over the app's caps (`KinveyPlayerLimits`).
    static func tooLarge(_ debug: String) -> KinveyError {
        KinveyError(
            .contentTooLarge, "EntityTooLarge", "The request or the data it would store is over this app's limits", debug: debug)
    }

    /// 403: an entity or user that belongs to another user.
    static func notYours(_ debug: String) -> KinveyError {
        KinveyError(
            .forbidden, "InsufficientCredentials",
            "The credentials used to authenticate this request are not authorized to run this operation", debug: debug)
    }
}
