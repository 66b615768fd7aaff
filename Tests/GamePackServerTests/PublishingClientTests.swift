import Foundation
import GamePackFormat
import GamePackPublishing
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import GamePackServer

/// The publishing client (`gamepack publish/promote/rollback/history`) against a live server:
/// both sides read and write the wire types of GamePackFormat.
@Suite("Publishing client against the server", .serialized)
struct PublishingClientTests {
    /// Runs `body` with a client of `fixture`'s server listening on a free loopback port.
    func live(_ fixture: ServerFixture, token: String?, _ body: @escaping @Sendable (ContentServerClient) async throws -> Void)
        async throws
    {
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let app = Application(
            router: fixture.server.makeRouter(), configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            logger: logger)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            try await body(ContentServerClient(baseURL: URL(string: "http://127.0.0.1:\(port)/")!, token: token))
        }
    }

    @Test("upload, publish, read the pointer, history and projects; refusals carry the server's code")
    func roundTrip() async throws {
        let fixture = try await ServerFixture(.sqlite)
        let pack = try fixture.packs.make(sequence: 4, name: "Client")
        try await live(fixture, token: fixture.token) { client in
            #expect(try await client.uploadPack(at: pack.url, sha256: pack.sha256, signature: pack.signature))
            #expect(try await !client.uploadPack(at: pack.url, sha256: pack.sha256, signature: pack.signature))
            #expect(try await client.pointer(project: "gohike-amsterdam", channel: "staging") == nil)
            #expect(try await client.history(project: "gohike-amsterdam", channel: "staging").isEmpty)

            let signed = try fixture.packs.pointer(pack, channel: "staging")
            let entry = try await client.putPointer(signed, action: "promote")
            #expect(entry.sequence == 4 && entry.action == "promote" && entry.pack == pack.sha256 && entry.recorded != nil)
            #expect(try await client.pointer(project: "gohike-amsterdam", channel: "staging") == signed.pointer)
            #expect(try await client.history(project: "gohike-amsterdam", channel: "staging") == [entry])
            #expect(
                try await client.projects() == [
                    ProjectSummary(
                        project: "gohike-amsterdam",
                        channels: [
                            .init(
                                channel: "staging", sequence: 4, version: pack.manifest.version, pack: pack.sha256,
                                created: signed.pointer.created, expires: nil)
                        ])
                ])

            let lower = try fixture.packs.pointer(pack, channel: "staging", sequence: 3)
            let refusal = await #expect(throws: ContentServerClient.Failure.self) {
                try await client.putPointer(lower, action: "publish")
            }
            #expect(refusal?.status == 409 && refusal?.code == "sequence_not_increasing" && refusal?.isContentRefusal == true)
        }
        try await live(fixture, token: nil) { client in
            let refusal = await #expect(throws: ContentServerClient.Failure.self) {
                try await client.uploadPack(at: pack.url, sha256: pack.sha256, signature: pack.signature)
            }
            #expect(refusal?.status == 401 && refusal?.code == "missing_token" && refusal?.isContentRefusal == false)
        }
        await fixture.tearDown()
    }
}
