import Foundation
import GamePackFormat
import GamePackTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import GamePackServer

/// `GET`/`PUT /v1/keys/{project}/{N}.json`: the chain checks, and the project's packs and
/// pointers trusted by its newest key set from then on.
@Suite("Server key sets: the chain, and trust moving to the newest set", .serialized)
struct KeySetAPITests {
    static let project = "gohike-amsterdam"

    func keySet(_ version: Int, _ keys: [MinisignSecretKey]) -> KeySet {
        KeySet(
            project: Self.project, version: version, created: "2026-11-26T10:00:00Z", keys: keys.map { .init($0.publicKey) })
    }

    func put(_ fixture: ServerFixture, _ client: some TestClientProtocol, _ signed: SignedKeySet, auth: Bool = true)
        async throws -> TestResponse
    {
        let body = try JSONEncoder().encode(KeySetUpload(signed))
        return try await client.execute(
            uri: "/v1/keys/\(signed.set.project)/\(signed.set.version).json", method: .put,
            headers: auth ? fixture.auth : [:], body: ByteBuffer(bytes: body))
    }

    /// `pack` with its signature made by `key` instead.
    func resigned(_ pack: TestPacks.Pack, with key: MinisignSecretKey) throws -> TestPacks.Pack {
        var copy = pack
        let comment = try MinisignSignature(fileContents: pack.signature).trustedComment
        copy.signature = try Minisign.sign(fileAt: pack.url, with: key, trustedComment: comment).fileContents
        return copy
    }

    @Test("sets are stored only when they follow the chain; refusals are 422 with the reason", arguments: StoreKind.available)
    func chainChecks(_ kind: StoreKind) async throws {
        let fixture = try await ServerFixture(kind)
        let a = fixture.packs.key, b = MinisignSecretKey.generate(), c = MinisignSecretKey.generate()
        let first = try SignedKeySet.sign(keySet(1, [b]), with: a)
        let second = try SignedKeySet.sign(keySet(2, [c]), with: b)
        try await fixture.test { client in
            let none = try await client.execute(uri: "/v1/keys/\(Self.project)/1.json", method: .get)
            #expect(none.status == .notFound)
            #expect(try await put(fixture, client, first, auth: false).status == .unauthorized)

            let stranger = try await put(fixture, client, try SignedKeySet.sign(keySet(1, [b]), with: c))
            #expect(stranger.status == .unprocessableContent)
            #expect(stranger.errorCode == "key_set_refused")
            #expect(stranger.text.contains("not in the trusted keys"), "\(stranger.text)")
            let unsigned = try await put(fixture, client, SignedKeySet(set: first.set, bytes: first.bytes, signature: ""))
            #expect(unsigned.status == .unprocessableContent)
            #expect(unsigned.text.contains("no valid minisign signature"), "\(unsigned.text)")
            let gap = try await put(fixture, client, second)
            #expect(gap.status == .unprocessableContent)
            #expect(gap.text.contains("does not follow version 0"), "\(gap.text)")

            #expect(try await put(fixture, client, first).status == .created)
            #expect(try await put(fixture, client, first).status == .ok, "the same set again changes nothing")
            #expect(try await put(fixture, client, second).status == .created)
            let served = try await client.execute(uri: "/v1/keys/\(Self.project)/2.json", method: .get)
            #expect(Data(buffer: served.body) == second.bytes)
            let signature = try await client.execute(uri: "/v1/keys/\(Self.project)/2.json.minisig", method: .get)
            #expect(signature.text == second.signature)
            #expect(try await client.execute(uri: "/v1/keys/\(Self.project)/3.json", method: .get).status == .notFound)

            let cycle = try await put(fixture, client, try SignedKeySet.sign(keySet(3, [c, a]), with: c))
            #expect(cycle.status == .unprocessableContent)
            #expect(cycle.text.contains("cycle"), "\(cycle.text)")
            let byRemoved = try await put(fixture, client, try SignedKeySet.sign(keySet(3, [b]), with: a))
            #expect(byRemoved.status == .unprocessableContent)
            #expect(byRemoved.text.contains("which key set 1 removed"), "\(byRemoved.text)")
            let rewritten = try await put(fixture, client, try SignedKeySet.sign(keySet(2, [c, b]), with: b))
            #expect(rewritten.status == .conflict)
            #expect(rewritten.errorCode == "key_set_exists")
        }
        #expect(try await fixture.storeFixture.store.keySets(project: Self.project).map(\.version) == [1, 2])
        await fixture.tearDown()
    }

    @Test(
        "after a rotation, packs and pointers signed by the removed key are refused and the new key's accepted",
        arguments: StoreKind.available)
    func trustMoves(_ kind: StoreKind) async throws {
        let fixture = try await ServerFixture(kind)
        let a = fixture.packs.key, b = MinisignSecretKey.generate()
        let before = try fixture.packs.make(sequence: 1, name: "Before")
        let after = try fixture.packs.make(sequence: 2, name: "After")
        try await fixture.test { client in
            #expect(try await fixture.upload(client, before).status == .created)
            #expect(
                try await fixture.putPointer(client, try fixture.packs.pointer(before, channel: "production")).status == .created)
            #expect(try await put(fixture, client, try SignedKeySet.sign(keySet(1, [b]), with: a)).status == .created)

            let byA = try await fixture.upload(client, after)
            #expect(byA.status == .forbidden)
            #expect(byA.errorCode == "untrusted_key")
            #expect(byA.text.contains("was removed by key set 1"), "\(byA.text)")
            #expect(try await fixture.upload(client, try resigned(after, with: b)).status == .created)

            let pointerByA = try await fixture.putPointer(client, try fixture.packs.pointer(after, channel: "production"))
            #expect(pointerByA.status == .forbidden)
            #expect(pointerByA.text.contains("was removed by key set 1"), "\(pointerByA.text)")
            let head = try await client.execute(uri: "/v1/channels/\(Self.project)/production.json", method: .get)
            #expect(try ChannelPointer.decode(Data(buffer: head.body)).sequence == 1, "a refused pointer changes nothing")
            let pointerByB = try fixture.packs.pointer(after, channel: "production", key: b)
            #expect(try await fixture.putPointer(client, pointerByB).status == .created)
        }
        await fixture.tearDown()
    }
}
