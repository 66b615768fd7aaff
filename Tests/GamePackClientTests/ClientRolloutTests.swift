import Foundation
import GamePackBuild
import GamePackClient
import GamePackFormat
import GamePackTestSupport
import Testing

/// One install through a rollout, on a static tree read from disk (`file://`).
@Suite("Client in a staged rollout", .serialized)
struct ClientRolloutTests {
    func rollout(_ fixture: ClientFixture, percentage: Int) throws -> ChannelPointer {
        try StaticPublisher(root: fixture.site).publish(
            packAt: fixture.v2.pack, signatureAt: fixture.v2.signature, channel: ClientFixture.channel, key: fixture.key,
            expires: nil, now: ClientFixture.now, rollout: percentage)
    }

    func change(_ fixture: ClientFixture, _ change: RolloutChange) throws -> ChannelPointer {
        try StaticPublisher(root: fixture.site).changeRollout(
            project: ClientFixture.project, channel: ClientFixture.channel, change: change, key: fixture.key, expires: nil,
            now: ClientFixture.now)
    }

    @Test("the install id is made on the first rollout, kept across launches, and decides the bucket")
    func installID() async throws {
        let fixture = try await ClientFixture()
        try fixture.publish(fixture.v1)
        let idFile = fixture.temp.url.appendingPathComponent("storage/install-id")
        _ = try await fixture.client(fixture.site).update()
        #expect(!FileManager.default.fileExists(atPath: idFile.path), "an id was made without a rollout")

        let pointer = try rollout(fixture, percentage: 50)
        let first = try await fixture.client(fixture.site).update()
        let id = try String(contentsOf: idFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(id.count == 32)
        let inRollout = ChannelRollout.bucket(installID: id, version: fixture.v2.manifest.version) < 50
        #expect(first.content.version == (inRollout ? fixture.v2 : fixture.v1).manifest.version)
        // In the rollout: v2 installed at the pointer's sequence. Outside: v1 stays, nothing installed.
        #expect(first.updated == inRollout)
        #expect(first.content.sequence == (inRollout ? pointer.sequence : 1))
        // Relaunched: the same id, the same pack.
        let again = try await fixture.client(fixture.site).update()
        #expect(try String(contentsOf: idFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == id)
        #expect(again.content.version == first.content.version)
        #expect(!again.updated)
    }

    @Test("paused: the installs on the new pack keep it, no new install joins; resumed, they join")
    func pause() async throws {
        let fixture = try await ClientFixture()
        try fixture.publish(fixture.v1)
        _ = try rollout(fixture, percentage: 100)
        let early = try await fixture.client(fixture.site, storage: "early").update()
        #expect(early.content.version == fixture.v2.manifest.version)
        _ = try change(fixture, .pause)
        let late = try await fixture.client(fixture.site, storage: "late").update()
        #expect(late.content.version == fixture.v1.manifest.version)
        let earlyAgain = try await fixture.client(fixture.site, storage: "early").update()
        #expect(earlyAgain.content.version == fixture.v2.manifest.version)
        _ = try change(fixture, .resume)
        #expect(try await fixture.client(fixture.site, storage: "late").update().content.version == fixture.v2.manifest.version)
        // Completed: the pointer's own pack is v2; a fresh install takes it without any bucket.
        let complete = try change(fixture, .complete)
        #expect(complete.rollout == nil)
        #expect(complete.version == fixture.v2.manifest.version)
        #expect(try await fixture.client(fixture.site, storage: "fresh").update().content.version == fixture.v2.manifest.version)
    }

    @Test("a rollout naming a pack the tree lacks is refused and the pointer stays")
    func missingPack() async throws {
        let fixture = try await ClientFixture()
        let before = try fixture.publish(fixture.v1)
        _ = try rollout(fixture, percentage: 10)
        try FileManager.default.removeItem(
            at: fixture.site.appendingPathComponent(
                PublishLayout.manifest(packSHA256: Digest.sha256Hex(try Data(contentsOf: fixture.v2.pack)))))
        #expect(throws: (any Error).self) { try change(fixture, .widen(to: 50)) }
        let pointer = try ChannelPointer.decode(
            try Data(
                contentsOf: fixture.site.appendingPathComponent(
                    PublishLayout.channelPointer(project: ClientFixture.project, channel: ClientFixture.channel))))
        #expect(pointer.rollout?.percentage == 10)
        #expect(pointer.sequence == before.sequence + 1)
    }
}
