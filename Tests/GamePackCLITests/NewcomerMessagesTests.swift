import Foundation
import GamePackTestSupport
import Testing

/// End to end: the messages a newcomer meets on a first day with gamepack (a typo in a path, a
/// key file mixed up, a busy port) say plainly what is wrong and how to fix it.
@Suite("messages for common mistakes (end to end)")
struct NewcomerMessagesTests {
    static let environment = ["SOURCE_DATE_EPOCH": "1700000000"]

    /// A temporary folder with a copy of the dealhunter example as `project` and a key pair
    /// `release.key` / `release.pub`.
    func setUp() throws -> TemporaryDirectory {
        let temp = try TemporaryDirectory()
        _ = try temp.copy(TestPaths.example("dealhunter"), as: "project")
        let keygen = try CommandRunner.gamepack(["keygen", "--out", "release"], in: temp.url)
        #expect(keygen.status == 0, "\(keygen.stderr)")
        return temp
    }

    /// The single `.gamepack` file in `folder`.
    func pack(in folder: URL) throws -> URL {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".gamepack") }
        return folder.appendingPathComponent(try #require(names.first))
    }

    @Test("inspect on a missing file: a plain message and exit status 2, like verify; a typo gets the closest name")
    func inspectMissingFile() throws {
        let temp = try TemporaryDirectory()
        for command in ["inspect", "verify"] {
            let result = try CommandRunner.gamepack([command, "nope.gamepack"], in: temp.url)
            #expect(result.status == 2, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("error: nope.gamepack does not exist"), "\(command): \(result.stderr)")
            #expect(!result.stderr.contains("NSPOSIXErrorDomain") && !result.stderr.contains("Code="), "\(result.stderr)")
        }
        try temp.write("not really a pack", to: "out/dealhunter-1.gamepack")
        let typo = try CommandRunner.gamepack(["inspect", "out/dealhunter-l.gamepack"], in: temp.url)
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("did you mean out/dealhunter-1.gamepack?"), "\(typo.stderr)")
        let folder = try CommandRunner.gamepack(["inspect", "out"], in: temp.url)
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("out is a folder"), "\(folder.stderr)")
    }

    @Test("serve on a port in use names the address and says what to do, without socket call text")
    func portInUse() throws {
        let (socket, port) = try Self.listeningSocket()
        defer { close(socket) }
        let temp = try TemporaryDirectory()
        let result = try CommandRunner.gamepack(
            ["serve", "--port", "\(port)", "--data", "data", "--log-level", "error"], in: temp.url)
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("error: 127.0.0.1:\(port) is already in use; stop the other server or pass --port N"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("bind("), "\(result.stderr)")
    }

    @Test("a public key given to --sign and a secret key given to --pubkey are named as such")
    func keyMixups() throws {
        let temp = try setUp()
        let secretLine = try String(contentsOf: temp.url.appendingPathComponent("release.key"), encoding: .utf8)
            .split(separator: "\n")[1]
        let build = try CommandRunner.gamepack(
            ["build", "project", "--out", "out", "--sign", "release.pub"], in: temp.url, environment: Self.environment)
        #expect(build.status == 2)
        #expect(
            build.stderr.contains("error: release.pub is a public key; --sign needs the secret key (release.key)"),
            "\(build.stderr)")
        #expect(!build.stderr.contains("chmod"), "\(build.stderr)")

        let signed = try CommandRunner.gamepack(
            ["build", "project", "--out", "out", "--sign", "release.key"], in: temp.url, environment: Self.environment)
        #expect(signed.status == 0, "\(signed.stderr)")
        let pack = try pack(in: temp.url.appendingPathComponent("out"))
        let verify = try CommandRunner.gamepack(["verify", pack.path, "--pubkey", "release.key"], in: temp.url)
        #expect(verify.status == 2)
        #expect(
            verify.stderr.contains("error: release.key is a secret key; --pubkey needs the public key (release.pub)"),
            "\(verify.stderr)")
        #expect(!verify.stderr.contains("bytes, expected"), "\(verify.stderr)")
        #expect(!verify.stderr.contains(secretLine) && !verify.stdout.contains(secretLine))

        let sign = try CommandRunner.gamepack(["sign", pack.path, "--key", "release.pub"], in: temp.url)
        #expect(sign.status == 2)
        #expect(sign.stderr.contains("release.pub is a public key; --key needs the secret key (release.key)"), "\(sign.stderr)")
    }

    @Test("another pack's signature is reported as belonging to that pack; a changed pack as changed")
    func signatureOfAnotherPack() throws {
        let temp = try setUp()
        let first = try CommandRunner.gamepack(
            ["build", "project", "--out", "one", "--sign", "release.key"], in: temp.url, environment: Self.environment)
        #expect(first.status == 0, "\(first.stderr)")
        try temp.write(
            "id: 99\nname: Extra\nlocation: {latitude: 52.37, longitude: 4.9}\ndetails: {store_name: X}\n",
            to: "project/content/deals/99.yaml")
        let second = try CommandRunner.gamepack(
            ["build", "project", "--out", "two", "--sign", "release.key"], in: temp.url, environment: Self.environment)
        #expect(second.status == 0, "\(second.stderr)")
        let one = try pack(in: temp.url.appendingPathComponent("one"))
        let two = try pack(in: temp.url.appendingPathComponent("two"))
        #expect(one.lastPathComponent != two.lastPathComponent)

        let mixed = try CommandRunner.gamepack(
            ["verify", one.path, "--pubkey", "release.pub", "--signature", two.path + ".minisig"], in: temp.url)
        #expect(mixed.status == 1)
        #expect(mixed.stderr.contains("belongs to another file: it was made for \(two.lastPathComponent)"), "\(mixed.stderr)")
        #expect(!mixed.stderr.contains("changed or corrupted"), "\(mixed.stderr)")

        // The same pack with a byte appended, checked with its own signature, was changed.
        let handle = try FileHandle(forWritingTo: one)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0x00]))
        try handle.close()
        let changed = try CommandRunner.gamepack(["verify", one.path, "--pubkey", "release.pub"], in: temp.url)
        #expect(changed.status == 1)
        #expect(changed.stderr.contains("changed or corrupted"), "\(changed.stderr)")
        #expect(!changed.stderr.contains("another file"), "\(changed.stderr)")
    }

    /// Every command taking a project folder, given `examples/gohike-amsterdm`.
    static let projectTypoCommands: [[String]] = [
        ["lint", "examples/gohike-amsterdm"],
        ["build", "examples/gohike-amsterdm"],
        ["l10n", "status", "examples/gohike-amsterdm"],
        ["l10n", "export", "examples/gohike-amsterdm", "--locale", "nl"],
        ["l10n", "import", "examples/gohike-amsterdm", "nl.xlf"],
        ["l10n", "pseudo", "examples/gohike-amsterdm", "--locale", "nl"],
        ["schema", "--project", "examples/gohike-amsterdm"],
        ["diff", "examples/gohike-amsterdm", "examples/gohike-amsterdam"],
        ["diff", "--git", "HEAD", "--project", "examples/gohike-amsterdm"],
    ]

    @Test("a misspelt project folder: it does not exist, did you mean the closest sibling", arguments: projectTypoCommands)
    func projectFolderTypo(_ arguments: [String]) throws {
        let temp = try TemporaryDirectory()
        try temp.write("id: gohike-amsterdam\n", to: "examples/gohike-amsterdam/gamepack.yaml")
        try temp.write("id: whack-a-vc\n", to: "examples/whack-a-vc/gamepack.yaml")
        let result = try CommandRunner.gamepack(arguments, in: temp.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("examples/gohike-amsterdm"), "\(result.stderr)")
        #expect(result.stderr.contains("did you mean examples/gohike-amsterdam?"), "\(result.stderr)")
        #expect(!result.stderr.contains("gamepack init") && !result.stderr.contains("not a gamepack project"), "\(result.stderr)")
        // Nothing was created for it.
        #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("examples/gohike-amsterdm").path))
    }

    @Test("a project path with no close match, or naming a file, says so")
    func projectFolderNoMatch() throws {
        let temp = try TemporaryDirectory()
        try temp.write("hello\n", to: "notes.txt")
        let missing = try CommandRunner.gamepack(["lint", "zzz"], in: temp.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("zzz does not exist"), "\(missing.stderr)")
        #expect(!missing.stderr.contains("did you mean"), "\(missing.stderr)")
        let file = try CommandRunner.gamepack(["lint", "notes.txt"], in: temp.url)
        #expect(file.status == 2)
        #expect(file.stderr.contains("notes.txt is a file, not a project folder"), "\(file.stderr)")
    }

    @Test("`locale:` for `locales:` in gamepack.yaml: lint and build report the config errors first, and no follow-on errors")
    func configTypoFirst() throws {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.fixtures("GamePackKitTests").appendingPathComponent("lint/base"), as: "project")
        let config = project.appendingPathComponent("gamepack.yaml")
        try String(contentsOf: config, encoding: .utf8).replacingOccurrences(of: "locales:", with: "locale:")
            .write(to: config, atomically: true, encoding: .utf8)
        for command in [["lint", "project"], ["build", "project", "--out", "out"]] {
            let result = try CommandRunner.gamepack(command, in: temp.url, environment: Self.environment)
            #expect(result.status == 1)
            let report = result.stdout + result.stderr
            let errors = report.split(separator: "\n").filter { $0.contains(": error: ") }
            #expect(errors.count == 2, "\(command[0]): \(report)")
            #expect(errors.allSatisfy { $0.hasPrefix("project/gamepack.yaml:") }, "\(command[0]): \(report)")
            #expect(report.hasPrefix("project/gamepack.yaml"), "\(command[0]): \(report)")
            #expect(!report.contains("unknown-locale]"), "\(command[0]): \(report)")
            #expect(report.contains("not shown: they follow from the gamepack.yaml errors about `locales`"), "\(report)")
        }
    }

    /// A TCP socket listening on a free loopback port, and the port.
    static func listeningSocket() throws -> (Int32, Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, bound == 0, listen(fd, 1) == 0 else {
            throw TestPackError(description: "cannot listen on a loopback port")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}
