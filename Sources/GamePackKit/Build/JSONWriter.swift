import Foundation
import GamePackFormat

/// A buffered output file that hashes what is written (SHA-256, MD5 and CRC-32, or fewer) on
/// other cores: full buffers go to one serial queue per hash, at most `inFlight` buffers at a
/// time, so the hashes of a target's hundreds of MB of base64 run beside each other and beside
/// encoding it (MD5 alone takes as long as encoding).
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
            let group = DispatchGroup()
            for part in hashing {
                part.queue.async(group: group) { chunk.withUnsafeBytes { part.digest.update($0) } }
            }
            group.notify(queue: .global()) { inFlight.signal() }
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

/// Compact JSON written straight to an `OutputFile`, so a target with hundreds of MB of base64
/// images is never held in memory. Strings are escaped exactly as Python's
/// `json.dumps(..., ensure_ascii=False)` does, because the gohike version is the MD5 of that
/// serialization and other servers recompute it.
struct JSONWriter {
    let out: OutputFile
    /// Per open container: whether the next element needs a comma first.
    private var needsComma: [Bool] = []
    /// Whether a key was just written, so the next value follows it directly.
    private var afterKey = false

    init(_ out: OutputFile) { self.out = out }

    mutating func beginObject() throws {
        try separator()
        try out.write("{")
        needsComma.append(false)
    }

    mutating func endObject() throws {
        needsComma.removeLast()
        try out.write("}")
    }

    mutating func beginArray() throws {
        try separator()
        try out.write("[")
        needsComma.append(false)
    }

    mutating func endArray() throws {
        needsComma.removeLast()
        try out.write("]")
    }

    /// Writes `"key":`; the value follows with one of the value calls.
    mutating func key(_ key: String) throws {
        try separator()
        try out.writeEscaped(key)
        try out.write(":")
        afterKey = true
    }

    /// Writes the comma that separates this element from the previous one, if any.
    private mutating func separator() throws {
        if afterKey {
            afterKey = false
            return
        }
        guard let last = needsComma.indices.last else { return }
        if needsComma[last] { try out.write(",") }
        needsComma[last] = true
    }

    mutating func string(_ value: String) throws {
        try separator()
        try out.writeEscaped(value)
    }

    mutating func null() throws {
        try separator()
        try out.write("null")
    }

    mutating func bool(_ value: Bool) throws {
        try separator()
        try out.write(value ? "true" : "false")
    }

    mutating func int(_ value: Int) throws {
        try separator()
        try out.write(String(value))
    }

    /// A number written from its source text when that is valid JSON (keeps the editor's
    /// digits), else from the double.
    mutating func number(_ value: Double, raw: String?) throws {
        try separator()
        if let raw, Self.isJSONNumber(raw) {
            try out.write(raw)
        } else if value == value.rounded(), abs(value) < 1e15 {
            try out.write(String(Int(value)))
        } else {
            try out.write(String(value))
        }
    }

    /// Writes a string value whose content is produced in pieces (a base64 stream).
    mutating func rawStringValue(_ produce: (OutputFile) throws -> Void) throws {
        try separator()
        try out.write("\"")
        try produce(out)
        try out.write("\"")
    }

    /// Whether `text` is a JSON number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    /// (Scanned by hand: a regular expression per number cost a tenth of a second per 20,000
    /// items.)
    static func isJSONNumber(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func at(_ test: (UInt8) -> Bool) -> Bool { index < bytes.count && test(bytes[index]) }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func digits() -> Bool {
            guard at(isDigit) else { return false }
            while at(isDigit) { index += 1 }
            return true
        }
        if at({ $0 == 0x2D }) { index += 1 }  // -
        if at({ $0 == 0x30 }) {
            index += 1  // a leading 0 stands alone
        } else if !digits() {
            return false
        }
        if at({ $0 == 0x2E }) {  // .
            index += 1
            guard digits() else { return false }
        }
        if at({ $0 == 0x65 || $0 == 0x45 }) {  // e E
            index += 1
            if at({ $0 == 0x2B || $0 == 0x2D }) { index += 1 }  // + -
            guard digits() else { return false }
        }
        return index == bytes.count
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

/// Streams a file as base64 into an output, optionally wrapped like Ruby's `Base64.encode64`
/// (a newline after every 60 characters and at the end), which the legacy gohike server wrote.
enum Base64Stream {
    static func write(fileAt url: URL, to out: OutputFile, wrapAt lineLength: Int?) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        // 45 input bytes make one 60-character line; read whole lines at a time.
        let chunk = 45 * 16_384
        while let data = try handle.read(upToCount: chunk), !data.isEmpty {
            let encoded = data.base64EncodedData()
            guard let lineLength else {
                try out.write(encoded)
                continue
            }
            var start = encoded.startIndex
            var piece: [UInt8] = []
            piece.reserveCapacity(encoded.count + encoded.count / lineLength + 2)
            while start < encoded.endIndex {
                let end = min(start + lineLength, encoded.endIndex)
                piece.append(contentsOf: encoded[start..<end])
                piece += [0x5C, 0x6E]  // "\n" escaped inside the JSON string
                start = end
            }
            try out.write(piece)
        }
    }
}
