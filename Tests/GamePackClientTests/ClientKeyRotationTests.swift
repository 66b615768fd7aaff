import Foundation
import GamePackBuild
import GamePackClient
import GamePackFormat
import GamePackTestSupport
import Testing

/// An app shipped with key A follows the key sets A→B→C, from a static tree (`file://`) and
/// from a real `gamepack serve`; content signed by a removed key, and forged sets, are refused.
@Suite("Client key rotation: following key sets from the pinned key", .serialized)
struct ClientKeyRotationTests {
    let b = MinisignSecretKey.generate()
    let c = MinisignSecretKey.generate()

    func keySet(_ version: Int, _ keys: [MinisignSecretKey]) -> KeySet {
        KeySet(
            project: ClientFixture.project, version: version, created: "2026-11-26T10:00:00Z",
            keys: keys.map { .init($0.publicKey) })
    }

    /// Set 1 ([B], signed by the fixture's key A) and set 2 ([C], signed by B).
    func rotations(_ fixture: ClientFixture) throws -> [SignedKeySet] {
        [try SignedKeySet.sign(keySet(1, [b]), with: fixture.key), try SignedKeySet.sign(keySet(2, [c]), with: b)]
    }

    /// Writes a set (and its signature unless nil) into the tree as is, without any check.
    func place(_ bytes: Data, signature: String?, version: Int, in site: URL) throws {
        let url = site.appendingPathComponent(PublishLayout.keySet(project: ClientFixture.project, version: version))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: url)
        let signatureURL = url.appendingPathExtension("minisig")
        try? FileManager.default.removeItem(at: signatureURL)
        if let signature { try Data(signature.utf8).write(to: signatureURL) }
    }

    /// How many key sets the client keeps in its storage folder.
    func keptSets(_ fixture: ClientFixture, storage: String = "storage") throws -> Int {
        let data = try Data(contentsOf: fixture.temp.url.appendingPathComponent("\(storage)/keys.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (object["sets"] as? [Any])?.count ?? -1
    }

    @Test("static tree: the app follows A→B→C, installs C's content, then refuses a pointer signed by A")
    func followsStaticTree() async throws {
        let fixture = try await ClientFixture()
        try StaticPublisher(root: fixture.site).publishKeySets(
            try rotations(fixture), signingKey: c.publicKey, packName: "test", now: ClientFixture.now)
        try fixture.publish(try fixture.resigned(fixture.v1, with: c), key: c)
        let client = fixture.client(fixture.site)
        let result = try await client.update()
        #expect(result.updated && result.content.sequence == 1)
        #expect(try keptSets(fixture) == 2)
        // Another launch verifies the kept chain from the pinned key, and with it the installed pointer.
        #expect(try await fixture.client(fixture.site).current.sequence == 1)

        try fixture.publish(fixture.v2)  // pack and pointer signed by A, removed by set 1
        do {
            _ = try await client.update()
            Issue.record("a pointer signed by the removed key A was accepted")
        } catch GamePackClientError.untrusted(_, let reason) {
            #expect(reason.contains("was removed by key set 1"), "\(reason)")
        }
        #expect(try await client.current.sequence == 1)
    }

    @Test("content signed by A before the rotation is refused once the client follows it, even when installed")
    func refusesEarlierContent() async throws {
        let fixture = try await ClientFixture()
        try fixture.publish(fixture.v1)
        #expect(try await fixture.client(fixture.site).update().content.sequence == 1)
        try StaticPublisher(root: fixture.site).publishKeySets(
            try rotations(fixture), signingKey: c.publicKey, packName: "test", now: ClientFixture.now)

        await #expect(throws: GamePackClientError.self, "the channel still serves A's pointer") {
            try await fixture.client(fixture.site).check()
        }
        do {
            _ = try await fixture.client(fixture.site).current
            Issue.record("the installed content signed by A was loaded after A was removed")
        } catch GamePackClientError.noContent(let reason) {
            #expect(reason.contains("was removed by key set 1"), "\(reason)")
        }
        do {
            _ = try await fixture.client(fixture.site, bundled: true).current
            Issue.record("the bundled pack signed by A was installed after A was removed")
        } catch GamePackClientError.untrusted(let what, let reason) {
            #expect(what == "the bundled pack")
            #expect(reason.contains("was removed by key set 1"), "\(reason)")
        }

        try fixture.publish(try fixture.resigned(fixture.v2, with: c), key: c)
        let updated = try await fixture.client(fixture.site).update()
        #expect(updated.updated && updated.content.sequence == 2)
    }

    @Test("a forged key set, unsigned or signed by a removed key, is refused and the client keeps its set")
    func refusesForgedSets() async throws {
        let fixture = try await ClientFixture()
        let first = try SignedKeySet.sign(keySet(1, [b]), with: fixture.key)
        try place(first.bytes, signature: first.signature, version: 1, in: fixture.site)
        try fixture.publish(try fixture.resigned(fixture.v1, with: b), key: b)
        let client = fixture.client(fixture.site)
        #expect(try await client.update().content.sequence == 1)

        let next = try keySet(2, [c]).encoded()
        try place(next, signature: nil, version: 2, in: fixture.site)
        do {
            _ = try await client.check()
            Issue.record("an unsigned key set was accepted")
        } catch GamePackClientError.keySetRefused(let version, let reason) {
            #expect(version == 2)
            #expect(reason.contains("no valid minisign signature"), "\(reason)")
        }
        let byRemoved = try SignedKeySet.sign(keySet(2, [c]), with: fixture.key)
        try place(byRemoved.bytes, signature: byRemoved.signature, version: 2, in: fixture.site)
        do {
            _ = try await client.check()
            Issue.record("a key set signed by the removed key A was accepted")
        } catch GamePackClientError.keySetRefused(let version, let reason) {
            #expect(version == 2)
            #expect(reason.contains("which key set 1 removed"), "\(reason)")
        }
        #expect(try keptSets(fixture) == 1)
        #expect(try await fixture.client(fixture.site).current.sequence == 1, "B's content still loads")
    }

    @Test("gamepack serve: keys rotate twice, publish uploads the sets, the app follows to C; A's pack is refused")
    func followsServer() async throws {
        let fixture = try await ClientFixture()
        func keyFile(_ key: MinisignSecretKey, _ name: String) throws -> URL {
            let url = try fixture.temp.write(key.fileContents, to: "\(name).key")
            chmod(url.path, 0o600)
            _ = try fixture.temp.write(key.publicKey.fileContents, to: "\(name).pub")
            return url
        }
        let (aKey, bKey, cKey) = (try keyFile(fixture.key, "a"), try keyFile(b, "b"), try keyFile(c, "c"))
        let keys = fixture.temp.url.appendingPathComponent("keys")
        for (old, new) in [(aKey, "b.pub"), (bKey, "c.pub")] {
            let rotate = try CommandRunner.gamepack(
                [
                    "keys", "rotate", "--old", old.path, "--new", new, "--keys", keys.path, "--project",
                    ClientFixture.project,
                ], in: fixture.temp.url)
            #expect(rotate.status == 0, "\(rotate.stderr)")
        }
        let folder = fixture.temp.url.appendingPathComponent("server")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let server = try ContentServer(folder: folder, trustedKeys: [fixture.publicKeyFile])
        defer { server.stop() }

        let published = try server.publish(try fixture.resigned(fixture.v1, with: c), key: cKey, extra: ["--keys", keys.path])
        #expect(published.status == 0, "\(published.stdout)\(published.stderr)")
        #expect(published.stdout.contains("Uploaded key set 2"), "\(published.stdout)")
        let client = fixture.client(server.baseURL, now: Date())
        let result = try await client.update()
        #expect(result.updated && result.content.sequence == 1)
        #expect(try keptSets(fixture) == 2)

        let byA = try server.publish(fixture.v2, key: aKey, extra: ["--keys", keys.path])
        #expect(byA.status == 1)
        #expect(byA.stderr.contains("was removed by key set 1"), "\(byA.stderr)")
        #expect(try await client.check() == .upToDate(sequence: 1))

        let byC = try server.publish(try fixture.resigned(fixture.v2, with: c), key: cKey, extra: ["--keys", keys.path])
        #expect(byC.status == 0, "\(byC.stderr)")
        #expect(!byC.stdout.contains("Uploaded key set"), "sets the server has are not uploaded again")
        let second = try await client.update()
        #expect(second.updated && second.content.sequence == 2)
    }
}
