import Foundation

/// Streams a file as base64 into an output, optionally wrapped like Ruby's `Base64.encode64`
/// (a newline after every 60 characters and at the end), which the legacy gohike server wrote.
///
/// Encoded by hand into one reused buffer: Foundation's `base64EncodedData` and appending its
/// `Data` to the output's byte array went through a generic element-by-element copy, a third
/// of the gohike build's CPU time on 120 MB of images.
enum Base64Stream {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Writes the base64 of the file at `url` to `out`; `stamps`, when given, records or checks
    /// the file once it has been read (see `ReadStamps`).
    static func write(fileAt url: URL, to out: OutputFile, wrapAt lineLength: Int?, stamps: ReadStamps? = nil) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        // 45 input bytes make one 60-character line; read whole lines at a time.
        let chunk = 45 * 16_384
        var encoded: [UInt8] = []
        encoded.reserveCapacity(chunk / 3 * 4 + chunk / 45 * 2 + 8)
        while let data = try handle.read(upToCount: chunk), !data.isEmpty {
            encoded.removeAll(keepingCapacity: true)
            data.withUnsafeBytes { encode($0, wrapAt: lineLength, into: &encoded) }
            try out.write(encoded)
        }
        try stamps?.note(handle.fileDescriptor, path: url.path)
    }

    /// Appends the base64 of `bytes` to `output`, with `\n` (escaped for a JSON string: a
    /// backslash and `n`) after every `lineLength` characters and after a last, shorter line.
    static func encode(_ bytes: UnsafeRawBufferPointer, wrapAt lineLength: Int?, into output: inout [UInt8]) {
        let count = bytes.count
        guard count > 0 else { return }
        let characters = (count + 2) / 3 * 4
        guard let lineLength, lineLength > 0 else {
            append(characters, to: &output) { target in fill(target, from: bytes, quadsPerLine: 0) }
            return
        }
        let lines = (characters + lineLength - 1) / lineLength
        if lineLength % 4 == 0 {
            append(characters + 2 * lines, to: &output) { target in fill(target, from: bytes, quadsPerLine: lineLength / 4) }
            return
        }
        // Lines that split a group of four: encode plainly, then wrap.
        var plain: [UInt8] = []
        append(characters, to: &plain) { target in fill(target, from: bytes, quadsPerLine: 0) }
        var start = 0
        while start < plain.count {
            let end = min(start + lineLength, plain.count)
            output.append(contentsOf: plain[start..<end])
            output += [0x5C, 0x6E]
            start = end
        }
    }

    /// Grows `output` by `count` bytes and lets `write` fill exactly those.
    static func append(_ count: Int, to output: inout [UInt8], _ write: (UnsafeMutablePointer<UInt8>) -> Void) {
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: count))
        output.withUnsafeMutableBufferPointer { write($0.baseAddress! + start) }
    }

    /// The two characters of each 12-bit value, the first in the low byte (stored little-endian,
    /// so first in memory): a group of three input bytes becomes four characters with two
    /// lookups and one store.
    static let pairs: [UInt16] = (0..<4096).map { UInt16(alphabet[$0 >> 6]) | UInt16(alphabet[$0 & 0x3F]) << 8 }

    /// Writes the base64 of `bytes` at `target`, with an escaped newline after every
    /// `quadsPerLine` groups of four characters (0: none) and after a last, shorter line.
    static func fill(_ target: UnsafeMutablePointer<UInt8>, from bytes: UnsafeRawBufferPointer, quadsPerLine: Int) {
        let count = bytes.count
        guard count > 0, let source = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        /// A newline escaped for a JSON string: a backslash and `n`.
        let newline = UInt16(0x6E5C).littleEndian
        pairs.withUnsafeBufferPointer { pairs in
            var out = UnsafeMutableRawPointer(target)
            var index = 0
            /// Four characters for the three bytes at `index`.
            @inline(__always) func group() {
                let value = Int(source[index]) << 16 | Int(source[index + 1]) << 8 | Int(source[index + 2])
                out.storeBytes(of: (UInt32(pairs[value >> 12]) | UInt32(pairs[value & 0xFFF]) << 16).littleEndian, as: UInt32.self)
                out += 4
                index += 3
            }
            var quads = 0
            if quadsPerLine > 0 {
                // Whole lines, then the groups of the last line.
                let lineBytes = quadsPerLine * 3
                while index + lineBytes <= count {
                    for _ in 0..<quadsPerLine { group() }
                    out.storeBytes(of: newline, as: UInt16.self)
                    out += 2
                }
            }
            while index + 3 <= count {
                group()
                quads += 1
            }
            let rest = count - index
            if rest > 0 {
                let value = Int(source[index]) << 16 | (rest == 2 ? Int(source[index + 1]) << 8 : 0)
                let table = alphabet
                out.storeBytes(of: table[value >> 18], toByteOffset: 0, as: UInt8.self)
                out.storeBytes(of: table[value >> 12 & 0x3F], toByteOffset: 1, as: UInt8.self)
                out.storeBytes(of: rest == 1 ? UInt8(ascii: "=") : table[value >> 6 & 0x3F], toByteOffset: 2, as: UInt8.self)
                out.storeBytes(of: UInt8(ascii: "="), toByteOffset: 3, as: UInt8.self)
                out += 4
                quads += 1
            }
            if quadsPerLine > 0, quads > 0 {
                out.storeBytes(of: newline, as: UInt16.self)
            }
        }
    }
}
