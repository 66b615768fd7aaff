import Foundation
import GamePackTestSupport
import Logging
import PostgresNIO
import Testing

@testable import GamePackServer

/// `--database` URLs that name a Unix socket, read as libpq reads them: `?host=FOLDER`, a
/// percent-encoded folder as the host, or no host at all.
@Suite("PostgreSQL URLs naming a Unix socket")
struct PostgresSocketURLTests {
    @Test(
        "a folder as the host names its socket, FOLDER/.s.PGSQL.PORT",
        arguments: [
            ("postgres://ann@/games?host=/run/pg&port=5433", "/run/pg/.s.PGSQL.5433", "games"),
            ("postgresql://ann@%2Ftmp%2Fpg%20a:6000/games", "/tmp/pg a/.s.PGSQL.6000", "games"),
            ("postgres:///games", "/var/run/postgresql/.s.PGSQL.5432", "games"),
            ("postgres://ann@db.example:7/games?host=/s", "/s/.s.PGSQL.7", "games"),
        ])
    func socket(url: String, path: String, database: String) throws {
        let address = try PostgresAddress(url: url)
        #expect(address.socketPath == path)
        #expect(address.endpoint == path, "messages name the socket")
        #expect(address.database == database)
        #expect(address.clientConfiguration.unixSocketPath == path)
        #expect(address.clientConfiguration.host == nil)
    }

    @Test("a host name or address is TCP, as before; ?port= stands for the URL's port")
    func tcp() throws {
        let address = try PostgresAddress(url: "postgres://ann:pw@db.example/games?port=6543&sslmode=disable")
        #expect(address.socketPath == nil)
        #expect(address.endpoint == "db.example:6543")
        #expect(address.clientConfiguration.host == "db.example")
        #expect(address.clientConfiguration.port == 6543)
        #expect(address.password == "pw")
    }

    @Test("a port that is not a number from 1 to 65535 is refused, saying so; a URL of no kind, naming the forms")
    func badPort() {
        let notURL = #expect(throws: StoreError.self) { try PostgresAddress(url: "mysql://db/games") }
        #expect(notURL?.description.contains("?host=SOCKET-FOLDER") == true, "\(String(describing: notURL))")
        for url in ["postgres:///games?port=abc", "postgres:///games?port=0", "postgres:///games?port=70000"] {
            let error = #expect(throws: StoreError.self) { try PostgresAddress(url: url) }
            #expect(error?.description.contains("is not a port number (1 to 65535)") == true, "\(String(describing: error))")
        }
    }
}

/// The same URLs against the test cluster, which `scripts/postgres-cluster.sh` starts with its
/// socket in its data folder.
@Suite("PostgreSQL through its Unix socket", .tags(.postgres), .requires(.postgres))
struct PostgresSocketTests {
    static let logger = Logger(label: "test.postgres-socket")

    /// The test cluster's socket folder and port, asked over TCP; nil when the cluster is on
    /// another machine (no socket folder here).
    static func socketURL() async throws -> String? {
        let admin = try #require(StoreKind.postgresURL, "GAMEPACK_TEST_POSTGRES_URL is not set")
        let address = try PostgresAddress(url: admin)
        let connection = try await PostgresConnection.connect(
            configuration: try address.connectionConfiguration(connectTimeout: .seconds(5)), id: 1, logger: logger)
        defer { Task { try? await connection.close() } }
        var folders = ""
        for try await value in try await connection.query("SHOW unix_socket_directories", logger: logger).decode(String.self) {
            folders = value
        }
        try await connection.close()
        guard let folder = folders.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }).first,
            FileManager.default.fileExists(atPath: "\(folder)/.s.PGSQL.\(address.port)")
        else { return nil }
        let query = "host=\(folder.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? folder)&port=\(address.port)"
        return "postgres://\(address.user)@/\(address.database ?? address.user)?\(query)"
    }

    @Test("the pool and a single connection both go through the socket: the server sees no TCP peer")
    func connects() async throws {
        guard let url = try await Self.socketURL() else {
            try #require(!ContinuousIntegration.isOn, "CI's test cluster runs here, its socket in its data folder")
            return
        }
        let store = try PostgresStore(url: url, logger: Self.logger)
        let viaSocket = try await store.first(
            try await store.client.query("SELECT inet_server_addr() IS NULL", logger: Self.logger)
        ) { try $0[0].decode(Bool.self) }
        await store.close()
        #expect(viaSocket == true, "inet_server_addr() is NULL only on a Unix-socket connection")
        try await PostgresAddress(url: url).checkConnection(seconds: 5, logger: Self.logger)
    }

    @Test("a socket folder with no server in it: a message naming the socket's path and what to check")
    func missingSocket() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("no-pg-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let error = await #expect(throws: StoreError.self) {
            try await PostgresAddress(url: "postgres://ann@/games?host=\(folder)").checkConnection(
                seconds: 2, logger: Self.logger)
        }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains("\(folder)/.s.PGSQL.5432"), "\(text)")
        #expect(text.contains("no socket at that path"), "\(text)")
    }
}
