import Crypto
import Foundation
import GamePackFormat
import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresNIO

/// Blobs in PostgreSQL, in chunks (`PostgresBlobSchema`): the store of every server whose
/// metadata is in PostgreSQL, so a fleet shares nothing but the database. Uploads still arrive
/// in local temporary files (`tmp/` of the data folder); `commit` streams such a file into
/// chunks, never holding more than one chunk in memory, and writes the blob row last.
///
/// Reads stream chunk by chunk, checking each chunk as it arrives against the CRC-32C written
/// with it (`ChunkChecksum`; SHA-256 for chunks older than that column); an optional local
/// `BlobCache` keeps copies of blobs read, bounded in size.
public final class PostgresBlobStore: BlobStore {
    /// The metadata store whose connection pool this store shares.
    let database: PostgresStore
    var client: PostgresPool { database.client }
    var logger: Logger { database.logger }
    /// The local folder for temporary files.
    let local: FolderBlobStore
    /// The read-through cache, if any.
    let cache: BlobCache?
    /// Blobs found damaged while being streamed: refused at once from then on, and reported by `verify`.
    let damaged = NIOLockedValueBox<[String: BlobDamage]>([:])
    /// The layouts of content-addressed blobs read lately (`BlobLayouts`).
    let layouts = BlobLayouts()

    /// 1 MiB: a round trip per MiB costs little next to sending it, at most two chunks per
    /// response sit in memory (the one being sent and the next, fetched meanwhile), a 100 MB
    /// pack is 100 rows, and a file edited between two versions of a pack still shares most of
    /// the pack's other chunks.
    public static let chunkSize = 1 << 20

    public var kind: String { "postgres" }

    /// A store over `store`'s connection pool; temporary files go to `temporaryRoot/tmp`.
    public init(store: PostgresStore, temporaryRoot: URL, cache: BlobCache? = nil) {
        database = store
        local = FolderBlobStore(root: temporaryRoot)
        self.cache = cache
    }

    public func prepare() throws {
        try FileManager.default.createDirectory(
            at: local.root.appendingPathComponent("tmp"), withIntermediateDirectories: true)
        local.removeAbandonedTemporaries()
        try cache?.prepare()
    }

    public func temporaryURL(_ label: String) -> URL { local.temporaryURL(label) }

    public func exists(_ path: String) async throws -> Bool {
        // Touching it keeps a concurrent gc from removing the blob this upload now relies on.
        try await database.first(
            try await client.query("UPDATE blobs SET touched = now() WHERE path = \(path) RETURNING 1", logger: logger)
        ) { _ in true } ?? false
    }

    public func commit(_ temporary: URL, to path: String) async throws {
        defer { unlink(temporary.path) }
        guard !(try await exists(path)) else { return }
        try await storeFile(temporary, at: path)
    }

    /// Streams the file at `url` into chunks and writes the blob row, unless the bytes do not hash
    /// to `expected` (then throws `BlobDamage` and writes no row).
    func storeFile(_ url: URL, at path: String, expected: String? = nil) async throws {
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw ServerError.storage(POSIXError(.ENOENT), writing: path)
        }
        defer { try? handle.close() }
        var chunks: [String] = []
        var whole = SHA256()
        var size = 0
        while true {
            let piece: Data
            do {
                piece = try handle.read(upToCount: Self.chunkSize) ?? Data()
            } catch {
                throw ServerError.storage(error, writing: path)
            }
            if piece.isEmpty { break }
            whole.update(data: piece)
            size += piece.count
            chunks.append(try await writeChunk(piece))
        }
        let sha256 = hex(whole.finalize())
        if let expected, sha256 != expected {
            throw BlobDamage(path: path, reason: "its SHA-256 is \(sha256), not \(expected)")
        }
        try await writeBlob(path: path, sha256: sha256, size: size, chunks: chunks)
    }

    public func store(_ data: Data, at path: String, name: String?) async throws {
        guard !(try await exists(path)) else { return }
        var chunks: [String] = []
        var offset = 0
        while offset < data.count {
            let end = min(offset + Self.chunkSize, data.count)
            chunks.append(try await writeChunk(data.subdata(in: offset..<end)))
            offset = end
        }
        try await writeBlob(path: path, sha256: Digest.sha256Hex(data), size: data.count, chunks: chunks)
    }

    public func whileUploading<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        let id = UUID().uuidString
        try await client.query("INSERT INTO blob_uploads (id, started) VALUES (\(id), now())", logger: logger)
        do {
            let result = try await body()
            _ = try? await client.query("DELETE FROM blob_uploads WHERE id = \(id)", logger: logger)
            return result
        } catch {
            _ = try? await client.query("DELETE FROM blob_uploads WHERE id = \(id)", logger: logger)
            throw error
        }
    }

    /// Stores one chunk unless it is there (then marks it as just used); returns its SHA-256.
    func writeChunk(_ piece: Data) async throws -> String {
        let sha = Digest.sha256Hex(piece)
        let reused = try await database.first(
            try await client.query(
                "UPDATE blob_chunks SET touched = now() WHERE sha256 = \(sha) RETURNING 1", logger: logger)
        ) { _ in true }
        if reused == nil {
            let bytes = ByteBuffer(data: piece)
            let checksum = ChunkChecksum.of(piece)
            try await client.query(
                """
                INSERT INTO blob_chunks (sha256, size, data, touched, crc32c)
                VALUES (\(sha), \(piece.count), \(bytes), now(), \(checksum))
                ON CONFLICT (sha256) DO UPDATE SET touched = now()
                """, logger: logger)
        }
        return sha
    }

    /// The blob row and its parts, in one transaction, once every chunk is in.
    func writeBlob(path: String, sha256: String, size: Int, chunks: [String]) async throws {
        let logger = self.logger
        try await database.transaction { connection in
            let inserted = try await connection.query(
                """
                INSERT INTO blobs (path, sha256, size, chunk_size, created, touched)
                VALUES (\(path), \(sha256), \(size), \(Self.chunkSize), now(), now())
                ON CONFLICT (path) DO NOTHING RETURNING path
                """, logger: logger)
            var new = false
            for try await _ in inserted { new = true }
            guard new, !chunks.isEmpty else { return }
            try await connection.query(
                """
                INSERT INTO blob_parts (path, position, chunk)
                SELECT \(path), t.position - 1, t.chunk FROM unnest(\(chunks)::text[]) WITH ORDINALITY AS t(chunk, position)
                """, logger: logger)
        }
        damaged.withLockedValue { _ = $0.removeValue(forKey: path) }
    }
}
