import Crypto
import Foundation
import GamePackFormat
import NIOCore
import PostgresNIO

extension PostgresBlobStore {
    /// The blobs that cannot be served. Without `rehash` (cheap enough for `/ready`): blobs whose
    /// rows name a chunk that is gone, and damage met while serving. With `rehash` (`gamepack
    /// serve gc --verify`): also every chunk read and hashed again with SHA-256 (reads check only
    /// its CRC-32C, `ChunkChecksum`), its CRC-32C compared too, and each blob's chunk sizes
    /// against its size.
    public func verify(rehash: Bool) async throws -> [BlobDamage] {
        try await verify(rehash: rehash, fillChecksums: false).damaged
    }

    /// `verify(rehash:)`; with `fillChecksums` (and `rehash`), chunks stored before reads checked
    /// CRC-32C (migration 7), whose bytes hash to their name, are given their checksum, so that
    /// reads check them by it rather than by a SHA-256 of every chunk. Returns how many.
    public func verify(rehash: Bool, fillChecksums: Bool) async throws -> (damaged: [BlobDamage], filled: Int) {
        var found: [String: BlobDamage] = damaged.withLockedValue { $0 }
        var filled = 0
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
            var unchecked: [(sha: String, checksum: Int64)] = []
            // Streamed: every chunk's bytes pass through once, never all at once.
            try await client.withRows("SELECT sha256, data, crc32c FROM blob_chunks", logger: logger) { rows in
                for try await (sha, data, checksum) in rows.decode((String, ByteBuffer, Int64?).self) {
                    if hex(SHA256.hash(data: data.readableBytesView)) != sha {
                        bad[sha] = "does not hash to its name"
                    } else if let checksum, ChunkChecksum.of(data) != checksum {
                        bad[sha] = "does not match its CRC-32C"
                    } else if checksum == nil {
                        unchecked.append((sha, ChunkChecksum.of(data)))
                    }
                }
            }
            if fillChecksums && !unchecked.isEmpty {
                // Only where still empty: a chunk stored again meanwhile has its own already.
                filled = try await database.all(
                    try await client.query(
                        """
                        UPDATE blob_chunks SET crc32c = t.checksum
                        FROM unnest(\(unchecked.map(\.sha))::text[], \(unchecked.map(\.checksum))::bigint[]) AS t(sha, checksum)
                        WHERE blob_chunks.sha256 = t.sha AND blob_chunks.crc32c IS NULL RETURNING 1
                        """, logger: logger)
                ) { _ in true }.count
            }
            for try await (path, chunk) in try await client.query(
                "SELECT path, chunk FROM blob_parts WHERE chunk = ANY(\(Array(bad.keys))::text[]) ORDER BY path, position",
                logger: logger
            ).decode((String, String).self) where found[path] == nil {
                found[path] = BlobDamage(path: path, reason: "chunk \(chunk) \(bad[chunk] ?? "is damaged")")
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
        return (found.values.sorted { $0.path < $1.path }, filled)
    }
}
