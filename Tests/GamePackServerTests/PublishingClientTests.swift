import Foundation
import GamePackFormat
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import GamePackPublishing
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

    @Test("a pack of several upload chunks arrives whole: the server checks its SHA-256 against its path")
    func chunkedUpload() async throws {
        let fixture = try await ServerFixture(.sqlite)
        // Random bytes, stored: the pack is over three of the client's 1 MiB upload chunks.
        var generator = SystemRandomNumberGenerator()
        let photo = Data(
            (0..<(3 * ContentServerClient.uploadChunk + 12_345)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let pack = try fixture.packs.make(sequence: 5, name: "Big", extra: ["gohike/photo.bin": photo])
        #expect(pack.size > Int64(3 * ContentServerClient.uploadChunk))
        try await live(fixture, token: fixture.token) { client async throws in
            #expect(try await client.uploadPack(at: pack.url, sha256: pack.sha256, signature: pack.signature))
            #expect(try await client.manifest(pack: pack.sha256) == pack.manifest)
        }
        await fixture.tearDown()
    }

    @Test("a closed port, an unknown host and HTTPS to a plain HTTP server are network failures that say why")
    func networkFailures() async throws {
        @Sendable func failure(_ base: String) async -> ContentServerClient.Failure? {
            await #expect(throws: ContentServerClient.Failure.self) {
                try await ContentServerClient(baseURL: URL(string: base)!, token: nil).projects()
            }
        }
        let started = ContinuousClock.now
        let refused = await failure("http://127.0.0.1:1")
        #expect(refused?.code == "network" && refused?.status == nil)
        #expect(refused?.message == "cannot reach http://127.0.0.1:1/v1/projects: Connection refused")
        let unknown = await failure("http://no-such-host.invalid:8080")
        #expect(
            unknown?.message
                == "cannot reach http://no-such-host.invalid:8080/v1/projects: could not resolve host no-such-host.invalid")
        // At once, not after retrying until the 30 s connect timeout.
        #expect(ContinuousClock.now - started < .seconds(10))

        let fixture = try await ServerFixture(.sqlite)
        try await live(fixture, token: nil) { client async throws in
            let port = try #require(client.baseURL.port)
            let tls = await failure("https://127.0.0.1:\(port)")
            #expect(
                tls?.message
                    == "cannot reach https://127.0.0.1:\(port)/v1/projects: the TLS handshake failed (WRONG_VERSION_NUMBER): does the server speak HTTPS on that port?"
            )
        }
        await fixture.tearDown()
    }

    @Test("an upload file that cannot be read is a failure naming it, and nothing is sent")
    func unreadableUpload() async throws {
        let fixture = try await ServerFixture(.sqlite)
        try await live(fixture, token: fixture.token) { client async throws in
            let missing = URL(fileURLWithPath: "/nonexistent/pack.gamepack")
            let error = await #expect(throws: ContentServerClient.Failure.self) {
                try await client.uploadPack(at: missing, sha256: String(repeating: "0", count: 64), signature: "x")
            }
            #expect(error?.message.hasPrefix("cannot read /nonexistent/pack.gamepack") == true, "\(String(describing: error))")
            #expect(try await client.projects().isEmpty)
        }
        await fixture.tearDown()
    }
}
