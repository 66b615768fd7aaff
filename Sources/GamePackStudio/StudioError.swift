import Foundation
import GamePackContent
import GamePackFormat

/// A refused request: an HTTP status and a message that says what to change, with the field
/// and the place in a file where known. The API answers it as `{"error": {…}}` and changes
/// nothing.
public struct StudioError: Error, Sendable, Equatable, CustomStringConvertible {
    public var status: Int
    public var message: String
    /// The request field (`values.name.en`, `folder`, `X-Studio-Token`) the problem is in.
    public var field: String?
    public var location: SourceLocation?
    /// Extra members of the answer (a conflict's two versions, a delete's referrers).
    public var details: [String: JSONValue] = [:]

    public init(
        _ status: Int, _ message: String, field: String? = nil, location: SourceLocation? = nil,
        details: [String: JSONValue] = [:]
    ) {
        self.status = status
        self.message = message
        self.field = field
        self.location = location
        self.details = details
    }

    public var description: String { "\(status): \(message)" }

    static func badRequest(_ message: String, field: String? = nil, location: SourceLocation? = nil) -> StudioError {
        StudioError(400, message, field: field, location: location)
    }

    static func notFound(_ message: String) -> StudioError { StudioError(404, message) }

    /// The answer's JSON body.
    var json: JSONValue {
        var error: [String: JSONValue] = ["status": .int(status), "message": .string(message)]
        if let field { error["field"] = .string(field) }
        if let location {
            error["file"] = .string(location.file)
            if location.hasPosition {
                error["line"] = .int(location.line)
                error["column"] = .int(location.column)
            }
        }
        for (key, value) in details { error[key] = value }
        return .object(["error": .object(error)])
    }
}
