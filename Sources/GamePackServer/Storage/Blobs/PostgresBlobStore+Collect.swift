import Foundation
import GamePackFormat
import PostgresNIO

/// What `gamepack serve gc` removed (or, in a dry run, would remove).
public struct BlobCollection: Sendable {
    /// The layout paths of the blobs removed.
    public var blobs: [String] = []
    /// Their bytes.
    public var bytes: Int64 = 0
    /// Chunks no blob uses any more, removed.
    public var chunks = 0
    /// Pack rows removed with their blobs (packs no channel ever pointed at).
    public var packs: [String] = []
    /// Blobs kept because something references them.
    public var referenced = 0
}

extension PostgresBlobStore {
    /// Uploads registered longer ago than this are taken for abandoned (their server died).
    static let abandonedUpload: Double = 3_600

    /// Removes the blobs that no channel pointer, history entry, rollout, compatible-pack entry
    /// or Kinvey player file references and that no upload touched for `retention` seconds,
    /// then the chunks no blob lists any more, and the rows of packs whose blobs went.
    ///
    /// Safe while uploads run: an upload registers itself (`whileUploading`) before it writes,
    /// and everything touched since the oldest registered upload began is kept, whatever the
    /// retention; an upload that reuses a blob or chunk touches it first, and the deletes
    /// re-check `touched`, so a reuse racing the collection keeps what it reuses.
    public func collectGarbage(retention: Double, dryRun: Bool) async throws -> BlobCollection {
        if !dryRun {
            try await client.query(
                "DELETE FROM blob_uploads WHERE started < now() - make_interval(secs => \(Self.abandonedUpload))",
                logger: logger)
        }
        let cutoff =
            try await database.first(
                try await client.query(
                    """
                    SELECT LEAST(now() - make_interval(secs => \(retention)), COALESCE((SELECT MIN(started) FROM blob_uploads), now()))
                    """, logger: logger)
            ) { try $0[0].decode(Date.self) } ?? Date.distantPast
        let kept = try await referencedPaths(since: cutoff)
        var result = BlobCollection()
        var candidates: [String] = []
        for try await (path, _) in try await client.query(
            "SELECT path, size FROM blobs WHERE touched < \(cutoff) ORDER BY path", logger: logger
        ).decode((String, Int64).self) {
            if kept.contains(path) { result.referenced += 1 } else { candidates.append(path) }
        }
        let packs = try await unreferencedPacks(kept: kept, before: cutoff)
        if dryRun {
            result.blobs = candidates
            let removable = Set(candidates)
            result.packs = packs.filter { removable.contains(PublishLayout.pack(sha256: $0)) }
            return result
        }
        let logger = self.logger
        return try await database.transaction { [result] connection in
            var result = result
            for try await (path, size) in try await connection.query(
                "DELETE FROM blobs WHERE path = ANY(\(candidates)::text[]) AND touched < \(cutoff) RETURNING path, size",
                logger: logger
            ).decode((String, Int64).self) {
                result.blobs.append(path)
                result.bytes += size
            }
            try await connection.query("DELETE FROM blob_parts WHERE path = ANY(\(result.blobs)::text[])", logger: logger)
            let gone = Set(result.blobs)
            let removable = packs.filter { gone.contains(PublishLayout.pack(sha256: $0)) }
            for try await sha in try await connection.query(
                """
                DELETE FROM packs WHERE sha256 = ANY(\(removable)::text[])
                AND NOT EXISTS (SELECT 1 FROM channel_entries e WHERE e.pack_sha256 = packs.sha256) RETURNING sha256
                """, logger: logger
            ).decode(String.self) {
                result.packs.append(sha)
            }
            for try await _ in try await connection.query(
                """
                DELETE FROM blob_chunks c WHERE c.touched < \(cutoff)
                AND NOT EXISTS (SELECT 1 FROM blob_parts p WHERE p.chunk = c.sha256) RETURNING c.sha256
                """, logger: logger)
            {
                result.chunks += 1
            }
            result.blobs.sort()
            return result
        }
    }

    /// Every layout path something references: each pack a history entry, rollout or compatible
    /// entry names, or uploaded since `since` (a publisher may be about to point a channel at
    /// it): its bytes, signature, manifest and the manifest's files, with gzip copies; and the
    /// files Kinvey players uploaded. Throws when a referenced pack's manifest cannot be read:
    /// without it, its files cannot be told apart from garbage.
    func referencedPaths(since: Date) async throws -> Set<String> {
        var packs: Set<String> = []
        for try await sha in try await client.query(
            "SELECT sha256 FROM packs WHERE uploaded >= \(ChannelPointer.formatTime(since))", logger: logger
        ).decode(String.self) {
            packs.insert(sha)
        }
        for try await (sha, pointer) in try await client.query(
            "SELECT pack_sha256, pointer FROM channel_entries", logger: logger
        ).decode((String, String).self) {
            packs.insert(sha)
            guard let decoded = try? ChannelPointer.decode(Data(pointer.utf8)) else { continue }
            packs.insert(decoded.pack)
            if let rollout = decoded.rollout { packs.insert(rollout.pack.pack) }
            for entry in decoded.compatible ?? [] { packs.insert(entry.pack) }
        }
        var paths: Set<String> = []
        for sha in packs {
            paths.formUnion([
                PublishLayout.pack(sha256: sha), PublishLayout.packSignature(sha256: sha),
                PublishLayout.manifest(packSHA256: sha),
            ])
            guard let row = try await database.pack(sha256: sha) else { continue }
            paths.insert(BlobStores.gzipPath(sha256: row.manifestSHA256))
            guard let data = try await data(PublishLayout.manifest(packSHA256: sha)) else {
                throw BlobDamage(
                    path: PublishLayout.manifest(packSHA256: sha), reason: "the manifest of a referenced pack is missing")
            }
            for file in try PackManifest.decode(data).files {
                paths.formUnion([PublishLayout.file(sha256: file.sha256), BlobStores.gzipPath(sha256: file.sha256)])
            }
        }
        for try await sha in try await client.query("SELECT sha256 FROM kinvey_files", logger: logger).decode(String.self) {
            paths.formUnion([PublishLayout.file(sha256: sha), BlobStores.gzipPath(sha256: sha)])
        }
        return paths
    }

    /// Packs no history entry names whose rows are older than `before`, and not in `kept`.
    func unreferencedPacks(kept: Set<String>, before: Date) async throws -> [String] {
        var packs: [String] = []
        for try await sha in try await client.query(
            """
            SELECT sha256 FROM packs p WHERE uploaded < \(ChannelPointer.formatTime(before))
            AND NOT EXISTS (SELECT 1 FROM channel_entries e WHERE e.pack_sha256 = p.sha256)
            """, logger: logger
        ).decode(String.self) where !kept.contains(PublishLayout.pack(sha256: sha)) {
            packs.append(sha)
        }
        return packs
    }
}
