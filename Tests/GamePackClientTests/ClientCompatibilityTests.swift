import Foundation
import GamePackClient
import GamePackFormat
import GamePackTestSupport
import Testing

/// The compatibility gate end to end: an old app (client content format 1) and a new one
/// (format 2) on one channel, fed by `gamepack publish` to a real `gamepack serve` and to a
/// static tree (`publish --out`). The old app stays on the last format-1 pack.
@Suite("Old and new apps on one channel (the compatibility gate)", .serialized)
struct ClientCompatibilityTests {
    /// The packs of the story: `ClientFixture.v1` (format 1, sequence 1), then `formatTwo` (the
    /// same project with a `number` field, so format 2; sequence 2), then `formatOneAgain` (the
    /// fixture's changed project, format 1, sequence 3).
    struct GatePacks {
        var formatTwo: TestPacks.Built
        var formatOneAgain: TestPacks.Built
        var keyFile: URL

        init(_ fixture: ClientFixture) async throws {
            let project = try fixture.temp.copy(TestPaths.example("gohike-amsterdam"), as: "project-format-2")
            try Self.addNumberField(to: project)
            formatTwo = try await TestPacks.build(
                project, out: fixture.temp.url.appendingPathComponent("out-format-2"), key: fixture.key, sequence: 2)
            formatOneAgain = try await TestPacks.build(
                fixture.temp.url.appendingPathComponent("project2"), out: fixture.temp.url.appendingPathComponent("out3"),
                key: fixture.key, sequence: 3)
            keyFile = try fixture.temp.write(fixture.key.fileContents, to: "gate-release.key")
            chmod(keyFile.path, 0o600)
        }

        /// A `ratings` collection whose `score` is a `number` field: the format-2 feature.
        static func addNumberField(to project: URL) throws {
            let fm = FileManager.default
            try fm.createDirectory(at: project.appendingPathComponent("schema"), withIntermediateDirectories: true)
            try fm.createDirectory(at: project.appendingPathComponent("content/ratings"), withIntermediateDirectories: true)
            try Data("description: Ratings of the routes.\nfields:\n  score: {type: number, min: 0, max: 5}\n".utf8)
                .write(to: project.appendingPathComponent("schema/ratings.yaml"))
            try Data("id: 1\nscore: 4.5\n".utf8).write(to: project.appendingPathComponent("content/ratings/1.yaml"))
        }
    }

    /// A client of the production channel at `base` reading content format `format`.
    func client(_ fixture: ClientFixture, _ base: URL, storage: String, format: Int, bundled: Bool = false) -> GamePackClient {
        GamePackClient(
            configuration: .init(
                baseURL: base, project: ClientFixture.project, channel: ClientFixture.channel, publicKey: fixture.key.publicKey,
                storageDirectory: fixture.temp.url.appendingPathComponent(storage),
                bundledPack: bundled ? fixture.v1.pack : nil, bundledSignature: bundled ? fixture.v1.signature : nil,
                contentFormat: format))
    }

    /// The story on one channel at `base`, published with `publish`: v1, then the format-2 pack,
    /// then another format-1 pack. Returns the old and the new app.
    @discardableResult
    func oldAndNewApps(
        _ fixture: ClientFixture, _ packs: GatePacks, base: URL, label: String,
        publish: (TestPacks.Built) throws -> CommandResult
    ) async throws -> (old: GamePackClient, new: GamePackClient) {
        let v1 = fixture.v1.manifest.version
        #expect(packs.formatTwo.manifest.minimumClientFormat == 2)
        #expect(packs.formatOneAgain.manifest.minimumClientFormat == nil)
        var published = try publish(fixture.v1)
        #expect(published.status == 0, "\(published.stdout)\(published.stderr)")
        let old = client(fixture, base, storage: "\(label)-old", format: 1)
        let new = client(fixture, base, storage: "\(label)-new", format: 2)
        #expect(try await old.update().content.version == v1)
        #expect(try await new.update().content.version == v1)

        published = try publish(packs.formatTwo)
        #expect(published.status == 0, "\(published.stdout)\(published.stderr)")
        let oldStays = try await old.update()
        #expect(!oldStays.updated)
        #expect(oldStays.content.version == v1)
        let newMoves = try await new.update()
        #expect(newMoves.updated)
        #expect(newMoves.content.version == packs.formatTwo.manifest.version)
        // An old app installed now takes the format-1 pack the pointer keeps for it.
        let fresh = try await client(fixture, base, storage: "\(label)-fresh", format: 1).update()
        #expect(fresh.content.version == v1)

        published = try publish(packs.formatOneAgain)
        #expect(published.status == 0, "\(published.stdout)\(published.stderr)")
        for app in [old, new] {
            let moved = try await app.update()
            #expect(moved.updated)
            #expect(moved.content.version == packs.formatOneAgain.manifest.version)
            #expect(try ClientFixture.routeName(moved.content) == "Green Trail Extended")
        }
        return (old, new)
    }

    @Test("a static tree written by publish --out: the old app stays on the format-1 pack until a newer one comes")
    func staticTree() async throws {
        let fixture = try await ClientFixture()
        let packs = try await GatePacks(fixture)
        try await oldAndNewApps(fixture, packs, base: fixture.site, label: "static") { pack in
            try CommandRunner.gamepack([
                "publish", pack.pack.path, "--signature", pack.signature.path, "--out", fixture.site.path, "--channel",
                ClientFixture.channel, "--key", packs.keyFile.path,
            ])
        }
        let pointer = try ChannelPointer.decode(
            Data(
                contentsOf: fixture.site.appendingPathComponent(
                    PublishLayout.channelPointer(project: ClientFixture.project, channel: ClientFixture.channel))))
        #expect(pointer.format == 1 && pointer.compatible == nil)
    }

    @Test("gamepack serve: the old app stays on the format-1 pack until a newer one comes")
    func server() async throws {
        let fixture = try await ClientFixture()
        let packs = try await GatePacks(fixture)
        let folder = fixture.temp.url.appendingPathComponent("gate-server")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let server = try ContentServer(folder: folder, trustedKeys: [fixture.publicKeyFile])
        defer { server.stop() }
        let apps = try await oldAndNewApps(fixture, packs, base: server.baseURL, label: "server") { pack in
            try server.publish(pack, key: packs.keyFile)
        }
        // Rolled back to the format-2 pack, the channel keeps the format-1 pack that came after
        // it for old apps: they stay, new apps go back.
        let rolledBack = try CommandRunner.gamepack(
            [
                "rollback", "--server", server.baseURL.absoluteString, "--channel", ClientFixture.channel, "--pack-version",
                packs.formatTwo.manifest.version, "--key", packs.keyFile.path,
            ], in: folder, environment: ["GAMEPACK_TOKEN": server.token])
        #expect(rolledBack.status == 0, "\(rolledBack.stdout)\(rolledBack.stderr)")
        let oldStays = try await apps.old.update()
        #expect(!oldStays.updated && oldStays.content.version == packs.formatOneAgain.manifest.version)
        let newBack = try await apps.new.update()
        #expect(newBack.updated && newBack.content.version == packs.formatTwo.manifest.version)
    }

    @Test("an app whose content format no pack serves is refused with what to do, and keeps its content")
    func noCompatiblePack() async throws {
        let fixture = try await ClientFixture()
        let packs = try await GatePacks(fixture)
        // A channel whose only pack needs format 2.
        let published = try CommandRunner.gamepack([
            "publish", packs.formatTwo.pack.path, "--signature", packs.formatTwo.signature.path, "--out", fixture.site.path,
            "--channel", ClientFixture.channel, "--key", packs.keyFile.path,
        ])
        #expect(published.status == 0, "\(published.stdout)\(published.stderr)")
        let old = client(fixture, fixture.site, storage: "old", format: 1, bundled: true)
        let before = try await old.current
        #expect(before.version == fixture.v1.manifest.version)
        await #expect {
            try await old.update()
        } throws: { error in
            guard case GamePackClientError.noCompatiblePack(clientFormat: 1, needed: 2) = error else { return false }
            return "\(error)".contains("publish a pack for format 1 or update the app")
        }
        #expect(try await old.current.version == fixture.v1.manifest.version)
        await #expect(throws: GamePackClientError.self) { try await old.check() }
        // A new app takes it.
        #expect(
            try await client(fixture, fixture.site, storage: "new", format: 2).update().content.version
                == packs.formatTwo.manifest.version)
    }
}
