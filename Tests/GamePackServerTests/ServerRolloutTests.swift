import Foundation
import GamePackFormat
import GamePackTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GamePackServer

/// The server's checks of pointers that carry a staged rollout, on both stores.
@Suite("Rollout pointers on the server")
struct ServerRolloutTests {
    func reference(_ pack: TestPacks.Pack) -> PackReference {
        PackReference(version: pack.manifest.version, pack: pack.sha256, size: pack.size, manifest: pack.manifestSHA256)
    }

    func signed(_ pointer: ChannelPointer, _ fixture: ServerFixture) throws -> SignedPointer {
        try SignedPointer.sign(pointer, with: fixture.packs.key)
    }

    @Test(
        "a rollout naming a pack the server lacks is refused; a second rollout and a narrowing are refused; the head stays",
        arguments: StoreKind.available)
    func refusals(_ kind: StoreKind) async throws {
        let fixture = try await ServerFixture(kind)
        let v1 = try fixture.packs.make(sequence: 1, name: "One")
        let v2 = try fixture.packs.make(sequence: 2, name: "Two")
        let v3 = try fixture.packs.make(sequence: 3, name: "Three")
        try await fixture.test { client in
            #expect(try await fixture.upload(client, v1).status == .created)
            let head = try ChannelPointer.decode(try fixture.packs.pointer(v1, channel: "production").bytes)
            #expect(try await fixture.putPointer(client, try signed(head, fixture)).status == .created)
            let now = ChannelPointer.formatTime(Date())

            // v2 is not on the server yet.
            let early = try head.startingRollout(of: reference(v2), percentage: 10, sequence: 2, created: now, expires: nil)
            let missing = try await fixture.putPointer(client, try signed(early, fixture))
            #expect(missing.status == .unprocessableContent && missing.errorCode == "pack_missing")
            #expect(missing.text.contains("rollout"), "\(missing.text)")

            #expect(try await fixture.upload(client, v2).status == .created)
            #expect(try await fixture.putPointer(client, try signed(early, fixture)).status == .created)

            // Another pack's rollout over the running one, signed by hand: refused.
            #expect(try await fixture.upload(client, v3).status == .created)
            var other = early
            other.sequence = early.sequence + 1
            other.rollout = ChannelRollout(pack: reference(v3), percentage: 10)
            let second = try await fixture.putPointer(client, try signed(other, fixture))
            #expect(second.status == .conflict && second.errorCode == "rollout_conflict", "\(second.text)")
            // Narrowing: refused.
            var narrower = early
            narrower.sequence = early.sequence + 1
            narrower.rollout = ChannelRollout(pack: reference(v2), percentage: 5)
            let narrow = try await fixture.putPointer(client, try signed(narrower, fixture))
            #expect(narrow.status == .conflict && narrow.text.contains("only widens"), "\(narrow.text)")
            // Widening and the history entry's rollout.
            let wider = try early.changingRollout(.widen(to: 50), created: now, expires: nil)
            #expect(try await fixture.putPointer(client, try signed(wider, fixture)).status == .created)
            let history = try await client.execute(uri: "/v1/channels/gohike-amsterdam/production/history", method: .get)
            let entries = try JSONDecoder().decode(ChannelHistory.self, from: Data(history.text.utf8)).entries
            #expect(entries.first?.rollout?.percentage == 50)
            #expect(entries.first?.version == v1.manifest.version)
        }
        let stored = try await fixture.server.store.head(project: "gohike-amsterdam", channel: "production")
        #expect(stored?.pack == v1.sha256)
        await fixture.tearDown()
    }
}
