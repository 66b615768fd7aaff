import Foundation
import GamePackClient
import GamePackFormat
import GamePackTestSupport
import Testing

/// A fleet of installs, each a `GamePackClient` with its own storage folder, relaunched for every
/// phase of a staged rollout of v2 over v1: started at 10%, widened to 50%, then reverted. Run
/// against a real `gamepack serve` and against a static tree served by nginx, each driven by the
/// `gamepack publish --rollout` and `gamepack rollout` commands a release manager types.
@Suite("A fleet through a staged rollout", .serialized, .tags(.nginx, .minisign), .requires(.nginx, .minisign))
struct RolloutFleetTests {
    /// The installs in the fleet.
    static let installs = 1_000
    /// How far a phase's share may be from its percentage, in points.
    static let tolerance = 3.0

    /// What one phase left: the installs on v2, and every install's sequence.
    struct Phase {
        var onNew: Set<Int>
        var sequences: [Int64]
        var share: Double { Double(onNew.count) * 100 / Double(RolloutFleetTests.installs) }
    }

    /// Gives each install of the fleet its id before its first launch, as its client would make
    /// one (32 hex digits), but fixed: a fleet of random ids lands within 3 points of 50% only
    /// 94% of the time (the binomial spread of 1,000 installs), and a test must not flake. The
    /// buckets still come from the client's own hashing of these ids with the pack's version.
    func seedInstallIDs(_ fixture: ClientFixture) throws {
        for install in 0..<Self.installs {
            let folder = fixture.temp.url.appendingPathComponent("fleet/\(install)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let id = String(Digest.sha256Hex(Data("install \(install)".utf8)).prefix(32))
            try Data("\(id)\n".utf8).write(to: folder.appendingPathComponent("install-id"))
        }
    }

    /// Relaunches every install (a new client on its folder) and updates it; at most 16 at a time.
    func updateFleet(_ fixture: ClientFixture, _ baseURL: URL, now: Date) async throws -> Phase {
        let newManifest = Digest.sha256Hex(try PackArchive.Reader(url: fixture.v2.pack).data(at: PackFormat.manifestPath))
        var onNew = Set<Int>()
        var sequences = [Int64](repeating: 0, count: Self.installs)
        try await withThrowingTaskGroup(of: (Int, String, Int64).self) { group in
            var next = 0
            func launch() {
                let install = next
                next += 1
                group.addTask {
                    let client = fixture.client(baseURL, storage: "fleet/\(install)", now: now)
                    let result = try await client.update()
                    return (install, result.content.manifestSHA256, result.content.sequence)
                }
            }
            while next < min(16, Self.installs) { launch() }
            while let (install, manifest, sequence) = try await group.next() {
                if manifest == newManifest { onNew.insert(install) }
                sequences[install] = sequence
                if next < Self.installs { launch() }
            }
        }
        return Phase(onNew: onNew, sequences: sequences)
    }

    /// The rollout's three phases through `step`, which runs one gamepack command and returns
    /// its result; checks the shares, that no install moves back while the rollout widens, and
    /// the revert. Returns the shares, for the record.
    func runRollout(
        _ fixture: ClientFixture, baseURL: URL, now: Date, step: ([String]) throws -> CommandResult
    ) async throws -> [Double] {
        try seedInstallIDs(fixture)
        let first = try step(["publish", fixture.v1.pack.path, "--signature", fixture.v1.signature.path])
        try #require(first.status == 0, "\(first.stderr)")
        let start = try await updateFleet(fixture, baseURL, now: now)
        #expect(start.onNew.isEmpty)

        let rollout = try step(["publish", fixture.v2.pack.path, "--signature", fixture.v2.signature.path, "--rollout", "10%"])
        try #require(rollout.status == 0, "\(rollout.stderr)")
        #expect(rollout.stdout.contains("for 10% of installs"), "\(rollout.stdout)")
        let ten = try await updateFleet(fixture, baseURL, now: now)
        #expect(abs(ten.share - 10) <= Self.tolerance, "10% phase: \(ten.share)% on v2")

        // A second rollout while one runs is refused, and changes nothing.
        let again = try step(["publish", fixture.v2.pack.path, "--signature", fixture.v2.signature.path, "--rollout", "20%"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("already has a rollout"), "\(again.stderr)")

        let widen = try step(["rollout", ClientFixture.channel, "--to", "50%"])
        try #require(widen.status == 0, "\(widen.stderr)")
        let fifty = try await updateFleet(fixture, baseURL, now: now)
        #expect(abs(fifty.share - 50) <= Self.tolerance, "50% phase: \(fifty.share)% on v2")
        #expect(ten.onNew.isSubset(of: fifty.onNew), "\(ten.onNew.subtracting(fifty.onNew).count) installs moved back")

        // Narrowing is refused: installs never move back while a rollout runs.
        let narrow = try step(["rollout", ClientFixture.channel, "--to", "20%"])
        #expect(narrow.status == 1)
        #expect(narrow.stderr.contains("only widens"), "\(narrow.stderr)")

        let revert = try step(["rollout", ClientFixture.channel, "--revert"])
        try #require(revert.status == 0, "\(revert.stderr)")
        let reverted = try await updateFleet(fixture, baseURL, now: now)
        #expect(reverted.onNew.isEmpty, "\(reverted.onNew.count) installs still on v2 after the revert")
        // Those that had v2 installed v1 again at the revert's sequence; the others kept their v1
        // and remembered that sequence. Every install now refuses the pointers before the revert.
        let highest = fifty.sequences.max() ?? 0
        for install in fifty.onNew { #expect(reverted.sequences[install] > highest, "install \(install)") }
        let remembered = try (0..<Self.installs).map { install in
            let file = fixture.temp.url.appendingPathComponent("fleet/\(install)/highest-sequence")
            return Int64(try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }
        #expect(remembered.allSatisfy { $0 > highest }, "an install remembers no sequence above \(highest)")
        return [ten.share, fifty.share]
    }

    @Test("against gamepack serve: 10% then 50% within 3 points, no install moves back, the revert reaches all")
    func server() async throws {
        let fixture = try await ClientFixture()
        let keyURL = try fixture.temp.write(fixture.key.fileContents, to: "release.key")
        chmod(keyURL.path, 0o600)
        let folder = fixture.temp.url.appendingPathComponent("server")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let server = try ContentServer(folder: folder, trustedKeys: [fixture.publicKeyFile])
        defer { server.stop() }
        let shares = try await runRollout(fixture, baseURL: server.baseURL, now: Date()) { arguments in
            let target = ["--server", server.baseURL.absoluteString, "--key", keyURL.path]
            let channel = arguments[0] == "publish" ? ["--channel", ClientFixture.channel] : []
            return try CommandRunner.gamepack(
                arguments + channel + target, in: folder, environment: ["GAMEPACK_TOKEN": server.token])
        }
        print("rollout shares against gamepack serve (\(Self.installs) installs): \(shares.map { "\($0)%" })")
    }

    @Test("against a static tree behind nginx: the same phases, the same guarantees")
    func nginx() async throws {
        let fixture = try await ClientFixture()
        let keyURL = try fixture.temp.write(fixture.key.fileContents, to: "release.key")
        chmod(keyURL.path, 0o600)
        let nginx = try Nginx(root: fixture.site)
        defer { nginx.stop() }
        let shares = try await runRollout(fixture, baseURL: nginx.baseURL, now: Date()) { arguments in
            let target = ["--out", fixture.site.path, "--key", keyURL.path]
            let channel = arguments[0] == "publish" ? ["--channel", ClientFixture.channel] : []
            return try CommandRunner.gamepack(arguments + channel + target, in: fixture.temp.url)
        }
        print("rollout shares against nginx (\(Self.installs) installs): \(shares.map { "\($0)%" })")
        // minisign's own tool verifies every pointer the rollout signed (each kept by its SHA-256).
        let minisign = try #require(ExternalTool.executable("minisign"), "minisign is not installed")
        let signatures = fixture.site.appendingPathComponent("v1/channels/\(ClientFixture.project)/signatures")
        let names = try FileManager.default.contentsOfDirectory(atPath: signatures.path)
        #expect(names.count == 4)  // v1, the 10% rollout, 50%, the revert
        let pointer = fixture.site.appendingPathComponent(
            PublishLayout.channelPointer(project: ClientFixture.project, channel: ClientFixture.channel))
        let result = try CommandRunner.run(
            minisign, ["-Vm", pointer.path, "-x", pointer.path + ".minisig", "-P", fixture.key.publicKey.base64, "-q"])
        #expect(result.status == 0, "\(result.stderr)")
    }
}
