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
