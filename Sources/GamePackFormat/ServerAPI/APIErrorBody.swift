import Foundation

/// The body of every refusal of the content server: `{"error": {"status", "code", "message"}}`.
/// The `code` is stable for programs (`bad_token`, `sequence_not_increasing`, …); the message
/// is for people.
public struct APIErrorBody: Codable, Sendable, Equatable {
    /// The refusal itself.
    public struct Detail: Codable, Sendable, Equatable {
        /// The HTTP status code.
        public var status: Int
        /// A stable snake_case identifier.
        public var code: String
        /// What is wrong and how to fix it, for people.
        public var message: String

        public init(status: Int, code: String, message: String) {
            self.status = status
            self.code = code
            self.message = message
        }
    }

    /// The refusal.
    public var error: Detail

    public init(status: Int, code: String, message: String) {
        error = Detail(status: status, code: code, message: message)
    }

    /// The body as the server sends it: keys in the fixed order status, code, message (not
    /// sorted, so written by hand rather than by `JSONEncoder`), one line, a newline at the end.
    /// Clients and tests compare these bytes.
    public func encoded() -> Data {
        var text = #"{"error":{"status":\#(error.status),"code":"#
        text += JSONStringLiteral.quoted(error.code)
        text += #","message":"#
        text += JSONStringLiteral.quoted(error.message)
        text += "}}\n"
        return Data(text.utf8)
    }

}
