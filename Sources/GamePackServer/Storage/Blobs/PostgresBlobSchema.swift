/// The tables of `PostgresBlobStore` (migration 6, and 7 for `checksums` and `uncompressed`).
/// SQLite creates them too (the migrations are shared) and leaves them empty: its blobs stay in
/// the data folder.
///
/// - `blob_chunks`: pieces of at most `PostgresBlobStore.chunkSize` bytes, keyed by their own
///   SHA-256, so a piece two blobs share (the same file in two versions) is stored once.
///   `touched` is renewed whenever an upload writes or reuses the chunk; `gc` never removes a
///   chunk touched after its cut-off.
/// - `blobs`: one row per layout path, written in one transaction with its `blob_parts` (the
///   chunks in order) only after every chunk is in, so a half upload is never visible.
/// - `blob_uploads`: uploads in progress; `gc` keeps everything touched since the oldest began.
enum PostgresBlobSchema {
    static let statements = [
        """
        CREATE TABLE blob_chunks (
            sha256 TEXT PRIMARY KEY,
            size BIGINT NOT NULL,
            data BYTEA NOT NULL,
            touched TIMESTAMPTZ NOT NULL
        )
        """,
        """
        CREATE TABLE blobs (
            path TEXT PRIMARY KEY,
            sha256 TEXT NOT NULL,
            size BIGINT NOT NULL,
            chunk_size BIGINT NOT NULL,
            created TIMESTAMPTZ NOT NULL,
            touched TIMESTAMPTZ NOT NULL
        )
        """,
        """
        CREATE TABLE blob_parts (
            path TEXT NOT NULL,
            position BIGINT NOT NULL,
            chunk TEXT NOT NULL,
            PRIMARY KEY (path, position)
        )
        """,
        "CREATE INDEX blob_parts_chunk ON blob_parts (chunk)",
        """
        CREATE TABLE blob_uploads (
            id TEXT PRIMARY KEY,
            started TIMESTAMPTZ NOT NULL
        )
        """,
    ]

    /// `blob_chunks.crc32c`: the CRC-32C of the chunk's bytes (`ChunkChecksum`), which reads
    /// check; NULL for a chunk written before migration 7, which reads check with its SHA-256.
    static let checksums = ["ALTER TABLE blob_chunks ADD COLUMN crc32c BIGINT"]

    /// PostgreSQL only: the chunk bytes stored out of line without compression (`EXTERNAL`).
    /// Pack chunks are mostly compressed already, and decompressing the rest (a content file's
    /// JSON) cost every read of it more than the space saved; chunks written before migration 7
    /// keep the storage they were written with.
    static let uncompressed = ["ALTER TABLE blob_chunks ALTER COLUMN data SET STORAGE EXTERNAL"]
}
