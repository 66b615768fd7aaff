import Foundation

/// Streams a file as base64 into an output, optionally wrapped like Ruby's `Base64.encode64`
/// (a newline after every 60 characters and at the end), which the legacy gohike server wrote.
///
/// Encoded by hand into one reused buffer: Foundation's `base64EncodedData` and appending its
/// `Data` to the output's byte array went through a generic element-by-element copy, a third
/// of the gohike build's CPU time on 120 MB of images.
enum Base64Stream {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func write(fileAt url: URL, to out: OutputFile, wrapAt lineLength: Int?) throws {
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

    /// Writes the base64 of `bytes` at `target`, with an escaped newline after every
    /// `quadsPerLine` groups of four characters (0: none) and after a last, shorter line.
    static func fill(_ target: UnsafeMutablePointer<UInt8>, from bytes: UnsafeRawBufferPointer, quadsPerLine: Int) {
        alphabet.withUnsafeBufferPointer { table in
            var out = target
            var quads = 0
            var index = 0
            let count = bytes.count
            func quad(_ value: UInt32, _ rest: Int) {
                out[0] = table[Int(value >> 18)]
                out[1] = table[Int(value >> 12 & 0x3F)]
                out[2] = rest == 1 ? UInt8(ascii: "=") : table[Int(value >> 6 & 0x3F)]
                out[3] = rest < 3 ? UInt8(ascii: "=") : table[Int(value & 0x3F)]
                out += 4
                guard quadsPerLine > 0 else { return }
                quads += 1
                if quads == quadsPerLine {
                    out[0] = 0x5C
                    out[1] = 0x6E
                    out += 2
                    quads = 0
                }
            }
            while index + 3 <= count {
                quad(UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]), 3)
                index += 3
            }
            let rest = count - index
            if rest > 0 {
                quad(UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0), rest)
            }
            if quadsPerLine > 0, quads > 0 {
                out[0] = 0x5C
                out[1] = 0x6E
            }
        }
    }
}
