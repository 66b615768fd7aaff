import Crypto
import Foundation

/// SHA-256, MD5 and CRC-32 of byte streams, computed together in one pass.
public struct Digest: Sendable {
    private var sha: SHA256?
    private var md5: Insecure.MD5?
    private let crc: Bool
    /// zlib CRC-32 of the bytes (what a ZIP entry header records); 0 when not computed.
    public private(set) var crc32: UInt32 = 0
    /// Bytes hashed so far.
    public private(set) var byteCount: Int64 = 0

    /// - Parameters: which hashes to compute (verification needs only SHA-256; the gohike
    ///   version only MD5).
    public init(sha256: Bool = true, md5: Bool = true, crc32: Bool = true) {
        self.sha = sha256 ? SHA256() : nil
        self.md5 = md5 ? Insecure.MD5() : nil
        self.crc = crc32
    }

    /// Whether SHA-256 is computed.
    public var computesSHA256: Bool { sha != nil }
    /// Whether MD5 is computed.
    public var computesMD5: Bool { md5 != nil }
    /// Whether CRC-32 is computed.
    public var computesCRC32: Bool { crc }

    /// Adds bytes.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        sha?.update(bufferPointer: bytes)
        md5?.update(bufferPointer: bytes)
        if crc { crc32 = ZipWriter.crc32(bytes, seed: crc32) }
        byteCount += Int64(bytes.count)
    }

    /// Adds bytes.
    public mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// Lowercase hex SHA-256 and MD5 of everything added ("" for one not computed).
    public func finalize() -> (sha256: String, md5: String) {
        (sha.map { hex($0.finalize()) } ?? "", md5.map { hex($0.finalize()) } ?? "")
    }

    /// Hashes a file in 1 MiB chunks, never holding it whole.
    public static func file(at url: URL) throws -> (sha256: String, md5: String, size: Int64, crc32: UInt32) {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var digest = Digest()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            digest.update(chunk)
        }
        let (sha, md5) = digest.finalize()
        return (sha, md5, digest.byteCount, digest.crc32)
    }

    /// Hashes a file like `file(at:)`, each hash on its own core: the file is read in 8 MiB
    /// chunks and the three hashes of a chunk run concurrently (MD5 alone, the slowest, sets
    /// the pace; SHA-256 and CRC-32 share the other core).
    public static func fileConcurrently(at url: URL) throws -> (sha256: String, md5: String, size: Int64, crc32: UInt32) {
        /// One hash, touched by one thread at a time.
        final class Part: @unchecked Sendable {
            var digest: Digest
            init(_ digest: Digest) { self.digest = digest }
        }
        /// A chunk of the buffer, read (never written) by the hashing threads.
        struct Chunk: @unchecked Sendable { let bytes: UnsafeRawBufferPointer }
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw PackError.io(url.path, "cannot read (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        let parts = [
            Part(Digest(sha256: true, md5: false, crc32: false)), Part(Digest(sha256: false, md5: true, crc32: false)),
            Part(Digest(sha256: false, md5: false, crc32: true)),
        ]
        let chunkSize = 8 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 64)
        defer { buffer.deallocate() }
        var size: Int64 = 0
        while true {
            let filled: Int
            do {
                filled = try Interruptible.readFully(fd, into: buffer)
            } catch {
                throw PackError.io(url.path, "cannot read (\(error))")
            }
            if filled == 0 { break }
            let chunk = Chunk(bytes: UnsafeRawBufferPointer(rebasing: buffer[0..<filled]))
            DispatchQueue.concurrentPerform(iterations: parts.count) { parts[$0].digest.update(chunk.bytes) }
            size += Int64(filled)
            if filled < chunkSize { break }
        }
        return (parts[0].digest.finalize().sha256, parts[1].digest.finalize().md5, size, parts[2].digest.crc32)
    }

    /// Lowercase hex MD5 of `data`.
    public static func md5Hex(_ data: Data) -> String { hex(Insecure.MD5.hash(data: data)) }

    /// Lowercase hex SHA-256 of `data`.
    public static func sha256Hex(_ data: Data) -> String { hex(SHA256.hash(data: data)) }
}

/// Lowercase hex of a digest or byte sequence.
public func hex<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
    let digits = Array("0123456789abcdef".utf8)
    var out = [UInt8]()
    for byte in bytes {
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
}
