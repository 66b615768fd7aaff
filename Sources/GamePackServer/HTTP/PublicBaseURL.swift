import Foundation
import NIOConcurrencyHelpers

/// The base URL clients reach this server at (`scheme://host[:port]`, no trailing slash), from
/// which absolute URLs in answers (Kinvey's `_downloadURL`, `upload-loc`'s `URI`) are built:
/// `--public-url` when given, else `http://` and the address the server listens on (set once
/// it listens, so `--port 0` gets the real port). Never the request's `Host` header, which a
/// client chooses.
public final class PublicBaseURL: Sendable {
    private let value: NIOLockedValueBox<String>
    /// Whether the URL was configured, so that the listening address does not replace it.
    public let configured: Bool

    /// `configured` (trailing slashes dropped), or `http://host:port` for a server without one.
    public init(configured url: URL?, host: String, port: Int) {
        if let url {
            var text = url.absoluteString
            while text.hasSuffix("/") { text.removeLast() }
            value = NIOLockedValueBox(text)
            configured = true
        } else {
            value = NIOLockedValueBox(Self.listening(host: host, port: port))
            configured = false
        }
    }

    /// The base URL now.
    public var text: String { value.withLockedValue { $0 } }

    /// Replaces the base URL (a test server on a port chosen at start).
    public func set(_ text: String) { value.withLockedValue { $0 = text } }

    /// Records the address the server listens on, unless a URL was configured.
    func listening(host: String, port: Int) {
        guard !configured else { return }
        set(Self.listening(host: host, port: port))
    }

    static func listening(host: String, port: Int) -> String {
        let name = ["0.0.0.0", "::", ""].contains(host) ? "127.0.0.1" : (host.contains(":") ? "[\(host)]" : host)
        return "http://\(name):\(port)"
    }
}
