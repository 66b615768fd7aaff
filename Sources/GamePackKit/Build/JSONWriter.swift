import Foundation
import GamePackFormat

/// A buffered output file that hashes what is written (SHA-256, MD5 and CRC-32, or fewer) on
/// another core: full buffers go to a serial queue, at most `inFlight` at a time, so hashing a
/// target's hundreds of MB of base64 overlaps encoding it.
final class OutputFile {
    /// A digest touched only on `queue`, and read after it has drained.
    private final class Hashing: @unchecked Sendable {
        var digest: Digest
        init(_ digest: Digest) { self.digest = digest }
    }

    let url: URL
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var size: Int64 = 0
    private let hashing: Hashing?
    private let queue = DispatchQueue(label: "gamepack.output.hash")
    private let inFlight = DispatchSemaphore(value: 4)
    static let bufferSize = 1 << 20

    /// Creates the file at `url`; `digest` says which hashes `close` reports (nil: none).
    init(url: URL, digest: Digest? = Digest()) throws {
        self.url = url
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw GamePackError.io(path: url.path, reason: "cannot create the file")
        }
        handle = try FileHandle(forWritingTo: url)
        hashing = digest.map(Hashing.init)
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit { queue.sync {} }

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
        if let hashing {
            inFlight.wait()
            let inFlight = self.inFlight
            queue.async {
                chunk.withUnsafeBytes { hashing.digest.update($0) }
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
        return queue.sync {
            let (sha, md5) = hashing.digest.finalize()
            return (size, sha, md5, hashing.digest.crc32)
        }
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
