import Crypto
import Foundation
import GamePackFormat
import NIOCore
import PostgresNIO

extension PostgresBlobStore {
    /// The blobs that cannot be served. Without `rehash` (cheap enough for `/ready`): blobs whose
    /// rows name a chunk that is gone, and damage met while serving. With `rehash` (`gamepack
    /// serve gc --verify`): also every chunk read and hashed again, and each blob's chunk sizes
    /// against its size.
    public func verify(rehash: Bool) async throws -> [BlobDamage] {
        var found: [String: BlobDamage] = damaged.withLockedValue { $0 }
        for try await (path, chunk) in try await client.query(
            """
            SELECT p.path, p.chunk FROM blob_parts p
            WHERE NOT EXISTS (SELECT 1 FROM blob_chunks c WHERE c.sha256 = p.chunk) ORDER BY p.path, p.position
            """, logger: logger
        ).decode((String, String).self) where found[path] == nil {
            found[path] = BlobDamage(path: path, reason: "chunk \(chunk) is missing")
        }
        if rehash {
            var bad: [String: String] = [:]
            for try await (sha, data) in try await client.query("SELECT sha256, data FROM blob_chunks", logger: logger)
                .decode((String, ByteBuffer).self)
            {
                let actual = hex(SHA256.hash(data: data.readableBytesView))
                if actual != sha { bad[sha] = actual }
            }
            for try await (path, chunk) in try await client.query(
                "SELECT path, chunk FROM blob_parts WHERE chunk = ANY(\(Array(bad.keys))::text[]) ORDER BY path, position",
                logger: logger
            ).decode((String, String).self) where found[path] == nil {
                found[path] = BlobDamage(path: path, reason: "chunk \(chunk) does not hash to its name")
            }
            for try await (path, size, total) in try await client.query(
                """
                SELECT b.path, b.size, COALESCE(SUM(c.size), 0)::BIGINT FROM blobs b
                LEFT JOIN blob_parts p ON p.path = b.path LEFT JOIN blob_chunks c ON c.sha256 = p.chunk
                GROUP BY b.path, b.size HAVING b.size <> COALESCE(SUM(c.size), 0)
                """, logger: logger
            ).decode((String, Int64, Int64).self) where found[path] == nil {
                found[path] = BlobDamage(path: path, reason: "its chunks hold \(total) bytes, not \(size)")
            }
        }
        return found.values.sorted { $0.path < $1.path }
    }
}
