import Foundation
import GamePackFormat

/// A buffered output file that hashes what is written (SHA-256, MD5 and CRC-32, or fewer) on
/// another core: full buffers go to a serial queue, at most `inFlight` at a time, so hashing
/// overlaps encoding. (One queue per hash was tried: with the canonical target's collection
/// files written in parallel it made emitting 0.1 s -> 0.96 s on the benchmark project; the
/// gohike target hashes only MD5 here and its finished file on several cores instead.)
final class OutputFile {
    /// A digest touched only on its queue, and read after the queue has drained.
    private final class Hashing: @unchecked Sendable {
        var digest: Digest
        let queue: DispatchQueue
        init(_ digest: Digest, label: String) {
            self.digest = digest
            queue = DispatchQueue(label: "gamepack.output.\(label)")
        }
    }

    let url: URL
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var size: Int64 = 0
    /// One per hash asked for; nil when none is.
    private let hashing: [Hashing]?
    private let inFlight = DispatchSemaphore(value: 4)
    static let bufferSize = 1 << 20

    /// Creates the file at `url`; `digest` says which hashes `close` reports (nil: none).
    init(url: URL, digest: Digest? = Digest()) throws {
        self.url = url
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw GamePackError.io(path: url.path, reason: "cannot create the file")
        }
        handle = try FileHandle(forWritingTo: url)
        hashing = digest.map { digest in
            var parts: [Hashing] = []
            if digest.computesSHA256 { parts.append(Hashing(Digest(sha256: true, md5: false, crc32: false), label: "sha256")) }
            if digest.computesMD5 { parts.append(Hashing(Digest(sha256: false, md5: true, crc32: false), label: "md5")) }
            if digest.computesCRC32 { parts.append(Hashing(Digest(sha256: false, md5: false, crc32: true), label: "crc32")) }
            return parts
        }
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit { for part in hashing ?? [] { part.queue.sync {} } }

    /// Writes `bytes` to the file without hashing them or counting them in the size `close`
    /// reports (a placeholder the caller overwrites once the hashed part is known).
    func writeUnhashed(_ bytes: [UInt8]) throws {
        try flush()
        try handle.write(contentsOf: bytes)
    }

    func write(_ bytes: some Sequence<UInt8>) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferSize { try flush() }
    }

    func write(_ string: String) throws {
        try write(string.utf8)
    }

    func flush() throws {
        guard !buffer.isEmpty else { return }
        let chunk = buffer
        size += Int64(chunk.count)
        buffer = []
        buffer.reserveCapacity(Self.bufferSize)
        if let hashing, !hashing.isEmpty {
            inFlight.wait()
            let inFlight = self.inFlight
            hashing[0].queue.async {
                for part in hashing { chunk.withUnsafeBytes { part.digest.update($0) } }
                inFlight.signal()
            }
        }
        try handle.write(contentsOf: chunk)
    }

    /// Flushes and closes; returns the size and hashes of everything written ("" and 0 for the
    /// hashes not asked for).
    func close() throws -> (size: Int64, sha256: String, md5: String, crc32: UInt32) {
        try flush()
        try handle.close()
        guard let hashing else { return (size, "", "", 0) }
        var (sha, md5, crc) = ("", "", UInt32(0))
        for part in hashing {
            part.queue.sync {
                let (partSHA, partMD5) = part.digest.finalize()
                if part.digest.computesSHA256 { sha = partSHA }
                if part.digest.computesMD5 { md5 = partMD5 }
                if part.digest.computesCRC32 { crc = part.digest.crc32 }
            }
        }
        return (size, sha, md5, crc)
    }
}

extension OutputFile {
    /// Writes `value` as a JSON string literal, escaped as Python's `json.dumps(...,
    /// ensure_ascii=False)` does (see `JSONWriter`): quote and backslash with a backslash, the
    /// short forms of newline, return, tab, backspace and form feed, other control characters
    /// as `\u00XX`; everything else as its UTF-8.
    func writeEscaped(_ value: String) throws {
        var text = value
        let hexDigits: StaticString = "0123456789abcdef"
        text.withUTF8 { bytes in
            buffer.append(0x22)
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                start = index + 1
                switch byte {
                case 0x22: buffer += [0x5C, 0x22]
                case 0x5C: buffer += [0x5C, 0x5C]
                case 0x0A: buffer += [0x5C, 0x6E]
                case 0x0D: buffer += [0x5C, 0x72]
                case 0x09: buffer += [0x5C, 0x74]
                case 0x08: buffer += [0x5C, 0x62]
                case 0x0C: buffer += [0x5C, 0x66]
                default:
                    let hex = hexDigits.utf8Start
                    buffer += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                }
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
            buffer.append(0x22)
        }
        if buffer.count >= Self.bufferSize { try flush() }
    }
}
