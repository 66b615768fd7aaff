import CCRC32C
import Foundation
import NIOCore

/// The CRC-32C of a chunk's bytes, written beside them (`blob_chunks.crc32c`) and checked on
/// every read instead of the chunk's SHA-256: the processor's CRC32C instructions check a
/// 100 MB pack in about 5 ms (`benchmarks/crc32c-speed.sh`), SHA-256 in about 65 ms, on the
/// path of every pack download.
///
/// The checksum catches what goes wrong by accident between the write and a read (a damaged
/// page, a truncated or swapped value, a chunk row edited by hand) as SHA-256 would, with a
/// chance of missing it of 2⁻³²; it is no defence against someone who can rewrite rows and
/// recomputes it. The SHA-256 that names each chunk stays the standard: `gamepack serve gc
/// --verify` rehashes every chunk with it (and compares the checksums too), and chunks written
/// before the column existed are still checked with SHA-256 on every read.
enum ChunkChecksum {
    /// The CRC-32C of `buffer`'s readable bytes.
    static func of(_ buffer: ByteBuffer) -> Int64 { buffer.withUnsafeReadableBytes(of) }

    /// The CRC-32C of `data`.
    static func of(_ data: Data) -> Int64 { data.withUnsafeBytes(of) }

    private static func of(_ bytes: UnsafeRawBufferPointer) -> Int64 {
        Int64(gamepack_crc32c(0, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count))
    }
}
