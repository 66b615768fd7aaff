import Foundation
import GamePackClient
import GamePackFormat
import GamePackTestSupport
import Testing

/// A static host replaces a pointer and its `.json.minisig` one after the other, never both at
/// once (issue 16): a client that reads one of each verifies the pointer with the signature
/// filed under the pointer's SHA-256. Against a static tree on disk (`file:` URLs).
@Suite("Client: a pointer read with another pointer's signature")
struct ClientTornPointerTests {
    @Test("the new pointer with the old .json.minisig installs through signatures/<sha256>.minisig")
    func newPointerOldSignature() async throws {
        let fixture = try await ClientFixture()
        try fixture.publish(fixture.v1)
        let signatureURL = fixture.site.appendingPathComponent(
            PublishLayout.channelSignature(project: ClientFixture.project, channel: ClientFixture.channel))
        let oldSignature = try Data(contentsOf: signatureURL)
        try fixture.publish(fixture.v2)
        // What a reader sees between the two renames of a publish, or after one killed there.
        try oldSignature.write(to: signatureURL)

        let client = fixture.client(fixture.site)
        let result = try await client.update()
        #expect(result.content.sequence == 2)
        #expect(try ClientFixture.routeName(result.content) == "Green Trail Extended")
    }

    @Test("a pointer that matches neither signature is refused")
    func pointerWithoutAnyMatchingSignature() async throws {
        let fixture = try await ClientFixture()
        let pointer = try fixture.publish(fixture.v1)
        let pointerURL = fixture.site.appendingPathComponent(
            PublishLayout.channelPointer(project: ClientFixture.project, channel: ClientFixture.channel))
        var changed = pointer
        changed.sequence = 99
        try changed.encoded().write(to: pointerURL)

        let client = fixture.client(fixture.site)
        await #expect {
            try await client.update()
        } throws: { error in
            guard case GamePackClientError.untrusted = error else { return false }
            return true
        }
    }
}
