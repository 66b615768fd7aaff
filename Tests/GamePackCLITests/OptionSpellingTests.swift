import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

/// End to end: one spelling per meaning across commands (`--out` writes here, `--channel` names
/// a channel with one default, `--pack-version` names a pack to go back to, `--quiet` everywhere
/// something is printed), with the old spellings still accepted as hidden aliases.
@Suite("option spellings: new names, old aliases (end to end)", .serialized)
struct OptionSpellingTests {
    static let environment = ["SOURCE_DATE_EPOCH": "1700000000"]

    /// A temporary folder with a key pair `key.key` / `key.pub`.
    func keyFolder() throws -> TemporaryDirectory {
        let temp = try TemporaryDirectory()
        let keygen = try CommandRunner.gamepack(["keygen", "--out", "key", "--quiet"], in: temp.url)
        #expect(keygen.status == 0, "\(keygen.stderr)")
        #expect(keygen.stdout.isEmpty, "keygen --quiet prints nothing: \(keygen.stdout)")
        return temp
    }

    /// Builds the dealhunter example, its first deal renamed to `name`, at `sequence`; returns
    /// the signed pack.
    func build(_ temp: TemporaryDirectory, sequence: Int, name: String) throws -> URL {
        let project = try temp.copy(TestPaths.example("dealhunter"), as: "project-\(sequence)")
        let deal = project.appendingPathComponent("content/deals/1.yaml")
        let text = try String(contentsOf: deal, encoding: .utf8)
            .replacingOccurrences(of: "name: \"Two croissants for the price of one\"", with: "name: \"\(name)\"")
        try Data(text.utf8).write(to: deal)
        let out = temp.url.appendingPathComponent("out-\(sequence)")
        let build = try CommandRunner.gamepack(
            ["build", project.path, "--out", out.path, "--sign", "key.key", "--sequence", "\(sequence)", "--quiet"],
            in: temp.url, environment: Self.environment)
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".gamepack") }
        return out.appendingPathComponent(try #require(names.first))
    }

    @Test("lint and l10n status write their report with --out (and -o); --output still works, hidden; both is refused")
    func reportOut() throws {
        let temp = try TemporaryDirectory()
        let project = TestPaths.example("dealhunter").path
        for command in [["lint", project], ["l10n", "status", project]] {
            for (index, flag) in ["--out", "-o", "--output"].enumerated() {
                let file = temp.url.appendingPathComponent("\(command[0])-\(index).txt")
                let result = try CommandRunner.gamepack(command + [flag, file.path], in: temp.url)
                #expect(result.status == 0, "\(command) \(flag): \(result.stderr)")
                #expect(result.stdout.isEmpty, "\(command) \(flag) writes to the file: \(result.stdout)")
                #expect(FileManager.default.fileExists(atPath: file.path), "\(command) \(flag)")
            }
            let both = try CommandRunner.gamepack(command + ["--out", "a.txt", "--output", "b.txt"], in: temp.url)
            #expect(both.status == 2)
            #expect(both.stderr.contains("--output is the old name of --out; give --out only"), "\(both.stderr)")
            let help = try CommandRunner.gamepack(["help"] + command.dropLast())
            #expect(help.stdout.contains("-o, --out <out>") && !help.stdout.contains("--output"), "\(help.stdout)")
        }
    }

    @Test("publish writes a static tree with --out (--to still works, hidden); inspect, sign and publish take --quiet")
    func staticPublishOutAndQuiet() throws {
        let temp = try keyFolder()
        let pack = try build(temp, sequence: 100, name: "One")

        let inspect = try CommandRunner.gamepack(["inspect", pack.path, "--quiet"], in: temp.url)
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stdout.isEmpty)
        let broken = try temp.write("not a zip", to: "broken.gamepack")
        let inspectBroken = try CommandRunner.gamepack(["inspect", broken.path, "-q"], in: temp.url)
        #expect(inspectBroken.status == 1)
        #expect(inspectBroken.stderr.contains("broken.gamepack"))

        let sign = try CommandRunner.gamepack(["sign", pack.path, "--key", "key.key", "-q"], in: temp.url)
        #expect(sign.status == 0, "\(sign.stderr)")
        #expect(sign.stdout.isEmpty)

        let new = try CommandRunner.gamepack(["publish", pack.path, "--out", "tree", "--key", "key.key"], in: temp.url)
        #expect(new.status == 0, "\(new.stderr)")
        #expect(new.stdout.contains("tree/v1/channels/dealhunter/staging.json"), "the default channel is staging: \(new.stdout)")
        let old = try CommandRunner.gamepack(
            ["publish", pack.path, "--to", "tree-old", "--key", "key.key", "--channel", "production", "--quiet"], in: temp.url)
        #expect(old.status == 0, "\(old.stderr)")
        #expect(old.stdout.isEmpty, "publish --quiet prints nothing: \(old.stdout)")
        #expect(
            FileManager.default.fileExists(
                atPath: temp.url.appendingPathComponent("tree-old/v1/channels/dealhunter/production.json").path))

        let both = try CommandRunner.gamepack(
            ["publish", pack.path, "--out", "a", "--to", "b", "--key", "key.key"], in: temp.url)
        #expect(both.status == 2)
        #expect(both.stderr.contains("--to is the old name of --out"), "\(both.stderr)")
        let neither = try CommandRunner.gamepack(["publish", pack.path, "--key", "key.key"], in: temp.url)
        #expect(neither.status == 2)
        #expect(neither.stderr.contains("give exactly one of --server URL and --out DIR"), "\(neither.stderr)")
        let help = try CommandRunner.gamepack(["help", "publish"])
        #expect(help.stdout.contains("--out <out>") && !help.stdout.contains("--to "), "\(help.stdout)")
    }

    @Test("publish, history and rollback share --channel (default staging); promote takes --channel; old spellings work")
    func channelsAndVersions() throws {
        let temp = try keyFolder()
        let first = try build(temp, sequence: 100, name: "One")
        let second = try build(temp, sequence: 200, name: "Two")
        let v1 = try PackArchive.Reader(url: first).manifest().version
        let v2 = try PackArchive.Reader(url: second).manifest().version
        #expect(v1 != v2)
        let tokenResult = try CommandRunner.gamepack(["serve", "token", "create", "--data", "data"], in: temp.url)
        #expect(tokenResult.status == 0, "\(tokenResult.stderr)")
        let env = ["GAMEPACK_TOKEN": tokenResult.stdout.trimmingCharacters(in: .whitespacesAndNewlines)]
        let server = try ServerProcess(["--data", "data", "--trusted-key", "key.pub"], in: temp.url)
        defer { _ = server.stop() }
        let url = server.baseURL
        func gamepack(_ arguments: [String]) throws -> CommandResult {
            try CommandRunner.gamepack(arguments + ["--server", url], in: temp.url, environment: env)
        }

        // No --channel anywhere: publish and history agree on staging.
        let publish = try gamepack(["publish", first.path, "--key", "key.key"])
        #expect(publish.status == 0, "\(publish.stderr)")
        #expect(publish.stdout.contains("to staging at sequence 100"), "\(publish.stdout)")
        let history = try gamepack(["history"])
        #expect(history.status == 0, "\(history.stderr)")
        #expect(
            history.stdout.hasPrefix("dealhunter/staging\n") && history.stdout.contains(String(v1.prefix(8))), "\(history.stdout)"
        )

        // promote: --channel names the channel promoted into; --to is its old name.
        let missing = try gamepack(["promote", "--key", "key.key"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--channel NAME"), "\(missing.stderr)")
        let promote = try gamepack(["promote", "--channel", "production", "--key", "key.key"])
        #expect(promote.status == 0, "\(promote.stderr)")
        #expect(promote.stdout.contains("from staging to production at sequence 100"), "\(promote.stdout)")
        #expect(try gamepack(["publish", second.path, "--channel", "staging", "--key", "key.key", "-q"]).status == 0)
        let promoteOld = try gamepack(["promote", "--from", "staging", "--to", "production", "--key", "key.key"])
        #expect(promoteOld.status == 0, "\(promoteOld.stderr)")
        #expect(promoteOld.stdout.contains("from staging to production at sequence 200"), "\(promoteOld.stdout)")

        // rollback: --pack-version names the pack to go back to; --to is its old name.
        let rollback = try gamepack(["rollback", "--channel", "production", "--pack-version", v1, "--key", "key.key"])
        #expect(rollback.status == 0, "\(rollback.stderr)")
        #expect(rollback.stdout.contains("Rolled back dealhunter/production from \(v2) to \(v1)"), "\(rollback.stdout)")
        let rollbackOld = try gamepack(["rollback", "--channel", "production", "--to", v2, "--key", "key.key", "--quiet"])
        #expect(rollbackOld.status == 0, "\(rollbackOld.stderr)")
        #expect(rollbackOld.stdout.isEmpty, "\(rollbackOld.stdout)")
        let production = try gamepack(["history", "--channel", "production", "--format", "json"])
        let entries =
            try #require(
                try JSONSerialization.jsonObject(with: Data(production.stdout.utf8)) as? [String: Any])["entries"]
            as? [[String: Any]]
        #expect(entries?.map { $0["version"] as? String } == [v2, v1, v2, v1], "\(production.stdout)")

        // rollback without --channel works on staging, like publish and history.
        let stagingRollback = try gamepack(["rollback", "--key", "key.key"])
        #expect(stagingRollback.status == 0, "\(stagingRollback.stderr)")
        #expect(
            stagingRollback.stdout.contains("Rolled back dealhunter/staging from \(v2) to \(v1)"), "\(stagingRollback.stdout)")

        let help = try CommandRunner.gamepack(["help", "rollback"])
        #expect(help.stdout.contains("--pack-version") && !help.stdout.contains("--to "), "\(help.stdout)")
    }
}
