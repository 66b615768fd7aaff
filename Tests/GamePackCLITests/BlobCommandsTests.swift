import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

/// Issue 33: `gamepack serve migrate-blobs` and `gamepack serve gc` as a user runs them, against
/// a real PostgreSQL (a fresh database per test, made with psql).
@Suite("gamepack serve migrate-blobs and gc", .serialized, .tags(.postgres), .requires(.postgres))
struct BlobCommandsTests {
    /// A new database on the test cluster; its URL.
    static func database() throws -> String {
        let admin = try #require(ProcessInfo.processInfo.environment["GAMEPACK_TEST_POSTGRES_URL"])
        let name = "gamepack_cli_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12))"
        let psql = try #require(CommandRunner.which("psql"), "psql is needed (apt-get install postgresql-client)")
        let made = try CommandRunner.run(psql, [admin, "-c", "CREATE DATABASE \(name)"])
        try #require(made.status == 0, "\(made.stderr)")
        var components = try #require(URLComponents(string: admin))
        components.path = "/" + name
        return try #require(components.string)
    }

    /// A data folder laid out as a folder store, with `files` at `v1/files/<name>`.
    static func folder(_ temp: TemporaryDirectory, files: [String: Data]) throws -> URL {
        let data = temp.url.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data.appendingPathComponent("v1/files"), withIntermediateDirectories: true)
        for (name, bytes) in files { try bytes.write(to: data.appendingPathComponent("v1/files/\(name)")) }
        return data
    }

    @Test("migrate-blobs imports a folder, refuses a tampered file by name (exit 1), and a second run imports nothing")
    func migrate() throws {
        let temp = try TemporaryDirectory()
        let url = try Self.database()
        let good = Data(repeating: 42, count: 3 << 20)
        let real = Data("the real bytes".utf8)
        let tamperedName = Digest.sha256Hex(real)
        let data = try Self.folder(temp, files: [Digest.sha256Hex(good): good, tamperedName: Data("forged".utf8)])

        let refused = try CommandRunner.gamepack(["serve", "migrate-blobs", "--data", data.path, "--database", url])
        #expect(refused.status == 1, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("v1/files/\(tamperedName)"), "\(refused.stderr)")
        #expect(refused.stdout.contains("imported 1 blobs"), "\(refused.stdout)")

        try real.write(to: data.appendingPathComponent("v1/files/\(tamperedName)"))
        let fixed = try CommandRunner.gamepack(["serve", "migrate-blobs", "--data", data.path, "--database", url])
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        #expect(
            fixed.stdout.contains("imported 1 blobs") && fixed.stdout.contains("1 already in the database"), "\(fixed.stdout)")
        let again = try CommandRunner.gamepack(["serve", "migrate-blobs", "--data", data.path, "--database", url])
        #expect(again.status == 0)
        #expect(
            again.stdout.contains("imported 0 blobs") && again.stdout.contains("2 already in the database"), "\(again.stdout)")

        let verify = try CommandRunner.gamepack(["serve", "gc", "--verify", "--data", data.path, "--database", url])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("0 damaged blobs"))
        let psql = try #require(CommandRunner.which("psql"))
        // Every chunk the imports stored (three), as if from before checksums: a dry run leaves
        // them be, gc --verify gives them theirs.
        let cleared = try CommandRunner.run(psql, [url, "-c", "UPDATE blob_chunks SET crc32c = NULL"])
        #expect(cleared.status == 0, "\(cleared.stderr)")
        let dry = try CommandRunner.gamepack(["serve", "gc", "--verify", "--dry-run", "--data", data.path, "--database", url])
        #expect(dry.status == 0 && !dry.stdout.contains("gave"), "\(dry.stdout)\(dry.stderr)")
        let filled = try CommandRunner.gamepack(["serve", "gc", "--verify", "--data", data.path, "--database", url])
        #expect(filled.status == 0 && filled.stdout.contains("gave 3 chunks stored before checksums"), "\(filled.stdout)")
        let empty = try CommandRunner.run(psql, [url, "-Atc", "SELECT count(*) FROM blob_chunks WHERE crc32c IS NULL"])
        #expect(empty.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(empty.stdout)")
        let broken = try CommandRunner.run(
            psql, [url, "-c", "UPDATE blob_chunks SET data = '\\x00' WHERE sha256 = (SELECT MIN(sha256) FROM blob_chunks)"])
        #expect(broken.status == 0, "\(broken.stderr)")
        let damaged = try CommandRunner.gamepack(["serve", "gc", "--verify", "--data", data.path, "--database", url])
        #expect(damaged.status == 1, "\(damaged.stdout)\(damaged.stderr)")
        #expect(damaged.stdout.contains("damaged v1/files/"), "\(damaged.stdout)")
    }

    @Test("gc: a dry run removes nothing; the folder store and a bad retention are refused with exit 2")
    func gc() throws {
        let temp = try TemporaryDirectory()
        let url = try Self.database()
        let data = try Self.folder(temp, files: [:])
        let dry = try CommandRunner.gamepack([
            "serve", "gc", "--dry-run", "--retention", "0", "--data", data.path, "--database", url,
        ])
        #expect(dry.status == 0, "\(dry.stdout)\(dry.stderr)")
        #expect(dry.stdout.contains("would remove 0 blobs"), "\(dry.stdout)")
        let folder = try CommandRunner.gamepack(["serve", "gc", "--data", data.path])
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("PostgreSQL"), "\(folder.stderr)")
        let badRetention = try CommandRunner.gamepack(["serve", "gc", "--retention", "soon", "--database", url])
        #expect(badRetention.status == 2)
        #expect(badRetention.stderr.contains("such as 7d"), "\(badRetention.stderr)")
        let sqliteMigrate = try CommandRunner.gamepack(["serve", "migrate-blobs", "--data", data.path])
        #expect(sqliteMigrate.status == 2)
        #expect(sqliteMigrate.stderr.contains("--database postgres://"), "\(sqliteMigrate.stderr)")
    }
}
