import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// A `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=…]` URL taken apart: what the
/// store's connection pool and its single connections (the start-up check, the change feed)
/// are configured from.
///
/// As in libpq, `?host=` and `?port=` stand for the URL's own, and a host that is a folder
/// (`?host=/run/postgresql`, a percent-encoded `%2Frun%2Fpostgresql`, or no host at all for
/// Debian's `/var/run/postgresql`) names a Unix socket, `FOLDER/.s.PGSQL.PORT`: for a server on
/// the same machine, cheaper than loopback TCP.
struct PostgresAddress: Sendable {
    /// The host name, or the socket's folder when `socketPath` is set.
    var host: String
    var port: Int
    /// The Unix socket to connect to instead of TCP.
    var socketPath: String?
    var user: String
    var password: String?
    var database: String?
    /// `disable`, `prefer` (default) or `require`.
    var sslMode: String

    /// Parses `text`; `StoreError.badLocation` when it is not such a URL.
    init(url text: String) throws {
        guard let components = URLComponents(string: text), ["postgres", "postgresql"].contains(components.scheme)
        else { throw StoreError.badLocation(text) }
        let named = components.queryItems?.first(where: { $0.name == "host" })?.value
        let authority = components.percentEncodedHost.flatMap { $0.removingPercentEncoding } ?? ""
        let host = named ?? (authority.isEmpty ? Self.defaultSocketFolder : authority)
        guard !host.isEmpty else { throw StoreError.badLocation(text) }
        self.host = host
        let namedPort = components.queryItems?.first(where: { $0.name == "port" })?.value
        if let namedPort {
            guard let number = Int(namedPort), (1...65535).contains(number) else {
                throw StoreError.database("?port=\(namedPort) in --database is not a port number (1 to 65535)")
            }
            port = number
        } else {
            port = components.port ?? 5432
        }
        socketPath = host.hasPrefix("/") ? "\(host)/.s.PGSQL.\(port)" : nil
        user = components.user.flatMap { $0.removingPercentEncoding } ?? "postgres"
        password = components.password.flatMap { $0.removingPercentEncoding }
        var database = components.path
        if database.hasPrefix("/") { database.removeFirst() }
        self.database = database.isEmpty ? nil : database
        switch components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer" {
        case "disable": sslMode = "disable"
        case "prefer", "allow": sslMode = "prefer"
        case "require", "verify-ca", "verify-full": sslMode = "require"
        default: throw StoreError.badLocation(text)
        }
    }

    /// Where libpq looks when a URL names no host (`postgres:///DATABASE`), on Debian.
    static let defaultSocketFolder = "/var/run/postgresql"

    /// `host:port`, or the socket's path, for messages.
    var endpoint: String {
        if let socketPath { return socketPath }
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// The connection pool's configuration.
    var clientConfiguration: PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            switch sslMode {
            case "disable": .disable
            case "require": .require(.makeClientConfiguration())
            default: .prefer(.makeClientConfiguration())
            }
        if let socketPath {
            return PostgresClient.Configuration(
                unixSocketPath: socketPath, username: user, password: password, database: database)
        }
        return PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: tls)
    }

    /// A single connection's configuration, giving up connecting after `connectTimeout`.
    func connectionConfiguration(connectTimeout: TimeAmount) throws -> PostgresConnection.Configuration {
        if let socketPath {
            var configuration = PostgresConnection.Configuration(
                unixSocketPath: socketPath, username: user, password: password, database: database)
            configuration.options.connectTimeout = connectTimeout
            return configuration
        }
        let tls: PostgresConnection.Configuration.TLS
        switch sslMode {
        case "disable": tls = .disable
        case "require": tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        default: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: tls)
        configuration.options.connectTimeout = connectTimeout
        return configuration
    }

    /// Connects once, within `seconds`, and hangs up: a start-up check that turns a wrong
    /// password, a missing database or an unreachable host into a `StoreError` naming it, where
    /// the connection pool would retry in silence.
    func checkConnection(seconds: Int64, logger: Logger) async throws {
        let configuration = try connectionConfiguration(connectTimeout: .seconds(seconds))
        do {
            let connection = try await DatabaseDeadline.within(.seconds(seconds + 1)) {
                try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            }
            try? await connection.close()
        } catch {
            throw refusal(error, seconds: seconds)
        }
    }

    /// What a failed start-up connection means, said for the operator.
    func refusal(_ error: any Error, seconds: Int64) -> StoreError {
        if let error = error as? PSQLError, error.code == .server, let state = error.serverInfo?[.sqlState] {
            let message = error.serverInfo?[.message] ?? "\(error)"
            switch state {
            case "28P01", "28000":
                return .database(
                    "PostgreSQL at \(endpoint) refused user \(user): \(message); check the user and password in --database")
            case "3D000":
                return .database(
                    "PostgreSQL at \(endpoint) has no database \(database ?? user): \(message); create it (createdb) or fix --database"
                )
            default:
                return .database("PostgreSQL at \(endpoint) refused the connection: \(message) (SQLSTATE \(state))")
            }
        }
        if let error = error as? PSQLError, error.code == .sslUnsupported {
            return .database(
                "PostgreSQL at \(endpoint) offers no TLS, which sslmode=require in --database asks for; turn ssl on in its postgresql.conf, or connect with ?sslmode=prefer"
            )
        }
        if let error = error as? PSQLError, error.code == .authMechanismRequiresPassword {
            return .database(
                "PostgreSQL at \(endpoint) asks user \(user) for a password; put it in --database (postgres://USER:PASSWORD@…)")
        }
        return .database(
            "cannot reach PostgreSQL at \(endpoint) within \(seconds) s (\(Self.connectionProblem(error))); check the host and port in --database and that the server runs"
        )
    }

    /// Why a connection attempt failed, in words, from the errors PostgresNIO and NIO give
    /// (whose own descriptions are type dumps, or a placeholder that hides the details).
    static func connectionProblem(_ error: any Error) -> String {
        var error = error
        if let psql = error as? PSQLError {
            guard let underlying = psql.underlying else {
                switch psql.code {
                case .serverClosedConnection: return "no answer before the connection closed"
                default: return "\(psql.code)"
                }
            }
            error = underlying
        }
        var codes: [Int32] = []
        if let failure = error as? NIOConnectionError {
            if failure.connectionErrors.isEmpty { return "the host name \(failure.host) does not resolve" }
            codes = failure.connectionErrors.compactMap { ($0.error as? IOError)?.errnoCode }
        } else if let failure = error as? IOError {
            codes = [failure.errnoCode]
        }
        if codes.contains(ECONNREFUSED) { return "the connection was refused: nothing listens on that port" }
        if codes.contains(ENOENT) { return "no socket at that path: is the server's unix_socket_directories that folder?" }
        if codes.contains(EHOSTUNREACH) || codes.contains(ENETUNREACH) { return "no route to the host" }
        if let failure = error as? ChannelError, case .connectTimeout = failure { return "no answer" }
        return "\(error)"
    }
}
