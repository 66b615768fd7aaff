import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

/// End to end: the sequence `gamepack build` gives a pack when none is asked for, and what a
/// channel that refuses a pack's sequence says to do about it.
@Suite("pack sequences: defaults and refusals (end to end)")
struct BuildSequenceTests {
    /// No SOURCE_DATE_EPOCH (an empty value is ignored like an absent one).
    static let noSourceDate = ["SOURCE_DATE_EPOCH": ""]

    /// A temporary folder (outside any git work tree) with the dealhunter example as `project`
    /// and a key pair `key.key` / `key.pub`.
    func setUp() throws -> TemporaryDirectory {
        let temp = try TemporaryDirectory()
        _ = try temp.copy(TestPaths.example("dealhunter"), as: "project")
        #expect(try CommandRunner.gamepack(["keygen", "--out", "key"], in: temp.url).status == 0)
        let git = try CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", temp.url.path, "rev-parse", "--is-inside-work-tree"])
        try #require(git.status != 0, "the temporary folder must be outside git")
        return temp
    }

    /// Builds the project into `out` and returns the pack and its manifest.
    func build(
        _ temp: TemporaryDirectory, out: String, extra: [String] = [], environment: [String: String]
    ) throws -> (URL, PackManifest, CommandResult) {
        let result = try CommandRunner.gamepack(
            ["build", "project", "--out", out, "--sign", "key.key"] + extra, in: temp.url, environment: environment)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let folder = temp.url.appendingPathComponent(out)
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".gamepack") })
        let pack = folder.appendingPathComponent(name)
        return (pack, try PackArchive.Reader(url: pack).manifest(), result)
    }

    @Test("outside git without SOURCE_DATE_EPOCH the sequence is the build time, so a rebuild can be published")
    func buildTimeSequence() throws {
        let temp = try setUp()
        let before = Int64(Date().timeIntervalSince1970)
        let (firstPack, first, firstRun) = try build(temp, out: "one", environment: Self.noSourceDate)
        let after = Int64(Date().timeIntervalSince1970)
        #expect((before...after).contains(first.sequence), "sequence \(first.sequence), built between \(before) and \(after)")
        #expect(firstRun.stdout.contains("the sequence is the build time"), "\(firstRun.stdout)")
        // The pack's own timestamps stay fixed.
        #expect(first.created == "1980-01-01T00:00:00Z")

        let publish = try CommandRunner.gamepack(
            ["publish", firstPack.path, "--to", "tree", "--channel", "staging", "--key", "key.key"], in: temp.url)
        #expect(publish.status == 0, "\(publish.stderr)")

        Thread.sleep(forTimeInterval: 1.1)
        let (secondPack, second, _) = try build(temp, out: "two", environment: Self.noSourceDate)
        #expect(second.sequence > first.sequence)
        let again = try CommandRunner.gamepack(
            ["publish", secondPack.path, "--to", "tree", "--channel", "staging", "--key", "key.key"], in: temp.url)
        #expect(again.status == 0, "a later build is accepted: \(again.stderr)")
    }

    @Test("SOURCE_DATE_EPOCH still gives the sequence and the same bytes on every build")
    func sourceDateSequence() throws {
        let temp = try setUp()
        let environment = ["SOURCE_DATE_EPOCH": "1700000000"]
        let (firstPack, first, run) = try build(temp, out: "one", environment: environment)
        #expect(first.sequence == 1_700_000_000)
        #expect(!run.stdout.contains("build time"))
        #expect(!run.stdout.contains("expires"), "no --expires, no expiry: \(run.stdout)")
        Thread.sleep(forTimeInterval: 1.1)
        let (secondPack, _, _) = try build(temp, out: "two", environment: environment)
        #expect(try Data(contentsOf: firstPack) == Data(contentsOf: secondPack))
    }

    @Test("in git, the sequence, the timestamps and --expires count from the last commit's time")
    func commitSequence() throws {
        let temp = try setUp()
        let project = temp.url.appendingPathComponent("project")
        func git(_ arguments: [String]) throws {
            let result = try CommandRunner.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", project.path] + arguments,
                environment: [
                    "GIT_AUTHOR_NAME": "Editor", "GIT_AUTHOR_EMAIL": "editor@example.org", "GIT_COMMITTER_NAME": "Editor",
                    "GIT_COMMITTER_EMAIL": "editor@example.org", "GIT_AUTHOR_DATE": "@1600000000 +0000",
                    "GIT_COMMITTER_DATE": "@1600000000 +0000",
                ])
            try #require(result.status == 0, "git \(arguments): \(result.stderr)")
        }
        try git(["init", "-q"])
        try git(["add", "."])
        try git(["commit", "-q", "-m", "content"])
        let (pack, manifest, run) = try build(temp, out: "one", extra: ["--expires", "36500"], environment: Self.noSourceDate)
        #expect(manifest.sequence == 1_600_000_000)
        #expect(manifest.created == "2020-09-13T12:26:40Z")
        #expect(manifest.expires == "2120-08-20T12:26:40Z")  // 36,500 days after the commit
        #expect(!run.stdout.contains("build time"), "\(run.stdout)")
        #expect(run.stdout.contains("  expires   2120-08-20T12:26:40Z "), "the summary shows it: \(run.stdout)")
        // The same commit gives the same pack.
        let (again, _, _) = try build(temp, out: "two", extra: ["--expires", "36500"], environment: Self.noSourceDate)
        #expect(try Data(contentsOf: pack) == Data(contentsOf: again))
    }

    @Test("a static channel refusing a lower sequence says how to build a higher one")
    func staticRefusalSaysHowToFix() throws {
        let temp = try setUp()
        let (high, _, _) = try build(temp, out: "high", extra: ["--sequence", "200"], environment: Self.noSourceDate)
        let (low, _, _) = try build(temp, out: "low", extra: ["--sequence", "100"], environment: Self.noSourceDate)
        let first = try CommandRunner.gamepack(
            ["publish", high.path, "--to", "tree", "--channel", "staging", "--key", "key.key"], in: temp.url)
        #expect(first.status == 0, "\(first.stderr)")
        let refused = try CommandRunner.gamepack(
            ["publish", low.path, "--to", "tree", "--channel", "staging", "--key", "key.key"], in: temp.url)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("sequence 100 is not higher than channel dealhunter/staging's 200"), "\(refused.stderr)")
        #expect(refused.stderr.contains("SOURCE_DATE_EPOCH") && refused.stderr.contains("--sequence N"), "\(refused.stderr)")
    }

    @Test("a server refusing a lower sequence (409) says how to build a higher one")
    func serverRefusalSaysHowToFix() throws {
        let temp = try setUp()
        let (high, _, _) = try build(temp, out: "high", extra: ["--sequence", "200"], environment: Self.noSourceDate)
        let (low, _, _) = try build(temp, out: "low", extra: ["--sequence", "100"], environment: Self.noSourceDate)
        let tokenResult = try CommandRunner.gamepack(["serve", "token", "create", "--data", "data"], in: temp.url)
        #expect(tokenResult.status == 0, "\(tokenResult.stderr)")
        let environment = ["GAMEPACK_TOKEN": tokenResult.stdout.trimmingCharacters(in: .whitespacesAndNewlines)]
        let server = try ServerProcess(["--data", "data", "--trusted-key", "key.pub"], in: temp.url)
        defer { _ = server.stop() }
        let first = try CommandRunner.gamepack(
            ["publish", high.path, "--server", server.baseURL, "--channel", "staging", "--key", "key.key"], in: temp.url,
            environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        let refused = try CommandRunner.gamepack(
            ["publish", low.path, "--server", server.baseURL, "--channel", "staging", "--key", "key.key"], in: temp.url,
            environment: environment)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("409 sequence_not_increasing"), "\(refused.stderr)")
        #expect(refused.stderr.contains("is at sequence 200; sequence 100 is not above it"), "\(refused.stderr)")
        #expect(refused.stderr.contains("SOURCE_DATE_EPOCH") && refused.stderr.contains("--sequence N"), "\(refused.stderr)")
    }
}
