import Foundation
import GamePackFormat

/// A buffered output that hashes what is written (SHA-256, MD5 and CRC-32, or fewer) on other
/// threads, and sends the bytes to a file, to a consumer (the pack writer), or nowhere (when
/// only the hashes are wanted). Full buffers go to the hashing queue, at most `inFlight` at a
/// time, so hashing overlaps encoding. By default every hash runs on one serial queue: the
/// canonical target writes its files in parallel, and one queue per hash per file there made
/// emitting 0.1 s -> 0.96 s on the benchmark project. `hashesInParallel` gives each hash its
/// own queue, for one large output written alone (the gohike `content.json`), where MD5 alone
/// sets the pace.
package final class OutputFile {
    /// A digest touched only on its queue, and read after the queue has drained.
    private final class Hashing: @unchecked Sendable {
        var digest: Digest
        let queue: DispatchQueue
        init(_ digest: Digest, queue: DispatchQueue) {
            self.digest = digest
            self.queue = queue
        }
    }

    /// Where the bytes go.
    private enum Destination {
        case file(FileHandle)
        case consumer((UnsafeRawBufferPointer) throws -> Void)
        case nowhere
    }

    /// The file written; nil for an output that is not a file.
    package let url: URL?
    private let destination: Destination
    private var buffer: [UInt8] = []
    private var size: Int64 = 0
    /// One per hash asked for; nil when none is.
    private let hashing: [Hashing]?
    /// Whether each hash has its own queue (else all run on the first one's).
    private let parallel: Bool
    private let inFlight: DispatchSemaphore
    /// Bytes gathered before they go to the hashes and the destination; the buffer has a
    /// quarter more room, so writes that cross the mark (a run of base64) do not regrow it.
    static let bufferSize = 1 << 20
    /// Zeros to grow the buffer by before filling it in place; never written.
    private nonisolated(unsafe) static let zeros: UnsafeBufferPointer<UInt8> = {
        let zeros = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
        zeros.initialize(repeating: 0)
        return UnsafeBufferPointer(zeros)
    }()

    /// Creates the file at `url`; `digest` says which hashes `close` reports (nil: none).
    package convenience init(url: URL, digest: Digest? = Digest()) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw GamePackError.io(path: url.path, reason: "cannot create the file")
        }
        try self.init(url: url, destination: .file(try FileHandle(forWritingTo: url)), digest: digest, hashesInParallel: false)
    }

    /// An output whose bytes, in order, go to `consumer` (called on the writing thread, one
    /// buffer at a time), or nowhere when `consumer` is nil; `digest` says which hashes `close`
    /// reports, each on its own queue when `hashesInParallel` is true.
    package convenience init(
        consumer: ((UnsafeRawBufferPointer) throws -> Void)?, digest: Digest?, hashesInParallel: Bool
    ) throws {
        try self.init(
            url: nil, destination: consumer.map { .consumer($0) } ?? .nowhere, digest: digest,
            hashesInParallel: hashesInParallel)
    }

    private init(url: URL?, destination: Destination, digest: Digest?, hashesInParallel: Bool) throws {
        self.url = url
        self.destination = destination
        parallel = hashesInParallel
        let shared = DispatchQueue(label: "gamepack.output.hashing")
        hashing = digest.map { digest in
            var parts: [Hashing] = []
            func queue(_ label: String) -> DispatchQueue {
                hashesInParallel ? DispatchQueue(label: "gamepack.output.\(label)") : shared
            }
            if digest.computesSHA256 {
                parts.append(Hashing(Digest(sha256: true, md5: false, crc32: false), queue: queue("sha256")))
            }
            if digest.computesMD5 { parts.append(Hashing(Digest(sha256: false, md5: true, crc32: false), queue: queue("md5"))) }
            if digest.computesCRC32 {
                parts.append(Hashing(Digest(sha256: false, md5: false, crc32: true), queue: queue("crc32")))
            }
            return parts
        }
        inFlight = DispatchSemaphore(value: 4 * max(1, hashesInParallel ? hashing?.count ?? 1 : 1))
        buffer.reserveCapacity(Self.bufferSize + Self.bufferSize / 4)
    }

    deinit { for part in hashing ?? [] { part.queue.sync {} } }

    /// The number of bytes written so far (hashed ones; `writeUnhashed` does not count).
    package var position: Int64 { size + Int64(buffer.count) }

    /// Writes `bytes` to the file without hashing them or counting them in the size `close`
    /// reports (a placeholder the caller overwrites once the hashed part is known).
    func writeUnhashed(_ bytes: [UInt8]) throws {
        try flush()
        try send(bytes)
    }

    package func write(_ bytes: some Sequence<UInt8>) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferSize { try flush() }
    }

    /// Writes `bytes` as `write(_:)` does, but an array of a quarter of the buffer or more goes
    /// to the hashes and the destination as it is, after what is buffered, not copied first
    /// (the gohike target's pieces: each byte of its first pass was copied once more).
    package func write(_ bytes: [UInt8]) throws {
        guard bytes.count >= Self.bufferSize / 4 else {
            buffer.append(contentsOf: bytes)
            if buffer.count >= Self.bufferSize { try flush() }
            return
        }
        try flush()
        try pass(bytes)
    }

    /// Appends `count` bytes that `fill` writes in place (given where they start).
    func write(count: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) throws {
        let start = buffer.count
        // Grown by copying zeros (a memcpy); appending `repeatElement` went byte by byte.
        var left = count
        while left > 0 {
            let step = min(left, Self.zeros.count)
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: Self.zeros[..<step]))
            left -= step
        }
        buffer.withUnsafeMutableBufferPointer { fill($0.baseAddress! + start) }
        if buffer.count >= Self.bufferSize { try flush() }
    }

    func write(_ string: String) throws {
        try write(string.utf8)
    }

    func flush() throws {
        guard !buffer.isEmpty else { return }
        let chunk = buffer
        buffer = []
        buffer.reserveCapacity(Self.bufferSize + Self.bufferSize / 4)
        try pass(chunk)
    }

    /// Sends `chunk` (nothing buffered before it) to the hashes and the destination.
    private func pass(_ chunk: [UInt8]) throws {
        size += Int64(chunk.count)
        if let hashing, !hashing.isEmpty {
            let inFlight = self.inFlight
            if parallel {
                for part in hashing {
                    inFlight.wait()
                    part.queue.async {
                        chunk.withUnsafeBytes { part.digest.update($0) }
                        inFlight.signal()
                    }
                }
            } else {
                inFlight.wait()
                hashing[0].queue.async {
                    for part in hashing { chunk.withUnsafeBytes { part.digest.update($0) } }
                    inFlight.signal()
                }
            }
        }
        try send(chunk)
    }

    private func send(_ bytes: [UInt8]) throws {
        switch destination {
        case .file(let handle): try handle.write(contentsOf: bytes)
        case .consumer(let consumer): try bytes.withUnsafeBytes { try consumer($0) }
        case .nowhere: break
        }
    }

    /// Flushes and closes; returns the size and hashes of everything written ("" and 0 for the
    /// hashes not asked for).
    package func close() throws -> (size: Int64, sha256: String, md5: String, crc32: UInt32) {
        try flush()
        if case .file(let handle) = destination { try handle.close() }
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
            // The runs between the bytes to escape, found eight bytes at a time as the scanner does.
            while true {
                let index = JSONScanner.plainRunEnd(bytes, from: start)
                guard index < bytes.count else { break }
                let byte = bytes[index]
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
