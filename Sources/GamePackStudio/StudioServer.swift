import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The `gamepack studio` server: the JSON API (docs/studio.md) over a `StudioWorkspace`, and a
/// placeholder page at `/`.
///
/// Safety: it listens on 127.0.0.1 by default; a request whose `Host` is not the studio's own
/// name, or whose `Origin` is not the studio's own page, is refused (403: DNS rebinding, other
/// sites); every request other than GET and HEAD must carry the session's token
/// (`X-Studio-Token`, handed out by `GET /api/session`) or gets 403; every path it reads or
/// writes goes through `ProjectPaths`.
public final class StudioServer: Sendable {
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        /// The largest upload accepted, in bytes.
        public var uploadLimit: Int

        public init(host: String = "127.0.0.1", port: Int = 8080, uploadLimit: Int = 20 * 1024 * 1024) {
            self.host = host
            self.port = port
            self.uploadLimit = uploadLimit
        }
    }

    public let configuration: Configuration
    public let workspace: StudioWorkspace
    /// The per-session token every write must carry.
    public let token: String
    let logger: Logger

    public init(configuration: Configuration, workspace: StudioWorkspace, logger: Logger) {
        self.configuration = configuration
        self.workspace = workspace
        self.logger = logger
        var generator = SystemRandomNumberGenerator()
        token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Another process already listens on the address.
    public struct AddressInUse: Error, CustomStringConvertible {
        public var host: String
        public var port: Int
        public var description: String { "\(host):\(port) is already in use" }
    }

    /// Runs until SIGTERM or SIGINT (or the task is cancelled).
    public func run(onListening: @escaping @Sendable (_ host: String, _ port: Int) -> Void = { _, _ in }) async throws {
        let router = Router()
        router.add(middleware: StudioGuard(server: self))
        StudioRoutes(server: self).register(on: router)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "gamepack-studio"),
            onServerRunning: { channel in
                onListening(channel.localAddress?.ipAddress ?? "?", channel.localAddress?.port ?? 0)
            },
            logger: logger)
        do {
            try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw AddressInUse(host: configuration.host, port: configuration.port)
        }
    }

    static let loopbackNames: Set<String> = ["127.0.0.1", "localhost", "[::1]", "::1"]

    var isLoopback: Bool {
        configuration.host.hasPrefix("127.") || configuration.host == "::1" || configuration.host == "localhost"
    }

    /// Whether `authority` (`name:port`) names this studio: a loopback name when it listens on
    /// loopback, else its configured host.
    func isOwn(authority: String) -> Bool {
        let name =
            authority.hasPrefix("[") ? String(authority.prefix { $0 != "]" }) + "]" : String(authority.prefix { $0 != ":" })
        return isLoopback ? Self.loopbackNames.contains(name.lowercased()) : name.lowercased() == configuration.host.lowercased()
    }
}

/// A JSON answer.
func jsonResponse(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "application/json; charset=utf-8"
    headers[.cacheControl] = "no-store"
    headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
    return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: value.encodedCompact())))
}

func errorResponse(_ error: StudioError) -> Response {
    jsonResponse(error.json, status: HTTPResponse.Status(code: error.status))
}
