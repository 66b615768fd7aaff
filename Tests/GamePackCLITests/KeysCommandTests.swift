import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

/// End to end: `gamepack keys rotate` writes a chain of key sets that the stock minisign
/// verifies, and refuses rotations that would break the chain.
@Suite("gamepack keys rotate|show (end to end)")
struct KeysCommandTests {
    /// A temporary folder with key pairs a, b, c and a `gamepack.yaml` naming the project.
    func setUp() throws -> TemporaryDirectory {
        let temp = try TemporaryDirectory()
        for name in ["a", "b", "c"] {
            let keygen = try CommandRunner.gamepack(["keygen", "--out", name, "--quiet"], in: temp.url)
            #expect(keygen.status == 0, "\(keygen.stderr)")
        }
        _ = try temp.write("id: demo-keys\nname: Demo\nlocales: [en]\n", to: "gamepack.yaml")
        return temp
    }

    func rotate(_ temp: TemporaryDirectory, _ arguments: [String]) throws -> CommandResult {
        try CommandRunner.gamepack(["keys", "rotate"] + arguments, in: temp.url)
    }

    func publicKey(_ temp: TemporaryDirectory, _ name: String) throws -> MinisignPublicKey {
        try MinisignPublicKey(
            fileContents: try String(contentsOf: temp.url.appendingPathComponent("\(name).pub"), encoding: .utf8))
    }

    @Test(
        "rotating twice writes sets 1 and 2, each signed by the key it replaces; minisign -V verifies them",
        .tags(.minisign), .requires(.minisign))
    func rotateTwice() throws {
        let temp = try setUp()
        let first = try rotate(temp, ["--old", "a.key", "--new", "b.pub"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("key set 1 of demo-keys"), "\(first.stdout)")
        let second = try rotate(temp, ["--old", "b.key", "--new", "c.pub", "--keep-old", "--expires-in", "30d"])
        #expect(second.status == 0, "\(second.stderr)")
        let keys = temp.url.appendingPathComponent("keys")
        let sets = try KeySetFolder.load(keys)
        #expect(sets.map(\.set.version) == [1, 2])
        #expect(sets.allSatisfy { $0.set.project == "demo-keys" })
        let (a, b, c) = (try publicKey(temp, "a"), try publicKey(temp, "b"), try publicKey(temp, "c"))
        #expect(sets[0].set.keyIDs == [b.keyIDHex])
        #expect(sets[1].set.keyIDs == [b.keyIDHex, c.keyIDHex])
        #expect(sets[1].set.keys[0].expires != nil, "the kept old key expires")
        let chain = try KeyChain.verify(project: "demo-keys", trustedKeys: [a], sets: sets, now: Date())
        #expect(chain.version == 2)

        let minisign = try #require(CommandRunner.which("minisign"), "minisign is not installed: apt-get install minisign")
        for (version, signer) in [(1, a), (2, b)] {
            let file = keys.appendingPathComponent("\(version).json").path
            let stock = try CommandRunner.run(minisign, ["-Vm", file, "-P", signer.base64])
            #expect(stock.status == 0, "set \(version): \(stock.stderr)")
            #expect(stock.stdout.contains("Trusted comment: gamepack key set demo-keys version \(version)"), "\(stock.stdout)")
        }
        let wrong = try CommandRunner.run(minisign, ["-Vm", keys.appendingPathComponent("2.json").path, "-P", a.base64])
        #expect(wrong.status != 0, "set 2 is not signed by a")

        let show = try CommandRunner.gamepack(["keys", "show"], in: temp.url)
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("demo-keys key set 2, signed by \(b.keyIDHex)"), "\(show.stdout)")
    }

    @Test("rotate refuses an old key outside the current set, a new key equal to the old one, and a cycle")
    func refusals() throws {
        let temp = try setUp()
        let same = try rotate(temp, ["--old", "a.key", "--new", "a.pub"])
        #expect(same.status == 1)
        #expect(same.stderr.contains("is the old key"), "\(same.stderr)")
        #expect(try rotate(temp, ["--old", "a.key", "--new", "b.pub", "--quiet"]).status == 0)

        let removed = try rotate(temp, ["--old", "a.key", "--new", "c.pub"])
        #expect(removed.status == 1)
        #expect(removed.stderr.contains("was removed by key set 1"), "\(removed.stderr)")
        let outside = try rotate(temp, ["--old", "c.key", "--new", "a.pub"])
        #expect(outside.status == 1)
        #expect(outside.stderr.contains("is not in key set 1"), "\(outside.stderr)")
        let cycle = try rotate(temp, ["--old", "b.key", "--new", "a.pub"])
        #expect(cycle.status == 1)
        #expect(cycle.stderr.contains("cycle"), "\(cycle.stderr)")
        #expect(try KeySetFolder.load(temp.url.appendingPathComponent("keys")).count == 1, "nothing was written")

        let expiryWithoutKeep = try rotate(temp, ["--old", "b.key", "--new", "c.pub", "--expires-in", "30d"])
        #expect(expiryWithoutKeep.status == 2)
        #expect(expiryWithoutKeep.stderr.contains("--keep-old"), "\(expiryWithoutKeep.stderr)")
        let otherProject = try rotate(temp, ["--old", "b.key", "--new", "c.pub", "--project", "other"])
        #expect(otherProject.status == 2)
        #expect(otherProject.stderr.contains("holds the key sets of demo-keys"), "\(otherProject.stderr)")
    }

    @Test("publish --out writes the key sets into the static tree and refuses a pointer key outside the newest set")
    func staticPublish() throws {
        let temp = try setUp()
        let project = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "project")
        #expect(
            try CommandRunner.gamepack(
                ["keys", "rotate", "--old", "a.key", "--new", "b.pub", "--project", "gohike-amsterdam", "--quiet"],
                in: temp.url
            ).status == 0)
        let build = try CommandRunner.gamepack(
            ["build", project.path, "--out", "out", "--sign", "b.key", "--sequence", "5", "--quiet"], in: temp.url,
            environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        #expect(build.status == 0, "\(build.stderr)")
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: temp.url.appendingPathComponent("out").path)
                .first { $0.hasSuffix(".gamepack") })
        let pack = "out/\(name)"
        let byA = try CommandRunner.gamepack(["publish", pack, "--out", "tree", "--key", "a.key"], in: temp.url)
        #expect(byA.status == 1)
        #expect(byA.stderr.contains("is not an unexpired key of key set 1"), "\(byA.stderr)")
        let tree = temp.url.appendingPathComponent("tree/v1/keys/gohike-amsterdam")
        #expect(!FileManager.default.fileExists(atPath: tree.path), "a refused publish writes no key set")
        let byB = try CommandRunner.gamepack(["publish", pack, "--out", "tree", "--key", "b.key"], in: temp.url)
        #expect(byB.status == 0, "\(byB.stderr)")
        #expect(byB.stdout.contains("Wrote 1 key set(s)"), "\(byB.stdout)")
        let written = try Data(contentsOf: tree.appendingPathComponent("1.json"))
        #expect(written == (try Data(contentsOf: temp.url.appendingPathComponent("keys/1.json"))))
        #expect(FileManager.default.fileExists(atPath: tree.appendingPathComponent("1.json.minisig").path))
    }
}
