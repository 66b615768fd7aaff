import Foundation
import GamePackFormat
import GamePackTestSupport
import HummingbirdTesting
import Testing

@testable import GamePackServer

/// The server's side of the compatibility gate: a pointer may keep packs for apps too old for
/// its own (`ChannelPointer.compatible`), and each must be a pack the server holds, described
/// as its stored manifest says.
@Suite("Channel pointers with packs for older clients")
struct ChannelCompatibilityTests {
    /// A pointer for `head` on `production` at `sequence`, keeping `compatible`, signed by the fixture's key.
    func pointer(
        _ fixture: ServerFixture, _ head: TestPacks.Pack, sequence: Int64, minimum: Int? = nil, compatible: [PackReference]
    ) throws -> SignedPointer {
        let pointer = ChannelPointer(
            project: head.manifest.project, channel: "production", sequence: sequence, version: head.manifest.version,
            pack: head.sha256, size: head.size, manifest: head.manifestSHA256, created: ChannelPointer.formatTime(Date()),
            minimumClientFormat: minimum ?? head.manifest.minimumClientFormat, compatible: compatible)
        return try SignedPointer.sign(pointer, with: fixture.packs.key)
    }

    func reference(_ pack: TestPacks.Pack, minimum: Int? = nil) -> PackReference {
        PackReference(
            version: pack.manifest.version, pack: pack.sha256, size: pack.size, manifest: pack.manifestSHA256,
            minimumClientFormat: minimum ?? pack.manifest.minimumClientFormat)
    }

    @Test(
        "refuses a pointer whose compatible pack is missing or misdescribed, or whose own minimum disagrees; takes a good one",
        arguments: StoreKind.available)
    func refusals(kind: StoreKind) async throws {
        let fixture = try await ServerFixture(kind)
        defer { Task { await fixture.tearDown() } }
        let old = try fixture.packs.make(sequence: 1, name: "Old")
        let new = try fixture.packs.make(sequence: 2, name: "New", minimumClientFormat: 2)
        let absent = try fixture.packs.make(sequence: 3, name: "Absent")
        try await fixture.test { client in
            #expect(try await fixture.upload(client, old).status == .created)
            #expect(try await fixture.upload(client, new).status == .created)

            let missing = try await fixture.putPointer(
                client, try pointer(fixture, new, sequence: 2, compatible: [reference(absent)]))
            #expect(missing.status == .unprocessableContent && missing.errorCode == "pack_missing")
            #expect(missing.text.contains("compatible entry 1") && missing.text.contains(absent.sha256))
            #expect(missing.text.contains("upload it first"))

            let lyingHead = try await fixture.putPointer(
                client, try pointer(fixture, new, sequence: 2, minimum: 1, compatible: []))
            #expect(lyingHead.status == .unprocessableContent && lyingHead.errorCode == "client_format_mismatch")
            let lyingEntry = try await fixture.putPointer(
                client, try pointer(fixture, new, sequence: 2, compatible: [reference(old, minimum: 2)]))
            #expect(lyingEntry.status == .unprocessableContent && lyingEntry.errorCode == "client_format_mismatch")
            // No refused pointer changed the channel.
            #expect(try await fixture.server.store.head(project: "gohike-amsterdam", channel: "production") == nil)

            let good = try pointer(fixture, new, sequence: 2, compatible: [reference(old)])
            #expect(try await fixture.putPointer(client, good).status == .created)
            let served = try await client.execute(uri: "/v1/channels/gohike-amsterdam/production.json", method: .get)
            let decoded = try ChannelPointer.decode(Data(served.text.utf8))
            #expect(decoded.format == 2 && decoded.minimumClientFormat == 2 && decoded.compatible == [reference(old)])
            // The server's own readers of the channel keep using its head pack.
            let head = try await fixture.server.store.head(project: "gohike-amsterdam", channel: "production")
            #expect(head?.pack == new.sha256)
        }
    }
}
