import Foundation
import GamePackTestSupport
import Testing

/// A PostgreSQL cluster of the test's own, made by `scripts/postgres-cluster.sh` on a free
/// loopback port, which the test may take down and bring up again (an outage) without
/// disturbing the shared test cluster; removed by `remove()` or on deinit.
final class PostgresCluster: @unchecked Sendable {
    let directory: String
    let port: Int
    /// The admin URL the script printed (`postgres://postgres[:PASSWORD]@127.0.0.1:PORT/postgres`).
    let url: String
    private var removed = false

    /// - Parameter password: the `postgres` user's password; nil trusts every local connection.
    init(password: String? = nil) throws {
        try ExternalTool.postgresServer.require()
        port = try freePort()
        // Directly under /tmp: the server runs as `postgres` when the tests run as root, and
        // must reach its folder.
        directory = "/tmp/gamepack-pg-\(UUID().uuidString.prefix(8))"
        let started = try Self.script("start", directory: directory, port: port, password: password)
        guard started.status == 0 else {
            throw TestPackError(description: "postgres-cluster.sh start failed: \(started.stderr)")
        }
        url = started.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `url` with another database (and, given, another password).
    func url(database: String, password: String? = nil) -> String {
        var components = URLComponents(string: url)!
        components.path = "/" + database
        if let password { components.password = password }
        return components.string!
    }

    /// Stops the server, keeping its files: the database is unreachable until `up()`.
    func down() throws { try run("down") }

    /// Starts the server again after `down()`.
    func up() throws { try run("up") }

    /// Stops every process of the server (SIGSTOP): connections stay open and nothing answers,
    /// as when the database host hangs or the network drops every packet, until `thaw()`.
    func freeze() throws { try run("freeze") }

    /// Lets the server's processes run again after `freeze()`.
    func thaw() throws { try run("thaw") }

    /// `scripts/postgres-cluster.sh VERB` on this cluster; throws its error output when it fails.
    private func run(_ verb: String) throws {
        let result = try Self.script(verb, directory: directory, port: port)
        guard result.status == 0 else { throw TestPackError(description: "postgres-cluster.sh \(verb): \(result.stderr)") }
    }

    /// Stops the server and deletes its folder.
    func remove() {
        guard !removed else { return }
        removed = true
        _ = try? Self.script("stop", directory: directory, port: port)
    }

    deinit { remove() }

    static func script(_ verb: String, directory: String, port: Int, password: String? = nil) throws -> CommandResult {
        var environment = ["GAMEPACK_PG_DIR": directory, "GAMEPACK_PG_PORT": "\(port)"]
        if let password { environment["GAMEPACK_PG_PASSWORD"] = password }
        return try CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["bash", TestPaths.repoRoot.appendingPathComponent("scripts/postgres-cluster.sh").path, verb],
            environment: environment)
    }

    /// Runs `sql` with psql against `url`.
    static func psql(_ url: String, _ sql: String) throws {
        guard let psql = ExternalTool.executable("psql") else {
            throw TestPackError(description: "psql is missing: apt-get install postgresql-client")
        }
        let result = try CommandRunner.run(psql, [url, "-v", "ON_ERROR_STOP=1", "-qc", sql])
        guard result.status == 0 else { throw TestPackError(description: "psql \(sql): \(result.stderr)") }
    }

    /// The single value `sql` selects at `url` (psql's unaligned tuples).
    static func value(_ url: String, _ sql: String) throws -> String {
        guard let psql = ExternalTool.executable("psql") else {
            throw TestPackError(description: "psql is missing: apt-get install postgresql-client")
        }
        let result = try CommandRunner.run(psql, [url, "-v", "ON_ERROR_STOP=1", "-tAc", sql])
        guard result.status == 0 else { throw TestPackError(description: "psql \(sql): \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The admin URL of the shared test cluster (`GAMEPACK_TEST_POSTGRES_URL`), if set.
    static var sharedURL: String? {
        ProcessInfo.processInfo.environment["GAMEPACK_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A new, empty database on the cluster at `admin` (the test's own, or
    /// `GAMEPACK_TEST_POSTGRES_URL`); returns its URL.
    static func freshDatabase(admin: String) throws -> String {
        let name = "gamepack_fleet_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12))"
        try psql(admin, "CREATE DATABASE \(name)")
        var components = URLComponents(string: admin)!
        components.path = "/" + name
        return components.string!
    }
}
