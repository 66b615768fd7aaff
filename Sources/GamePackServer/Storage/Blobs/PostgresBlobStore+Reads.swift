import Crypto
import Foundation
import GamePackFormat
import Hummingbird
import Logging
import NIOCore
import PostgresNIO

extension PostgresBlobStore {
    /// The blob at `path`: from the cache when it holds it, else from PostgreSQL (then into the
    /// cache, when there is one). Checks before answering that every chunk is there and that the
    /// first one is whole (`check`), so such damage is a 503, never a partial answer.
    public func source(_ path: String) async throws -> (any BlobSource)? {
        if let damage = damaged.withLockedValue({ $0[path] }) { throw damage }
        if let cached = cache?.source(path) { return cached }
        var found = try await reopen(path)
        if found == nil { found = try await locate(path) }
        guard let blob = found else { return nil }
        if let cache, Int64(blob.size) <= cache.limit / 4 {
            do {
                if let cached = try await cache.fill(path, sha256: blob.sha256, write: { try await blob.write(to: $0) }) {
                    return cached
                }
            } catch let damage as BlobDamage {
                remember(damage)
                throw damage
            } catch {
                logger.warning("cannot fill the blob cache", metadata: ["blob": "\(path)", "error": "\(error)"])
            }
        }
        return blob
    }

    /// The blob at `path` from its kept layout (`BlobLayouts`) and its one chunk, read alone; nil
    /// when no layout is kept or the chunk is gone (then `locate` looks again).
    func reopen(_ path: String) async throws -> PostgresBlobSource? {
        guard let layout = layouts.layout(of: path) else { return nil }
        var blob = PostgresBlobSource(
            store: self, path: path, sha256: layout.sha256, size: layout.size, chunkSize: layout.chunkSize,
            chunks: layout.chunks, first: nil)
        guard let chunk = layout.chunks.first else { return blob }
        guard let (bytes, checksum) = try await chunkRow(chunk) else {
            layouts.forget(path)
            return nil
        }
        blob.first = try check(bytes, chunk, checksum, path)
        return blob
    }

    /// The blob row, its chunks in order and the first chunk's bytes (checked); keeps the layout
    /// of a blob found whole (`BlobLayouts`).
    func locate(_ path: String) async throws -> PostgresBlobSource? {
        let blob = try await lookUp(path)
        if let blob {
            layouts.keep(
                BlobLayout(sha256: blob.sha256, size: blob.size, chunkSize: blob.chunkSize, chunks: blob.chunks), for: path)
        }
        return blob
    }

    /// The blob row, its chunks in order and the first chunk's bytes (checked), from the database.
    func lookUp(_ path: String) async throws -> PostgresBlobSource? {
        var blob: PostgresBlobSource?
        for (sha256, size, chunkSize, chunk, chunkBytes, first, checksum) in try await client.execute(
            LocateBlob(key: path), logger: logger)
        {
            if blob == nil {
                blob = PostgresBlobSource(
                    store: self, path: path, sha256: sha256, size: size, chunkSize: chunkSize, chunks: [], first: nil)
            }
            guard let chunk else { continue }
            guard chunkBytes != nil else {
                let damage = BlobDamage(path: path, reason: "chunk \(blob!.chunks.count) (\(chunk)) is missing")
                remember(damage)
                throw damage
            }
            blob!.chunks.append(chunk)
            if let first { blob!.first = try check(first, chunk, checksum, path) }
        }
        return blob
    }

    /// `bytes` when they are the chunk's, else throws (and remembers) the damage: their CRC-32C
    /// against `checksum`, the one written with them (`ChunkChecksum`), or, for a chunk written
    /// before that column existed, their SHA-256 against its name `chunk`.
    func check(_ bytes: ByteBuffer, _ chunk: String, _ checksum: Int64?, _ path: String) throws -> ByteBuffer {
        let problem: String? =
            if let checksum {
                ChunkChecksum.of(bytes) == checksum ? nil : "does not match its CRC-32C"
            } else {
                hex(SHA256.hash(data: bytes.readableBytesView)) == chunk ? nil : "does not hash to its name"
            }
        if let problem {
            let damage = BlobDamage(path: path, reason: "chunk \(chunk) \(problem)")
            remember(damage)
            throw damage
        }
        return bytes
    }

    /// The bytes of one chunk of `path`, checked.
    func chunk(_ sha256: String, of path: String) async throws -> ByteBuffer {
        guard let (bytes, checksum) = try await chunkRow(sha256) else {
            let damage = BlobDamage(path: path, reason: "chunk \(sha256) is missing")
            remember(damage)
            throw damage
        }
        return try check(bytes, sha256, checksum, path)
    }

    /// One chunk's bytes and CRC-32C as stored (unchecked), or nil when there is no such chunk.
    func chunkRow(_ sha256: String) async throws -> (ByteBuffer, Int64?)? {
        var found: (ByteBuffer, Int64?)?
        for row in try await client.execute(ChunkData(key: sha256), logger: logger) { found = row }
        return found
    }

    func remember(_ damage: BlobDamage) {
        logger.error("damaged blob", metadata: ["blob": "\(damage.path)", "reason": "\(damage.reason)"])
        damaged.withLockedValue { $0[damage.path] = damage }
    }
}

/// A blob in PostgreSQL chunks, streamed chunk by chunk with the next one fetched while the
/// current one is sent.
struct PostgresBlobSource: BlobSource {
    let store: PostgresBlobStore
    let path: String
    let sha256: String
    let size: Int
    let chunkSize: Int
    var chunks: [String]
    /// The first chunk, fetched (and checked) with the blob row.
    var first: ByteBuffer?

    func body(range: ClosedRange<Int>?, context: some RequestContext) async throws -> ResponseBody {
        guard size > 0 else { return ResponseBody() }
        let range = range ?? 0...(size - 1)
        // A blob of one chunk (most files) is at hand whole: one buffer, no streaming task.
        if chunks.count == 1, let first, range.upperBound < first.readableBytes,
            let slice = first.getSlice(at: first.readerIndex + range.lowerBound, length: range.count)
        {
            return ResponseBody(byteBuffer: slice)
        }
        let blob = self
        return ResponseBody(contentLength: range.count) { writer in
            try await blob.stream(range) { try await writer.write($0) }
            try await writer.finish(nil)
        }
    }

    /// Chunks fetched ahead of the one being sent.
    static let readAhead = 2

    /// Hands the bytes of `range` to `sink`, one chunk (or part of one) at a time, with the next
    /// `readAhead` chunks on their way meanwhile. The first chunk, fetched with the blob row,
    /// needs no task: a blob of one chunk (most files) is sent without one.
    func stream(_ range: ClosedRange<Int>, to sink: (ByteBuffer) async throws -> Void) async throws {
        let firstIndex = range.lowerBound / chunkSize
        let lastIndex = min(range.upperBound / chunkSize, chunks.count - 1)
        var pending: [(task: Task<ByteBuffer, any Error>, read: Int)] = []
        var fetched = firstIndex
        let reads = store.database.readsInFlight
        defer {
            for fetch in pending {
                fetch.task.cancel()
                reads.finished(fetch.read)
            }
        }
        for index in firstIndex...max(lastIndex, firstIndex) {
            while fetched <= lastIndex, fetched <= index + Self.readAhead {
                if fetched != 0 || first == nil {
                    // Registered while it runs: a probe that finds the database gone cancels
                    // it, and this response ends instead of waiting in silence.
                    let task = fetch(fetched)
                    pending.append((task, reads.started { task.cancel() }))
                }
                fetched += 1
            }
            let bytes: ByteBuffer
            if index == 0, let first {
                bytes = first
            } else {
                guard !pending.isEmpty else { break }
                // The fetch is a task of its own, which this one's cancellation (a server
                // stopping, a client gone) does not reach by itself: passed on, it closes the
                // fetch's connection, so a database that stopped answering cannot hold the
                // response open (`PostgresPool.withConnection`).
                let next = pending.removeFirst()
                defer { reads.finished(next.read) }
                bytes = try await withTaskCancellationHandler {
                    try await next.task.value
                } onCancel: {
                    next.task.cancel()
                }
            }
            let start = index * chunkSize
            let from = max(range.lowerBound - start, 0)
            let to = min(range.upperBound - start + 1, bytes.readableBytes)
            guard from < to, let slice = bytes.getSlice(at: bytes.readerIndex + from, length: to - from) else {
                let damage = BlobDamage(path: path, reason: "chunk \(index) is shorter than the blob row says")
                store.remember(damage)
                throw damage
            }
            try await sink(slice)
        }
    }

    /// Fetches chunk `index` in a task of its own, so the next chunk arrives while this one is sent.
    func fetch(_ index: Int) -> Task<ByteBuffer, any Error> {
        let (store, sha, path) = (self.store, chunks[index], self.path)
        return Task { try await store.chunk(sha, of: path) }
    }

    /// Writes every byte to `handle` (for the cache).
    func write(to handle: FileHandle) async throws {
        guard size > 0 else { return }
        try await stream(0...(size - 1)) { buffer in try handle.write(contentsOf: buffer.readableBytesView) }
    }

    func data() async throws -> Data {
        var data = Data(capacity: size)
        if size > 0 { try await stream(0...(size - 1)) { data.append(contentsOf: $0.readableBytesView) } }
        guard Digest.sha256Hex(data) == sha256 else {
            let damage = BlobDamage(path: path, reason: "the bytes do not hash to the blob's SHA-256")
            store.remember(damage)
            throw damage
        }
        return data
    }
}

/// A prepared statement whose one parameter is a text (`$1`) and whose row decodes whole.
protocol TextKeyedStatement: PostgresPreparedStatement {
    /// The value bound to `$1`.
    var key: String { get }
}

extension TextKeyedStatement {
    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(key)
        return bindings
    }
}

/// A blob's row, its chunks in position order (each with its size, nil when the chunk is
/// missing) and the first chunk's bytes and CRC-32C: one prepared statement, as every read
/// starts with it. Each chunk is looked up by its key (`OFFSET 0` keeps the planner from turning
/// the lookups into a join, which on tables it has no statistics for yet is a scan of every chunk).
struct LocateBlob: TextKeyedStatement {
    typealias Row = (String, Int, Int, String?, Int?, ByteBuffer?, Int64?)
    static let sql = """
        SELECT b.sha256, b.size, b.chunk_size, p.chunk, c.size, c.data, c.crc32c
        FROM blobs b LEFT JOIN blob_parts p ON p.path = b.path
        LEFT JOIN LATERAL (
            SELECT size, CASE WHEN p.position = 0 THEN data END AS data, CASE WHEN p.position = 0 THEN crc32c END AS crc32c
            FROM blob_chunks WHERE sha256 = p.chunk OFFSET 0
        ) c ON true
        WHERE b.path = $1 ORDER BY p.position
        """
    /// The blob's layout path.
    var key: String

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// One chunk's bytes and CRC-32C.
struct ChunkData: TextKeyedStatement {
    typealias Row = (ByteBuffer, Int64?)
    static let sql = "SELECT data, crc32c FROM blob_chunks WHERE sha256 = $1"
    /// The chunk's SHA-256.
    var key: String

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}
