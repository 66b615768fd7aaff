import NIOConcurrencyHelpers

/// Where the chunks of a blob are: what `PostgresBlobStore.locate` reads from the blob row and
/// its parts.
struct BlobLayout: Sendable {
    var sha256: String
    var size: Int
    var chunkSize: Int
    var chunks: [String]
}

/// The layouts of small content-addressed blobs read lately, so that the next read of one asks
/// PostgreSQL for its one chunk alone (one index lookup) instead of the blob row, its parts and
/// the chunk (`LocateBlob`, three). The bytes still come from the database on every read; this
/// made `v1/files` reads about a fifth faster (`benchmarks/blob-store.sh`).
///
/// Only a blob of at most one chunk whose path names its own SHA-256 (a file, a small pack) is
/// kept:
/// - the bytes at such a path never change, so a layout can only go stale by the blob's removal.
///   `gc` on another instance may remove the row and its chunk: the chunk read then finds
///   nothing, the layout is dropped and the blob looked up afresh (404, or the damage reported).
///   A chunk that `gc` keeps because another blob shares it still holds the same bytes;
/// - reading its one chunk checks all of it before the answer starts. A blob of several chunks
///   is always looked up whole, so a missing chunk is a 503 before any byte, never a cut-off
///   answer.
///
/// Bounded: past `limit` layouts the whole table is dropped, which costs the next reads one
/// `LocateBlob` each.
struct BlobLayouts: Sendable {
    let limit: Int
    private let table = NIOLockedValueBox<[String: BlobLayout]>([:])

    init(limit: Int = 65_536) { self.limit = limit }

    func layout(of path: String) -> BlobLayout? { table.withLockedValue { $0[path] } }

    var count: Int { table.withLockedValue { $0.count } }

    /// Keeps `layout` for `path` when the blob has at most one chunk and the path names its SHA-256.
    func keep(_ layout: BlobLayout, for path: String) {
        guard layout.chunks.count <= 1, path.contains(layout.sha256) else { return }
        table.withLockedValue { table in
            if table.count >= limit { table.removeAll(keepingCapacity: true) }
            table[path] = layout
        }
    }

    func forget(_ path: String) { table.withLockedValue { _ = $0.removeValue(forKey: path) } }
}
