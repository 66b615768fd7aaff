import Foundation
import GamePackFormat
import GamePackTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PostgresNIO
import Testing

@testable import GamePackServer

/// Issue 33: pack bytes in PostgreSQL chunks, against a real PostgreSQL.
@Suite("PostgreSQL blob store: chunks, sharing, reads, damage", .serialized, .tags(.postgres), .requires(.postgres))
struct PostgresBlobStoreTests {
    static let mib = PostgresBlobStore.chunkSize

    @Test("a blob of several chunks goes in from a file and from data, and comes back whole")
    func roundTrip() async throws {
        let fixture = try await PostgresBlobFixture()
        let data = PostgresBlobFixture.random(2 * Self.mib + 12_345)
        let sha = Digest.sha256Hex(data)
        let temporary = fixture.blobs.temporaryURL("test")
        try data.write(to: temporary)
        try await fixture.blobs.commit(temporary, to: PublishLayout.file(sha256: sha))
        #expect(!FileManager.default.fileExists(atPath: temporary.path), "commit removes the temporary file")
        #expect(try await fixture.chunks(of: PublishLayout.file(sha256: sha)).count == 3)
        #expect(try await fixture.blobs.data(PublishLayout.file(sha256: sha)) == data)
        let source = try #require(try await fixture.blobs.source(PublishLayout.file(sha256: sha)))
        #expect(source.size == data.count)
        #expect(try await fixture.blobs.exists(PublishLayout.file(sha256: sha)))
        #expect(try await !fixture.blobs.exists(PublishLayout.file(sha256: String(repeating: "0", count: 64))))
        try await fixture.blobs.store(Data(), at: "v1/files/empty")
        #expect(try await fixture.blobs.data("v1/files/empty") == Data())
        await fixture.tearDown()
    }

    @Test("two versions sharing chunks store the shared chunks once")
    func sharedChunks() async throws {
        let fixture = try await PostgresBlobFixture()
        let first = PostgresBlobFixture.random(3 * Self.mib)
        var second = first.prefix(2 * Self.mib)
        second.append(PostgresBlobFixture.random(Self.mib / 2))
        try await fixture.blobs.store(first, at: PublishLayout.file(sha256: Digest.sha256Hex(first)))
        try await fixture.blobs.store(Data(second), at: PublishLayout.file(sha256: Digest.sha256Hex(Data(second))))
        #expect(try await fixture.count("blobs") == 2)
        #expect(try await fixture.count("blob_parts") == 6)
        #expect(try await fixture.count("blob_chunks") == 4, "3 chunks of the first, 1 new of the second")
        #expect(try await fixture.blobs.data(PublishLayout.file(sha256: Digest.sha256Hex(Data(second)))) == Data(second))
        await fixture.tearDown()
    }

    @Test("a damaged chunk and a missing chunk are never served (503) and verify lists both")
    func damage() async throws {
        let fixture = try await PostgresBlobFixture()
        let corrupt = PostgresBlobFixture.random(2 * Self.mib)
        let missing = PostgresBlobFixture.random(2 * Self.mib + 7)
        let healthy = PostgresBlobFixture.random(100)
        let (corruptPath, missingPath) = (
            PublishLayout.file(sha256: Digest.sha256Hex(corrupt)), PublishLayout.file(sha256: Digest.sha256Hex(missing))
        )
        try await fixture.blobs.store(corrupt, at: corruptPath)
        try await fixture.blobs.store(missing, at: missingPath)
        try await fixture.blobs.store(healthy, at: PublishLayout.file(sha256: Digest.sha256Hex(healthy)))
        #expect(try await fixture.blobs.verify(rehash: true).isEmpty)
        let bad = try await fixture.chunks(of: corruptPath)[1]
        try await fixture.execute("UPDATE blob_chunks SET data = \(ByteBuffer(repeating: 1, count: 10)) WHERE sha256 = \(bad)")
        let gone = try await fixture.chunks(of: missingPath)[2]
        try await fixture.execute("DELETE FROM blob_chunks WHERE sha256 = \(gone)")

        #expect(try await fixture.blobs.verify(rehash: false).map(\.path) == [missingPath], "a missing chunk is cheap to find")
        await #expect(throws: BlobDamage.self) { _ = try await fixture.blobs.source(missingPath) }
        await #expect(throws: BlobDamage.self) { _ = try await fixture.blobs.data(corruptPath) }
        #expect(try await fixture.blobs.verify(rehash: true).map(\.path).sorted() == [corruptPath, missingPath].sorted())
        #expect(try await fixture.blobs.data(PublishLayout.file(sha256: Digest.sha256Hex(healthy))) == healthy)
        await fixture.tearDown()
    }

    @Test("reads check each chunk's CRC-32C, or its SHA-256 when it was written before the checksum column")
    func checksums() async throws {
        let fixture = try await PostgresBlobFixture()
        let (older, newer) = (PostgresBlobFixture.random(Self.mib + 10), PostgresBlobFixture.random(Self.mib + 20))
        let (olderPath, newerPath) = (
            PublishLayout.file(sha256: Digest.sha256Hex(older)), PublishLayout.file(sha256: Digest.sha256Hex(newer))
        )
        try await fixture.blobs.store(older, at: olderPath)
        try await fixture.blobs.store(newer, at: newerPath)
        let written = try await fixture.database.all(
            try await fixture.database.client.query("SELECT sha256, crc32c FROM blob_chunks WHERE crc32c IS NOT NULL")
        ) { (sha: try $0[0].decode(String.self), checksum: try $0[1].decode(Int64.self)) }
        #expect(written.count == 4, "every chunk gets its checksum")
        #expect(
            try await fixture.database.first(
                try await fixture.database.client.query(
                    "SELECT attstorage FROM pg_attribute WHERE attrelid = 'blob_chunks'::regclass AND attname = 'data'")
            ) { try $0[0].decode(String.self) } == "e", "chunk bytes are stored uncompressed")

        // A chunk from before migration 7 (no checksum) is read, and checked, by its SHA-256.
        let olderChunks = try await fixture.chunks(of: olderPath)
        try await fixture.execute("UPDATE blob_chunks SET crc32c = NULL WHERE sha256 = ANY(\(olderChunks)::text[])")
        #expect(try await fixture.blobs.data(olderPath) == older)
        // gc --verify gives them their checksum; a dry run (fillChecksums false) does not.
        let unfilled = try await fixture.blobs.verify(rehash: true, fillChecksums: false)
        #expect(unfilled.damaged.isEmpty && unfilled.filled == 0)
        let filled = try await fixture.blobs.verify(rehash: true, fillChecksums: true)
        #expect(filled.damaged.isEmpty && filled.filled == 2, "\(filled)")
        let restored = try await fixture.database.all(
            try await fixture.database.client.query(
                "SELECT sha256, crc32c FROM blob_chunks WHERE sha256 = ANY(\(olderChunks)::text[]) ORDER BY sha256")
        ) { (try $0[0].decode(String.self), try $0[1].decode(Int64?.self)) }
        let stored = Dictionary(uniqueKeysWithValues: written.map { ($0.sha, $0.checksum) })
        #expect(restored.count == 2 && restored.allSatisfy { $0.1 != nil && $0.1 == stored[$0.0] }, "\(restored)")
        try await fixture.execute("UPDATE blob_chunks SET crc32c = NULL WHERE sha256 = ANY(\(olderChunks)::text[])")
        try await fixture.execute(
            "UPDATE blob_chunks SET data = \(ByteBuffer(repeating: 2, count: 10)) WHERE sha256 = \(olderChunks[1])")
        await #expect(throws: BlobDamage.self) { _ = try await fixture.blobs.data(olderPath) }

        // A checksum that does not match the bytes is refused, and gc --verify says which.
        let newerChunks = try await fixture.chunks(of: newerPath)
        try await fixture.execute("UPDATE blob_chunks SET crc32c = crc32c # 1 WHERE sha256 = \(newerChunks[0])")
        await #expect(throws: BlobDamage.self) { _ = try await fixture.blobs.source(newerPath) }
        let found = try await fixture.blobs.verify(rehash: true)
        #expect(found.map(\.path).sorted() == [olderPath, newerPath].sorted())
        #expect(found.first { $0.path == newerPath }?.reason.contains("CRC-32C") == true, "\(found)")
        #expect(found.first { $0.path == olderPath }?.reason.contains("does not hash to its name") == true, "\(found)")
        await fixture.tearDown()
    }

    @Test("a small file read again reads its one chunk alone; removed it is gone, damaged it is refused")
    func keptLayouts() async throws {
        let fixture = try await PostgresBlobFixture()
        let (small, other, big) = (
            PostgresBlobFixture.random(5_000), PostgresBlobFixture.random(7_000), PostgresBlobFixture.random(Self.mib + 1)
        )
        let (smallPath, otherPath, bigPath) = (
            PublishLayout.file(sha256: Digest.sha256Hex(small)), PublishLayout.file(sha256: Digest.sha256Hex(other)),
            PublishLayout.file(sha256: Digest.sha256Hex(big))
        )
        for (data, path) in [(small, smallPath), (other, otherPath), (big, bigPath)] {
            try await fixture.blobs.store(data, at: path)
        }
        try await fixture.blobs.store(small, at: "v1/signatures/not-named-by-its-hash")
        for path in [smallPath, otherPath, bigPath, "v1/signatures/not-named-by-its-hash"] {
            _ = try await fixture.blobs.data(path)
        }
        #expect(fixture.blobs.layouts.layout(of: smallPath)?.chunks.count == 1)
        #expect(fixture.blobs.layouts.layout(of: bigPath) == nil, "a blob of two chunks is looked up whole every time")
        #expect(fixture.blobs.layouts.layout(of: "v1/signatures/not-named-by-its-hash") == nil)
        #expect(fixture.blobs.layouts.count == 2)

        // Read again from the kept layout: the same bytes, ranges too.
        #expect(try await fixture.blobs.data(smallPath) == small)
        let source = try #require(try await fixture.blobs.source(smallPath) as? PostgresBlobSource)
        #expect(source.first != nil && source.chunks.count == 1)

        // Removed (as gc on another instance does): nil, not damage, and the layout is dropped.
        try await fixture.execute("DELETE FROM blob_parts WHERE path = \(smallPath)")
        try await fixture.execute("DELETE FROM blobs WHERE path = \(smallPath)")
        try await fixture.execute("DELETE FROM blob_chunks WHERE sha256 = ANY(\([source.chunks[0]])::text[])")
        #expect(try await fixture.blobs.source(smallPath) == nil)
        #expect(fixture.blobs.layouts.layout(of: smallPath) == nil)

        // Damaged under a kept layout: still checked, still refused.
        let otherChunk = try #require(try await fixture.chunks(of: otherPath).first)
        try await fixture.execute(
            "UPDATE blob_chunks SET data = \(ByteBuffer(repeating: 3, count: 7_000)) WHERE sha256 = \(otherChunk)")
        await #expect(throws: BlobDamage.self) { _ = try await fixture.blobs.source(otherPath) }
        await fixture.tearDown()
    }

    @Test("the server answers 503 for a damaged blob, ranges, ETag and 304 from chunks")
    func serving() async throws {
        let fixture = try await ServerFixture(.postgres)
        let asset = PostgresBlobFixture.random(2 * Self.mib + 500)
        let pack = try fixture.packs.make(sequence: 1, name: "Chunks", extra: ["assets/big.bin": asset])
        let assetPath = PublishLayout.file(sha256: Digest.sha256Hex(asset))
        try await fixture.test { client in
            #expect(try await fixture.upload(client, pack).status == .created)
            #expect(!FileManager.default.fileExists(atPath: fixture.data.appendingPathComponent(assetPath).path))
            let whole = try await client.execute(uri: "/\(assetPath)", method: .get)
            #expect(whole.status == .ok)
            #expect(Data(buffer: whole.body) == asset)
            let etag = try #require(whole.headers[.eTag])
            let range = try await client.execute(
                uri: "/\(assetPath)", method: .get, headers: [.range: "bytes=\(Self.mib - 10)-\(Self.mib + 9)"])
            #expect(range.status == .partialContent)
            #expect(Data(buffer: range.body) == asset[(Self.mib - 10)...(Self.mib + 9)])
            #expect(range.headers[.contentRange] == "bytes \(Self.mib - 10)-\(Self.mib + 9)/\(asset.count)")
            let tail = try await client.execute(uri: "/\(assetPath)", method: .get, headers: [.range: "bytes=-100"])
            #expect(Data(buffer: tail.body) == asset.suffix(100))
            let notModified = try await client.execute(uri: "/\(assetPath)", method: .get, headers: [.ifNoneMatch: etag])
            #expect(notModified.status == .notModified)
            let packBytes = try await client.execute(uri: "/v1/packs/\(pack.sha256).gamepack", method: .get)
            #expect(Data(buffer: packBytes.body) == (try Data(contentsOf: pack.url)))
            // A blob of one chunk is answered from one buffer: whole, and one range of it.
            let signatureURI = "/v1/packs/\(pack.sha256).gamepack.minisig"
            let signature = Data(buffer: try await client.execute(uri: signatureURI, method: .get).body)
            #expect(signature.count > 20)
            let part = try await client.execute(uri: signatureURI, method: .get, headers: [.range: "bytes=5-14"])
            #expect(part.status == .partialContent)
            #expect(Data(buffer: part.body) == signature[5...14])
            #expect(part.headers[.contentLength] == "10")

            let database = fixture.storeFixture.store as! PostgresStore
            try await database.client.query(
                """
                UPDATE blob_chunks SET data = \(ByteBuffer(repeating: 0, count: 4)) WHERE sha256 =
                (SELECT chunk FROM blob_parts WHERE path = \(assetPath) AND position = 0)
                """)
            let damaged = try await client.execute(uri: "/\(assetPath)", method: .get)
            #expect(damaged.status == .serviceUnavailable, "\(damaged.text)")
            #expect(damaged.errorCode == "blob_damaged")
            #expect(try await fixture.server.blobs.verify(rehash: false).map(\.path) == [assetPath])
            // `/ready` names it, and stays ready: the damage is the whole fleet's, one file's.
            await fixture.server.blobWatch.refresh()
            let ready = try await client.execute(uri: "/ready", method: .get)
            #expect(ready.status == .ok, "\(ready.text)")
            #expect(
                ready.text.contains(#"{"advisory":true,"name":"blobs","ok":false,"problem":"1 damaged blob"#), "\(ready.text)")
            #expect(ready.text.contains(assetPath), "\(ready.text)")
        }
        await fixture.tearDown()
    }
}
