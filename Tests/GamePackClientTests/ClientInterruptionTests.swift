import Foundation
import GamePackClient
import GamePackFormat
import GamePackTestSupport
import Testing

/// Downloads cut mid-stream resume with `Range`; a process killed at any step of an update
/// leaves usable content.
@Suite("Client interruptions", .serialized)
struct ClientInterruptionTests {
    static let cutAfter = 4096

    @Test(
        "a download cut mid-stream resumes with Range within one update, never fetching a byte twice", .tags(.python),
        .requires(.python3))
    func resumeWithinUpdate() async throws {
        let fixture = try await ClientFixture()
        try fixture.publish(fixture.v1)
        let server = try FixtureServer(
            root: fixture.site, log: fixture.temp.url.appendingPathComponent("requests.log"), cutAfter: Self.cutAfter)
        let result = try await fixture.client(server.baseURL).update()
        #expect(result.updated)
        #expect(try ClientFixture.routeName(result.content) == "Green Trail")

        let requests = server.requests()
        let cut = requests.filter { $0[2] == "cut" }
        #expect(!cut.isEmpty)
        for request in cut {
            let resumed = requests.filter { $0[0] == request[0] && $0[1] == "bytes=\(Self.cutAfter)-" }
            #expect(resumed.count == 1, "\(request[0]) was not resumed from byte \(Self.cutAfter)")
            #expect(resumed.first?[2] == "206")
        }
        // Every file's bytes crossed the wire exactly once.
        for file in fixture.v1.manifest.files {
            let sent = requests.filter { $0[0] == "/" + PublishLayout.file(sha256: file.sha256) }.reduce(0) { $0 + Int64($1[3])! }
            #expect(sent == file.size, "\(file.path)")
        }
    }

    @Test(
        "without retries the update fails, keeps the partial file, and the next update resumes it", .tags(.python),
        .requires(.python3))
    func resumeAcrossUpdates() async throws {
        let fixture = try await ClientFixture()
        try fixture.publish(fixture.v1)
        let server = try FixtureServer(
            root: fixture.site, log: fixture.temp.url.appendingPathComponent("requests.log"), cutAfter: Self.cutAfter)
        let client = fixture.client(server.baseURL, retries: 0)
        let downloads = fixture.temp.url.appendingPathComponent("storage/downloads")
        var failures = 0
        var installed: InstalledContent?
        for _ in 0..<20 {
            do {
                installed = try await client.update().content
                break
            } catch GamePackClientError.network {
                failures += 1
                let partials = try FileManager.default.contentsOfDirectory(atPath: downloads.path)
                    .filter { $0.hasSuffix(".partial") }
                #expect(!partials.isEmpty)
                for partial in partials {
                    let size =
                        try FileManager.default.attributesOfItem(atPath: downloads.appendingPathComponent(partial).path)[
                            .size] as! NSNumber
                    #expect(size.intValue % Self.cutAfter == 0 && size.intValue > 0, "\(partial): \(size)")
                }
            }
        }
        #expect(failures > 0)
        let content = try #require(installed)
        #expect(content.sequence == 1)
        #expect(server.requests().contains { $0[1] == "bytes=\(Self.cutAfter)-" && $0[2] == "206" })
        #expect(try FileManager.default.contentsOfDirectory(atPath: downloads.path).isEmpty)
    }

    /// Runs the demo on `storage`, returning its exit status and output.
    func demo(
        _ fixture: ClientFixture, _ baseURL: URL, storage: URL, crashAt: String? = nil, offline: Bool = false,
        bundled: Bool = false
    )
        throws -> CommandResult
    {
        var arguments = [
            "--url", baseURL.absoluteString, "--project", ClientFixture.project, "--pubkey", fixture.publicKeyFile.path,
            "--storage", storage.path,
        ]
        if offline { arguments.append("--offline") }
        if bundled { arguments += ["--bundled", fixture.v1.pack.path] }
        // The bundled pack's signature is found beside it (`.minisig`).
        return try CommandRunner.run(
            demoBinary, arguments, environment: crashAt.map { ["GAMEPACK_CLIENT_CRASH_AT": $0] } ?? [:])
    }

    @Test(
        "a process killed at each step of an update leaves the old or the new content, fully usable",
        .tags(.nginx), .requires(.nginx),
        arguments: ["download", "downloaded", "staged", "version-renamed", "current-written", "switched", "cleaning"])
    func crashDuringApply(step: String) async throws {
        let fixture = try await ClientFixture()
        try fixture.publish(fixture.v1)
        let nginx = try Nginx(root: fixture.site)
        defer { nginx.stop() }
        let storage = fixture.temp.url.appendingPathComponent("storage")
        let installed = try demo(fixture, nginx.baseURL, storage: storage)
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stdout.contains("route 1: en \"Green Trail\" | nl \"Groene Pad\""))

        try fixture.publish(fixture.v2)
        let crashed = try demo(fixture, nginx.baseURL, storage: storage, crashAt: step)
        #expect(crashed.status == 86, "the client did not stop at \(step): \(crashed.stdout)\(crashed.stderr)")

        // After the crash: the old content before the switch, the new one after; never a mix.
        let offline = try demo(fixture, nginx.baseURL, storage: storage, offline: true)
        #expect(offline.status == 0, "\(offline.stderr)")
        let switched = ["switched", "cleaning"].contains(step)
        #expect(offline.stdout.contains("sequence \(switched ? 2 : 1), from the channel"), "\(offline.stdout)")
        let expected = switched ? "Green Trail Extended" : "Green Trail"
        #expect(offline.stdout.contains("route 1: en \"\(expected)\""), "\(offline.stdout)")
        let content = try await fixture.client(nginx.baseURL).current
        #expect(content.sequence == (switched ? 2 : 1))
        for file in content.manifest.files {
            let data = try content.data(at: file.path)
            #expect(Digest.sha256Hex(data) == file.sha256)
        }

        // And the next update completes.
        let resumed = try demo(fixture, nginx.baseURL, storage: storage)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.contains("route 1: en \"Green Trail Extended\" | nl \"Groene Pad\""))
    }

    @Test("a process killed during a first install leaves the bundled pack usable", .tags(.nginx), .requires(.nginx))
    func crashDuringFirstInstall() async throws {
        let fixture = try await ClientFixture()
        try fixture.publish(fixture.v2)
        let nginx = try Nginx(root: fixture.site)
        defer { nginx.stop() }
        let storage = fixture.temp.url.appendingPathComponent("storage")
        for step in ["download", "staged", "current-written"] {
            let crashed = try demo(fixture, nginx.baseURL, storage: storage, crashAt: step, bundled: true)
            #expect(crashed.status == 86)
            let offline = try demo(fixture, nginx.baseURL, storage: storage, offline: true, bundled: true)
            #expect(offline.status == 0, "\(offline.stderr)")
            #expect(offline.stdout.contains("from the bundled pack"), "\(offline.stdout)")
            #expect(offline.stdout.contains("route 1: en \"Green Trail\" | nl \"Groene Pad\""))
        }
    }
}
