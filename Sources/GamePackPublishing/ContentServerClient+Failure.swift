extension ContentServerClient {
    /// A refusal or a failure to talk to the server.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// The HTTP status, nil when the server could not be reached.
        public var status: Int?
        /// The server's error code (`sequence_not_increasing`, …), or `network`.
        public var code: String
        /// What went wrong, for people: the server's message or the transport error.
        public var message: String

        public var description: String {
            if let status { return "the server refused (\(status) \(code)): \(message)" }
            return message
        }

        /// Whether the server refused the content (signature, sequence, pack), rather than the
        /// request failing for access or transport reasons.
        public var isContentRefusal: Bool { [403, 409, 422].contains(status ?? 0) }
    }
}
