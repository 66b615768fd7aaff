import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

@testable import GamePackServer

/// Issue 33: the local read-through cache of a PostgreSQL blob store.
@Suite("Blob cache: read-through, deletable, bounded", .serialized, .tags(.postgres), .requires(.postgres))
struct BlobCacheTests {
    static func files(_ cache: BlobCache) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: cache.directory.path)) ?? [])
    }

    @Test("a read fills the cache, a deleted cache folder keeps serving, and the bound evicts the least recently used")
    func cache() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gamepack-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = BlobCache(directory: directory, limit: 2 << 20)
        let fixture = try await PostgresBlobFixture(cache: cache)
        let blobs = (0..<5).map { _ in PostgresBlobFixture.random(512 << 10) }
        let paths = blobs.map { PublishLayout.file(sha256: Digest.sha256Hex($0)) }
        for (data, path) in zip(blobs, paths) { try await fixture.blobs.store(data, at: path) }
        #expect(Self.files(cache).isEmpty, "storing does not fill the cache")

        #expect(try await fixture.blobs.data(paths[0]) == blobs[0])
        #expect(Self.files(cache) == [BlobCache.name(paths[0])], "a read fills it")
        // Served from the copy: the database's chunk may go, the copy answers.
        let copy = directory.appendingPathComponent(BlobCache.name(paths[0]))
        #expect(try Data(contentsOf: copy) == blobs[0])

        try FileManager.default.removeItem(at: directory)
        #expect(try await fixture.blobs.data(paths[0]) == blobs[0], "a deleted cache folder loses nothing")
        #expect(Self.files(cache) == [BlobCache.name(paths[0])], "and is filled again")

        for index in 1...3 { _ = try await fixture.blobs.data(paths[index]) }
        _ = try await fixture.blobs.data(paths[0])
        _ = try await fixture.blobs.data(paths[4])
        #expect(cache.bytes <= cache.limit)
        #expect(
            Self.files(cache) == Set([0, 2, 3, 4].map { BlobCache.name(paths[$0]) }),
            "the least recently used copy (1) went; 0 was read again")
        await fixture.tearDown()
    }
}
