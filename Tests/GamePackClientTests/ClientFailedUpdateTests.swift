import Foundation
import GamePackBuild
import GamePackClient
import GamePackFormat
import GamePackTestSupport
import Testing

/// A failed or refused update never removes what `current` names: the installed version stays
/// readable and the next offline start uses it. Against a static tree on disk (`file:` URLs).
@Suite("Client: failed updates keep the installed content")
struct ClientFailedUpdateTests {
    /// The version folder `current` names in `storage`, if it exists.
    func currentFolder(_ storage: URL) throws -> URL? {
        let name = try String(contentsOf: storage.appendingPathComponent("current"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let folder = storage.appendingPathComponent("versions/\(name)")
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent("manifest.json").path) ? folder : nil
    }

    @Test("the demo run with a wrong --channel on an installed storage fails, and the next --offline start works")
    func demoWrongChannel() async throws {
        let fixture = try await ClientFixture()
        try fixture.publish(fixture.v1)
        let storage = fixture.temp.url.appendingPathComponent("storage")
        func demo(_ extra: [String]) throws -> CommandResult {
            try CommandRunner.run(
                demoBinary,
                [
                    "--url", fixture.site.path, "--project", ClientFixture.project, "--pubkey", fixture.publicKeyFile.path,
                    "--storage", storage.path,
                ] + extra)
        }
        let installed = try demo([])
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stdout.contains("route 1: en \"Green Trail\""), "\(installed.stdout)")

        let wrong = try demo(["--channel", "staging"])
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("error:"), "\(wrong.stderr)")
        #expect(try currentFolder(storage) != nil, "the installed version's folder was removed")

        let offline = try demo(["--offline"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains("route 1: en \"Green Trail\""), "\(offline.stdout)")
        #expect(offline.stdout.contains("sequence 1, from the channel"), "\(offline.stdout)")
    }

    @Test("a pack refused during an update from another channel leaves the installed version and its files")
    func refusedPackOtherChannel() async throws {
        let fixture = try await ClientFixture()
        try fixture.publish(fixture.v1)
        let storage = fixture.temp.url.appendingPathComponent("storage")
        let production = fixture.client(fixture.site)
        #expect(try await production.update().content.sequence == 1)

        // v2 on a staging channel, with one of its new files changed on the server.
        try StaticPublisher(root: fixture.site).publish(
            packAt: fixture.v2.pack, signatureAt: fixture.v2.signature, channel: "staging", key: fixture.key, expires: nil,
            now: ClientFixture.now)
        let newFile = try #require(
            fixture.v2.manifest.files.first { file in !fixture.v1.manifest.files.contains { $0.sha256 == file.sha256 } })
        let served = fixture.site.appendingPathComponent(PublishLayout.file(sha256: newFile.sha256))
        var bytes = try Data(contentsOf: served)
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: served)

        let staging = GamePackClient(
            configuration: .init(
                baseURL: fixture.site, project: ClientFixture.project, channel: "staging", publicKey: fixture.key.publicKey,
                storageDirectory: storage, now: { ClientFixture.now }))
        await #expect {
            try await staging.update()
        } throws: { error in
            guard case GamePackClientError.integrity = error else { return false }
            return true
        }

        // Every file of the installed v1 is still there; a new start (full check) loads it.
        let objects = Set(try FileManager.default.contentsOfDirectory(atPath: storage.appendingPathComponent("objects").path))
        #expect(Set(fixture.v1.manifest.files.map(\.sha256)).isSubset(of: objects))
        #expect(try currentFolder(storage) != nil)
        let restarted = GamePackClient(
            configuration: .init(
                baseURL: URL(fileURLWithPath: "/nonexistent"), project: ClientFixture.project, channel: ClientFixture.channel,
                publicKey: fixture.key.publicKey, storageDirectory: storage, loadVerification: .full,
                now: { ClientFixture.now }))
        let content = try await restarted.current
        #expect(content.sequence == 1)
        #expect(try ClientFixture.routeName(content) == "Green Trail")
    }
}
