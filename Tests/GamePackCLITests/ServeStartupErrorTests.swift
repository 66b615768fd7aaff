import Foundation
import GamePackTestSupport
import Testing

/// `gamepack serve --database postgres://…` that cannot start says why at once, by name, and
/// exits 2: a wrong password, a host where nothing listens, a schema newer than the binary's.
@Suite("gamepack serve: PostgreSQL start-up errors", .serialized, .tags(.postgres))
struct ServeStartupErrorTests {
    /// Runs `gamepack serve` (bounded by coreutils' `timeout`: a server that starts after all
    /// fails the test instead of hanging it); returns the result and the seconds it took.
    func serve(_ database: String, in folder: URL) throws -> (CommandResult, TimeInterval) {
        let started = Date()
        let result = try CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/timeout"),
            ["30", TestPaths.gamepackBinary.path, "serve", "--data", "data", "--database", database, "--port", "0"],
            in: folder)
        return (result, Date().timeIntervalSince(started))
    }

    @Test("a start that works prints no warning: the pool runs before the first query", .requires(.postgres))
    func quietStart() throws {
        let admin = try #require(PostgresCluster.sharedURL, "GAMEPACK_TEST_POSTGRES_URL is not set")
        let temp = try TemporaryDirectory()
        let database = try PostgresCluster.freshDatabase(admin: admin)
        // The store migrates and the token is written at once after the pool's task starts;
        // postgres-nio warned on every such start that its client was not running yet.
        let result = try CommandRunner.gamepack(
            ["serve", "token", "create", "--data", "data", "--database", database, "--note", "quiet"], in: temp.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("warning"), "\(result.stderr)")
        #expect(!result.stderr.contains("run()"), "\(result.stderr)")
    }

    @Test("a wrong password: exit 2, naming the user and the password", .requires(.postgresServer))
    func wrongPassword() throws {
        let temp = try TemporaryDirectory()
        let cluster = try PostgresCluster(password: "right-one")
        defer { cluster.remove() }
        let (result, seconds) = try serve(cluster.url(database: "postgres", password: "wrong-one"), in: temp.url)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("refused user postgres"), "\(result.stderr)")
        #expect(result.stderr.contains("password"), "\(result.stderr)")
        #expect(!result.stderr.contains("wrong-one"), "the password is never printed")
        #expect(seconds < 10)
    }

    @Test("a host:port where nothing listens: exit 2 within seconds, naming host and port")
    func unreachable() throws {
        let temp = try TemporaryDirectory()
        let port = try freePort()
        let (result, seconds) = try serve("postgres://postgres@127.0.0.1:\(port)/gamepack?sslmode=disable", in: temp.url)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("cannot reach PostgreSQL at 127.0.0.1:\(port)"), "\(result.stderr)")
        #expect(result.stderr.contains("the connection was refused: nothing listens on that port"), "\(result.stderr)")
        #expect(!result.stderr.contains("SingleConnectionFailure"), "no type dump: \(result.stderr)")
        #expect(seconds < 10, "took \(seconds) s")
    }

    @Test("a host name that does not resolve: exit 2, saying so")
    func unresolvable() throws {
        let temp = try TemporaryDirectory()
        let (result, seconds) = try serve("postgres://postgres@no-such-host.invalid:5432/gamepack?sslmode=disable", in: temp.url)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("the host name no-such-host.invalid does not resolve"), "\(result.stderr)")
        #expect(seconds < 10, "took \(seconds) s")
    }

    @Test("sslmode=require against a server without TLS: exit 2, saying what to change", .requires(.postgres))
    func noTLS() throws {
        let admin = try #require(PostgresCluster.sharedURL, "GAMEPACK_TEST_POSTGRES_URL is not set")
        let temp = try TemporaryDirectory()
        let url =
            admin.contains("sslmode=disable")
            ? admin.replacingOccurrences(of: "sslmode=disable", with: "sslmode=require")
            : admin + (admin.contains("?") ? "&" : "?") + "sslmode=require"
        let (result, _) = try serve(url, in: temp.url)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("offers no TLS, which sslmode=require in --database asks for"), "\(result.stderr)")
    }

    @Test("a schema newer than the binary's: exit 2, naming both versions, saying to upgrade", .requires(.postgres))
    func newerSchema() throws {
        let admin = try #require(PostgresCluster.sharedURL, "GAMEPACK_TEST_POSTGRES_URL is not set")
        let temp = try TemporaryDirectory()
        let database = try PostgresCluster.freshDatabase(admin: admin)
        let migrated = try CommandRunner.gamepack(
            ["serve", "token", "list", "--data", "data", "--database", database], in: temp.url)
        try #require(migrated.status == 0, "\(migrated.stderr)")
        try PostgresCluster.psql(
            database, "INSERT INTO schema_migrations (version, name, applied) VALUES (999, 'from the future', 'now')")
        let (result, _) = try serve(database, in: temp.url)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("schema version 999"), "\(result.stderr)")
        #expect(
            result.stderr.range(of: #"newer than this gamepack's \d+"#, options: .regularExpression) != nil, "\(result.stderr)")
        #expect(result.stderr.contains("upgrade gamepack"), "\(result.stderr)")
    }
}
