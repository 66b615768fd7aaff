import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

/// End-to-end: keygen, build, verify, inspect and sign, checked with the stock minisign tool
/// and Python's zipfile module as independent readers.
@Suite("gamepack build, verify, sign (end to end)")
struct BuildCommandTests {
    static let environment = ["SOURCE_DATE_EPOCH": "1700000000"]

    func minisign() throws -> URL {
        try #require(CommandRunner.which("minisign"), "minisign is not installed: apt-get install minisign")
    }

    /// A temporary folder holding a copy of `example` and a fresh key pair.
    func setUp(_ example: String) throws -> (TemporaryDirectory, URL) {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.example(example), as: "project")
        let keygen = try CommandRunner.gamepack(["keygen", "--out", "key"], in: temp.url)
        #expect(keygen.status == 0, "\(keygen.stderr)")
        return (temp, project)
    }

    func pack(in folder: URL) throws -> URL {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".gamepack") }
        #expect(names.count == 1)
        return folder.appendingPathComponent(try #require(names.first))
    }

    @Test("a rebuild copies the assets part of the last pack, started before loading; the pack equals a cold build's")
    func warmRebuild() throws {
        let (temp, project) = try setUp("gohike-amsterdam")
        let first = try CommandRunner.gamepack(["build", "project", "--out", "out"], in: temp.url, environment: Self.environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!first.stdout.contains("reused"))
        let route = project.appendingPathComponent("content/routes/1.yaml")
        try String(contentsOf: route, encoding: .utf8).replacingOccurrences(of: "Green Trail", with: "Green Trail 2")
            .write(to: route, atomically: true, encoding: .utf8)
        let warm = try CommandRunner.gamepack(
            ["build", "project", "--out", "out", "--verbose"], in: temp.url, environment: Self.environment)
        #expect(warm.status == 0, "\(warm.stderr)")
        #expect(warm.stdout.contains("reused    the assets part of the previous pack"))
        #expect(warm.stderr.contains("loading the project"))
        let cold = try CommandRunner.gamepack(
            ["build", "project", "--out", "cold", "--no-cache"], in: temp.url, environment: Self.environment)
        #expect(cold.status == 0, "\(cold.stderr)")
        let coldPack = try pack(in: temp.url.appendingPathComponent("cold"))
        let warmPack = temp.url.appendingPathComponent("out").appendingPathComponent(coldPack.lastPathComponent)
        #expect(try Data(contentsOf: warmPack) == Data(contentsOf: coldPack))

        // A build that stops at lint leaves no staging folder behind, though it began copying.
        try "id: [\n".write(to: route, atomically: true, encoding: .utf8)
        let failed = try CommandRunner.gamepack(
            ["build", "project", "--out", "out"], in: temp.url, environment: Self.environment)
        #expect(failed.status == 1)
        let left = try FileManager.default.contentsOfDirectory(atPath: temp.url.appendingPathComponent("out").path)
        #expect(left.filter { $0.hasPrefix(".gamepack-staging") }.isEmpty, "\(left)")
        #expect(left.filter { $0.hasSuffix(".gamepack") }.count == 2)
    }

    @Test("keygen writes a 0600 secret key and refuses to overwrite")
    func keygen() throws {
        let (temp, _) = try setUp("dealhunter")
        var info = stat()
        #expect(stat(temp.url.appendingPathComponent("key.key").path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        let again = try CommandRunner.gamepack(["keygen", "--out", "key"], in: temp.url)
        #expect(again.status == 2)
        #expect(again.stderr.contains("never overwrites"))
        let secret = try String(contentsOf: temp.url.appendingPathComponent("key.key"), encoding: .utf8)
        #expect(!again.stdout.contains(secret.split(separator: "\n")[1]))
    }

    @Test(
        "build signs; the stock minisign verifies it; gamepack verify checks signature and files", .tags(.minisign),
        .requires(.minisign))
    func buildSignVerify() throws {
        let (temp, _) = try setUp("gohike-amsterdam")
        let build = try CommandRunner.gamepack(
            ["build", "project", "--out", "out", "--sign", "key.key"], in: temp.url, environment: Self.environment)
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        #expect(build.stdout.contains("Built gohike-amsterdam-"))
        let pack = try pack(in: temp.url.appendingPathComponent("out"))
        let stock = try CommandRunner.run(
            try minisign(), ["-Vm", pack.path, "-p", temp.url.appendingPathComponent("key.pub").path])
        #expect(stock.status == 0, "\(stock.stderr)")
        #expect(stock.stdout.contains("Trusted comment: gamepack project=gohike-amsterdam"))
        let verify = try CommandRunner.gamepack(["verify", pack.path, "--pubkey", "key.pub"], in: temp.url)
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.contains("valid"))
        // Python's zipfile reads the archive and checks every CRC-32 independently.
        let python = try CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", "-c",
                "import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); n=z.namelist(); print(z.testzip(), n[-1], n[0].startswith('assets/'), len(n))",
                pack.path,
            ])
        // Assets first (the part a warm build reuses), manifest.json last.
        #expect(python.stdout.hasPrefix("None manifest.json True "), "\(python.stdout)\(python.stderr)")
    }

    @Test("gamepack verifies a pack signed by the stock minisign -S", .tags(.minisign), .requires(.minisign))
    func minisignSigned() throws {
        let (temp, _) = try setUp("dealhunter")
        let tool = try minisign()
        let keys = try CommandRunner.run(tool, ["-G", "-W", "-p", "mini.pub", "-s", "mini.key"], in: temp.url)
        #expect(keys.status == 0, "\(keys.stderr)")
        let build = try CommandRunner.gamepack(["build", "project", "--out", "out"], in: temp.url, environment: Self.environment)
        #expect(build.status == 0)
        #expect(build.stdout.contains("unsigned"))
        let pack = try pack(in: temp.url.appendingPathComponent("out"))
        let sign = try CommandRunner.run(tool, ["-S", "-s", "mini.key", "-m", pack.path], in: temp.url)
        #expect(sign.status == 0, "\(sign.stderr)")
        let verify = try CommandRunner.gamepack(["verify", pack.path, "--pubkey", "mini.pub"], in: temp.url)
        #expect(verify.status == 0, "\(verify.stderr)")
        // And with the wrong key it fails with status 1.
        let wrong = try CommandRunner.gamepack(["verify", pack.path, "--pubkey", "key.pub"], in: temp.url)
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("key"))
    }

    @Test("flipping any byte of a pack makes verify fail with exit status 1", arguments: [0.05, 0.3, 0.5, 0.8, 0.97])
    func flippedByte(_ fraction: Double) throws {
        let (temp, _) = try setUp("gohike-amsterdam")
        let build = try CommandRunner.gamepack(
            ["build", "project", "--out", "out", "--sign", "key.key", "--target", "canonical"], in: temp.url,
            environment: Self.environment)
        #expect(build.status == 0)
        let pack = try pack(in: temp.url.appendingPathComponent("out"))
        var bytes = try Data(contentsOf: pack)
        let index = Int(Double(bytes.count) * fraction)
        bytes[index] ^= 0x40
        try bytes.write(to: pack)
        let withKey = try CommandRunner.gamepack(["verify", pack.path, "--pubkey", "key.pub"], in: temp.url)
        #expect(withKey.status == 1, "byte \(index): \(withKey.stdout)")
        #expect(withKey.stderr.contains("does not match its signature"))
        // Without the key, the contents check alone still catches a change inside a file.
        let contentsOnly = try CommandRunner.gamepack(["verify", pack.path], in: temp.url)
        if contentsOnly.status == 0 {
            // The flip hit ZIP bookkeeping the reader does not use (e.g. a header timestamp).
            #expect(contentsOnly.stdout.contains("NOT checked"))
        } else {
            #expect(contentsOnly.status == 1)
            #expect(contentsOnly.stderr.contains(pack.lastPathComponent))
        }
    }

    @Test("a truncated pack, a signature for another pack, and a missing pack")
    func badPacks() throws {
        let (temp, _) = try setUp("dealhunter")
        _ = try CommandRunner.gamepack(
            ["build", "project", "--out", "out", "--sign", "key.key"], in: temp.url, environment: Self.environment)
        let pack = try pack(in: temp.url.appendingPathComponent("out"))
        let bytes = try Data(contentsOf: pack)
        let truncated = temp.url.appendingPathComponent("truncated.gamepack")
        try bytes.prefix(bytes.count / 2).write(to: truncated)
        let cut = try CommandRunner.gamepack(["verify", truncated.path], in: temp.url)
        #expect(cut.status == 1)
        #expect(cut.stderr.contains("not a readable gamepack archive"))
        // Another pack's signature next to this one.
        try temp.write(
            "id: 99\nname: Extra\nlocation: {latitude: 52.37, longitude: 4.9}\ndetails: {store_name: X}\n",
            to: "project/content/deals/99.yaml")
        _ = try CommandRunner.gamepack(
            ["build", "project", "--out", "out2", "--sign", "key.key"], in: temp.url, environment: Self.environment)
        let other = try self.pack(in: temp.url.appendingPathComponent("out2"))
        let mixed = try CommandRunner.gamepack(
            ["verify", pack.path, "--pubkey", "key.pub", "--signature", other.path + ".minisig"], in: temp.url)
        #expect(mixed.status == 1)
        let missing = try CommandRunner.gamepack(["verify", "nope.gamepack"], in: temp.url)
        #expect(missing.status == 2)
    }

    @Test("a pack with an entry path escaping the folder, or an extra file, is refused")
    func hostileArchive() throws {
        let temp = try TemporaryDirectory()
        let manifest = PackManifest(
            project: "evil", name: "Evil", version: "v", versions: ["canonical": "v"], sequence: 1,
            created: "2023-11-14T22:13:20Z",
            locales: ["en"], targets: ["canonical"], files: [])
        let script = """
            import zipfile, sys
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                z.writestr('manifest.json', open(sys.argv[2]).read())
                z.writestr(sys.argv[3], 'x')
            """
        let manifestFile = try temp.write(String(decoding: try manifest.encoded(), as: UTF8.self), to: "manifest.json")
        for (name, expected) in [("../../escape.txt", "unsafe path"), ("extra.json", "not listed in the manifest")] {
            let pack = temp.url.appendingPathComponent("evil-\(expected.count).gamepack")
            let made = try CommandRunner.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, pack.path, manifestFile.path, name])
            #expect(made.status == 0, "\(made.stderr)")
            let verify = try CommandRunner.gamepack(["verify", pack.path], in: temp.url)
            #expect(verify.status == 1)
            #expect(verify.stderr.contains(expected), "\(verify.stderr)")
        }
        // A manifest listing a file the archive lacks.
        var listing = manifest
        listing.files = [
            PackManifest.File(path: "canonical/deals.json", size: 1, sha256: String(repeating: "0", count: 64), md5: "")
        ]
        let listingFile = try temp.write(String(decoding: try listing.encoded(), as: UTF8.self), to: "listing.json")
        let pack = temp.url.appendingPathComponent("missing.gamepack")
        let made = try CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", "-c",
                "import zipfile,sys; z=zipfile.ZipFile(sys.argv[1],'w'); z.writestr('manifest.json', open(sys.argv[2]).read()); z.close()",
                pack.path, listingFile.path,
            ])
        #expect(made.status == 0)
        let verify = try CommandRunner.gamepack(["verify", pack.path], in: temp.url)
        #expect(verify.status == 1)
        #expect(verify.stderr.contains("canonical/deals.json is listed in the manifest but missing from the pack"))
    }

    @Test("the secret key from GAMEPACK_SECRET_KEY signs; a world-readable key file is refused")
    func keySources() throws {
        let (temp, _) = try setUp("dealhunter")
        let secret = try String(contentsOf: temp.url.appendingPathComponent("key.key"), encoding: .utf8)
        var env = Self.environment
        env["GAMEPACK_SECRET_KEY"] = secret
        let build = try CommandRunner.gamepack(["build", "project", "--out", "out"], in: temp.url, environment: env)
        #expect(build.status == 0)
        #expect(build.stdout.contains("signature "))
        #expect(
            !build.stdout.contains(secret.split(separator: "\n")[1]) && !build.stderr.contains(secret.split(separator: "\n")[1]))
        chmod(temp.url.appendingPathComponent("key.key").path, 0o644)
        let loose = try CommandRunner.gamepack(
            ["build", "project", "--out", "out3", "--sign", "key.key"], in: temp.url, environment: Self.environment)
        #expect(loose.status == 2)
        #expect(loose.stderr.contains("chmod 600"))
        #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("out3").path))
    }

    @Test("inspect prints the manifest; --format json is the manifest itself")
    func inspect() throws {
        let (temp, _) = try setUp("whack-a-vc")
        _ = try CommandRunner.gamepack(["build", "project", "--out", "out"], in: temp.url, environment: Self.environment)
        let pack = try pack(in: temp.url.appendingPathComponent("out"))
        let text = try CommandRunner.gamepack(["inspect", pack.path])
        #expect(text.stdout.hasPrefix("Whack-A-VC (whack-a-vc)\n"))
        #expect(text.stdout.contains("sequence   1700000000"))
        let json = try CommandRunner.gamepack(["inspect", pack.path, "--format", "json"])
        let manifest = try PackManifest.decode(Data(json.stdout.utf8))
        #expect(manifest.targets == ["canonical", "kinvey"])
        #expect(manifest.created == "2023-11-14T22:13:20Z")
    }

    @Test(
        "gamepack sign signs an existing pack; lint errors make build exit 1 and write nothing", .tags(.minisign),
        .requires(.minisign))
    func signAndLintErrors() throws {
        let (temp, _) = try setUp("dealhunter")
        _ = try CommandRunner.gamepack(["build", "project", "--out", "out"], in: temp.url, environment: Self.environment)
        let pack = try pack(in: temp.url.appendingPathComponent("out"))
        let sign = try CommandRunner.gamepack(["sign", pack.path, "--key", "key.key"], in: temp.url)
        #expect(sign.status == 0, "\(sign.stderr)")
        let stock = try CommandRunner.run(
            try minisign(), ["-Vm", pack.path, "-p", temp.url.appendingPathComponent("key.pub").path])
        #expect(stock.status == 0)
        try temp.write("id: 1\nname: Broken\n", to: "project/content/deals/1.yaml")
        let broken = try CommandRunner.gamepack(
            ["build", "project", "--out", "out-broken"], in: temp.url, environment: Self.environment)
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("[missing-required]"))
        #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("out-broken").path))
    }
}
