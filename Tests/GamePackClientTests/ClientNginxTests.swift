import Foundation
import GamePackClient
import GamePackFormat
import GamePackTestSupport
import Testing

/// GamePackClient against a static tree written by `StaticPublisher` and served by a real nginx.
@Suite("Client against nginx", .serialized, .tags(.nginx), .requires(.nginx))
struct ClientNginxTests {
    @Test("first install, no-op when current, incremental update, clean-up of the old version")
    func installUpdateNoop() async throws {
        let fixture = try await ClientFixture()
        try fixture.publish(fixture.v1)
        let nginx = try Nginx(root: fixture.site)
        defer { nginx.stop() }
        let phases = PhaseLog()
        let client = fixture.client(nginx.baseURL, progress: { phases.add($0) })

        let first = try await client.update()
        #expect(first.updated)
        #expect(first.content.version == fixture.v1.manifest.version)
        #expect(first.content.sequence == 1)
        #expect(try ClientFixture.routeName(first.content) == "Green Trail")
        let v1Files = Set(fixture.v1.manifest.files.map(\.sha256))
        #expect(first.downloadedFiles == v1Files.count)
        #expect(first.reusedFiles == 0)
        #expect(
            phases.downloaded
                == fixture.v1.manifest.files.reduce(into: [String: Int64]()) { $0[$1.sha256] = $1.size }.values.reduce(0, +))
        #expect(phases.phases.contains(.applying))

        // No-op when current: nothing but the pointer is fetched.
        let before = nginx.requests().count
        let again = try await client.update()
        #expect(!again.updated)
        #expect(again.content.sequence == 1)
        #expect(try await client.check() == .upToDate(sequence: 1))
        // The next key set (missing: no rotation yet), the pointer and its signature, twice.
        #expect(nginx.requests().count - before == 6)
        #expect(nginx.requests().suffix(6).filter { $0.contains("/v1/channels/") }.count == 4)
        #expect(
            nginx.requests().suffix(6).filter { $0.contains("/v1/keys/\(ClientFixture.project)/1.json HTTP/1.1 404") }.count == 2)

        // Incremental: only the files whose SHA-256 changed.
        try fixture.publish(fixture.v2)
        let v2Files = Set(fixture.v2.manifest.files.map(\.sha256))
        let changed = v2Files.subtracting(v1Files)
        let changedBytes = fixture.v2.manifest.files.filter { changed.contains($0.sha256) }
            .reduce(into: [String: Int64]()) { $0[$1.sha256] = $1.size }.values.reduce(0, +)
        guard case .available(let pointer, let bytes) = try await client.check() else {
            Issue.record("v2 is not offered")
            return
        }
        #expect(pointer.sequence == 2)
        #expect(bytes == changedBytes)
        let mark = nginx.requests().count
        let second = try await client.update()
        #expect(second.updated)
        #expect(try ClientFixture.routeName(second.content) == "Green Trail Extended")
        #expect(second.downloadedFiles == changed.count)
        #expect(second.reusedFiles == v2Files.count - changed.count)
        #expect(second.reusedFiles > 0)
        let fileRequests = nginx.requests().dropFirst(mark).filter { $0.contains("/v1/files/") }
        #expect(fileRequests.count == changed.count)
        for sha in v1Files.intersection(v2Files) {
            #expect(!fileRequests.contains { $0.contains(sha) }, "\(sha) was downloaded again")
        }

        // Old files are cleaned up; a new client on the same storage loads and verifies v2.
        let storage = fixture.temp.url.appendingPathComponent("storage")
        let objects = Set(try FileManager.default.contentsOfDirectory(atPath: storage.appendingPathComponent("objects").path))
        #expect(objects == v2Files)
        #expect(try FileManager.default.contentsOfDirectory(atPath: storage.appendingPathComponent("versions").path).count == 1)
        let reloaded = try await fixture.client(nginx.baseURL).current
        #expect(reloaded.sequence == 2)
        #expect(reloaded.source == .channel(pointer))
    }

    @Test("refuses a tampered file, a tampered manifest and a tampered pointer; the installed content stays")
    func tampering() async throws {
        let fixture = try await ClientFixture()
        try fixture.publish(fixture.v1)
        let nginx = try Nginx(root: fixture.site)
        defer { nginx.stop() }
        let client = fixture.client(nginx.baseURL)
        _ = try await client.update()
        let pointer = try fixture.publish(fixture.v2)
        let site = fixture.site

        func flip(_ path: String) throws -> () throws -> Void {
            let url = site.appendingPathComponent(path)
            let original = try Data(contentsOf: url)
            var bytes = original
            bytes[bytes.count / 2] ^= 0x01
            try bytes.write(to: url)
            return { try original.write(to: url) }
        }

        // A file of the new version changed on the server.
        let newFile = try #require(
            fixture.v2.manifest.files.first { file in !fixture.v1.manifest.files.contains { $0.sha256 == file.sha256 } })
        var restore = try flip(PublishLayout.file(sha256: newFile.sha256))
        await #expect {
            try await client.update()
        } throws: { error in
            guard case GamePackClientError.integrity(let what, _) = error else { return false }
            return what.contains(newFile.path)
        }
        #expect(try await client.current.sequence == 1)
        try restore()

        // The manifest changed: its SHA-256 no longer matches the signed pointer.
        restore = try flip(PublishLayout.manifest(packSHA256: pointer.pack))
        await #expect {
            try await client.update()
        } throws: { error in
            guard case GamePackClientError.integrity(let what, _) = error else { return false }
            return what.contains("manifest")
        }
        try restore()

        // The pointer changed after signing.
        restore = try flip(PublishLayout.channelPointer(project: ClientFixture.project, channel: ClientFixture.channel))
        await #expect {
            try await client.update()
        } throws: { error in
            guard case GamePackClientError.untrusted = error else { return false }
            return true
        }
        try restore()
        #expect(try ClientFixture.routeName(try await client.current) == "Green Trail")

        // Untouched, the update goes through.
        #expect(try await client.update().content.sequence == 2)
    }

    @Test("refuses a pointer signed by another key, a lower sequence and an expired pointer")
    func refusals() async throws {
        let fixture = try await ClientFixture()
        let nginx = try Nginx(root: fixture.site)
        defer { nginx.stop() }
        let client = fixture.client(nginx.baseURL)

        // Another key: nothing is installed.
        let other = MinisignSecretKey.generate()
        try fixture.publish(try fixture.resigned(fixture.v1, with: other), key: other)
        await #expect {
            try await client.update()
        } throws: { error in
            guard case GamePackClientError.untrusted(_, let reason) = error else { return false }
            return reason.contains("key")
        }
        await #expect(throws: GamePackClientError.self) { try await client.current }

        // Expired pointer (the client's clock is ClientFixture.now).
        try FileManager.default.removeItem(at: fixture.site)
        try fixture.publish(fixture.v2, expires: ClientFixture.now.addingTimeInterval(-60))
        await #expect(throws: GamePackClientError.expired(what: "the channel pointer", expires: "2027-01-15T07:59:00Z")) {
            try await client.update()
        }
        // Not yet expired: installed.
        try FileManager.default.removeItem(at: fixture.site)
        try fixture.publish(fixture.v2, expires: ClientFixture.now.addingTimeInterval(60))
        #expect(try await client.update().content.sequence == 2)

        // A lower sequence (the server rolled back without a new sequence): refused, v2 stays.
        try FileManager.default.removeItem(at: fixture.site)
        try fixture.publish(fixture.v1)
        await #expect(throws: GamePackClientError.sequenceNotIncreasing(installed: 2, offered: 1)) {
            try await client.update()
        }
        await #expect(throws: GamePackClientError.sequenceNotIncreasing(installed: 2, offered: 1)) {
            try await client.check()
        }
        #expect(try ClientFixture.routeName(try await client.current) == "Green Trail Extended")
    }

    @Test("the bundled pack is current until an update; a corrupt install falls back to it, and rollback protection holds")
    func bundledFallback() async throws {
        let fixture = try await ClientFixture()
        let nginx = try Nginx(root: fixture.site)
        defer { nginx.stop() }
        let client = fixture.client(nginx.baseURL, bundled: true)
        let bundled = try await client.current
        #expect(bundled.source == .bundled)
        #expect(bundled.sequence == 1)
        #expect(try ClientFixture.routeName(bundled) == "Green Trail")

        // Files the bundled pack already holds are not downloaded.
        try fixture.publish(fixture.v2)
        let result = try await client.update()
        #expect(result.content.sequence == 2)
        #expect(result.reusedFiles > 0)

        // Corrupt one installed file of v2: the next launch detects it and uses the bundled pack.
        let newFile = try #require(
            fixture.v2.manifest.files.first { file in !fixture.v1.manifest.files.contains { $0.sha256 == file.sha256 } })
        let object = fixture.temp.url.appendingPathComponent("storage/objects/\(newFile.sha256)")
        var bytes = try Data(contentsOf: object)
        bytes[0] ^= 0xFF
        try bytes.write(to: object)
        let relaunched = fixture.client(nginx.baseURL, bundled: true)
        let fallback = try await relaunched.current
        #expect(fallback.source == .bundled)
        #expect(try ClientFixture.routeName(fallback) == "Green Trail")
        // The channel's v2 (sequence 2, not above the highest installed) is installed again...
        #expect(try await relaunched.update().content.sequence == 2)
        // ...but v1 published again as sequence 1 is refused even after a fallback.
        try FileManager.default.removeItem(at: fixture.site)
        try fixture.publish(fixture.v1)
        let third = fixture.client(nginx.baseURL, storage: "storage", bundled: true)
        await #expect(throws: GamePackClientError.sequenceNotIncreasing(installed: 2, offered: 1)) {
            try await third.update()
        }

        // A tampered bundled pack is refused.
        let tampered = fixture.temp.url.appendingPathComponent("tampered.gamepack")
        var packBytes = try Data(contentsOf: fixture.v1.pack)
        packBytes[packBytes.count / 3] ^= 0x01
        try packBytes.write(to: tampered)
        let bad = GamePackClient(
            configuration: .init(
                baseURL: nginx.baseURL, project: ClientFixture.project, channel: ClientFixture.channel,
                publicKey: fixture.key.publicKey, storageDirectory: fixture.temp.url.appendingPathComponent("other"),
                bundledPack: tampered, bundledSignature: fixture.v1.signature))
        await #expect {
            try await bad.current
        } throws: { error in
            guard case GamePackClientError.untrusted = error else { return false }
            return true
        }
    }

    @Test("gzip-encoded responses are decoded before their SHA-256 is checked")
    func gzip() async throws {
        let fixture = try await ClientFixture()
        try fixture.publish(fixture.v1)
        let nginx = try Nginx(root: fixture.site, gzip: true)
        defer { nginx.stop() }
        let result = try await fixture.client(nginx.baseURL).update()
        #expect(try ClientFixture.routeName(result.content) == "Green Trail")
        // content.json (mostly base64) crossed the wire compressed.
        let content = try #require(fixture.v1.manifest.files.first { $0.path == "gohike/content.json" })
        let line = try #require(nginx.requests().first { $0.contains(content.sha256) })
        let sent = try #require(Int64(line.split(separator: " ").last ?? ""))
        #expect(sent < content.size * 9 / 10, "\(line)")
    }

    @Test("a storage budget too small for the update refuses it before downloading")
    func storageBudget() async throws {
        let fixture = try await ClientFixture()
        try fixture.publish(fixture.v1)
        let nginx = try Nginx(root: fixture.site)
        defer { nginx.stop() }
        await #expect {
            try await fixture.client(nginx.baseURL, budget: 1000).update()
        } throws: { error in
            guard case GamePackClientError.storageBudgetExceeded(_, let budget) = error else { return false }
            return budget == 1000
        }
        #expect(!nginx.requests().contains { $0.contains("/v1/files/") })
        #expect(try await fixture.client(nginx.baseURL, budget: 100 << 20).update().updated)
    }
}

/// Collects progress reports.
final class PhaseLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [GamePackClient.UpdateProgress] = []

    func add(_ progress: GamePackClient.UpdateProgress) {
        lock.lock()
        reports.append(progress)
        lock.unlock()
    }

    var phases: [GamePackClient.UpdateProgress.Phase] {
        lock.lock()
        defer { lock.unlock() }
        return reports.map(\.phase)
    }

    /// The last download report's completed bytes, checked to equal its total.
    var downloaded: Int64 {
        lock.lock()
        defer { lock.unlock() }
        guard let last = reports.last(where: { $0.phase == .downloading }), last.completedBytes == last.totalBytes else {
            return -1
        }
        return last.completedBytes
    }
}
