import CBase64
import Foundation
import GamePackFormat

/// Streams a file as base64 into an output, optionally wrapped like Ruby's `Base64.encode64`
/// (a newline after every 60 characters and at the end), which the legacy gohike server wrote.
///
/// The characters are made by `CBase64` (AVX2 where the processor has it; the gohike target
/// encodes every embedded image twice per build) straight into the output's buffer, from one
/// reused read buffer: Foundation's `base64EncodedData` and appending its `Data` to the
/// output's byte array went element by element, a third of the gohike build's CPU time.
package enum Base64Stream {
    /// Input bytes read at a time: whole lines of every wrap used, and an encoded size well
    /// under the output's spare buffer room.
    static let readSize = 45 * 4096

    /// Writes the base64 of the file at `url` to `out`, with an escaped newline after every
    /// `lineLength` characters (a multiple of 4) and after a last, shorter line; `stamps`,
    /// when given, records or checks the file once it has been read (see `ReadStamps`).
    package static func write(fileAt url: URL, to out: OutputFile, wrapAt lineLength: Int?, stamps: ReadStamps? = nil) throws {
        let quadsPerLine = quads(lineLength)
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw GamePackError.io(path: url.path, reason: "cannot read (\(String(cString: strerror(errno))))")
        }
        defer { close(fd) }
        // Every read but the last is whole lines, so the lines run on across reads.
        let lineBytes = max(3, quadsPerLine * 3)
        let size = readSize / lineBytes * lineBytes
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
        defer { buffer.deallocate() }
        while true {
            let count = try readFully(fd, into: buffer, path: url.path)
            if count > 0 {
                let source = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
                try out.write(count: gamepack_base64_length(count, quadsPerLine)) { target in
                    _ = gamepack_base64_encode(source, count, target, quadsPerLine)
                }
            }
            if count < size { break }
        }
        try stamps?.note(fd, path: url.path)
    }

    /// Appends the base64 of `bytes` to `output`, wrapped as `write` wraps.
    static func encode(_ bytes: UnsafeRawBufferPointer, wrapAt lineLength: Int?, into output: inout [UInt8]) {
        let quadsPerLine = quads(lineLength)
        guard let source = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else { return }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: gamepack_base64_length(bytes.count, quadsPerLine)))
        output.withUnsafeMutableBufferPointer { target in
            _ = gamepack_base64_encode(source, bytes.count, target.baseAddress! + start, quadsPerLine)
        }
    }

    /// Groups of four characters per line (0: unwrapped).
    private static func quads(_ lineLength: Int?) -> Int {
        guard let lineLength else { return 0 }
        precondition(lineLength > 0 && lineLength % 4 == 0, "base64 lines are whole groups of four characters")
        return lineLength / 4
    }

    /// Reads until `buffer` is full or the file ends; returns the number of bytes read.
    private static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String) throws -> Int {
        do {
            return try Interruptible.readFully(fd, into: buffer)
        } catch {
            throw GamePackError.io(path: path, reason: "cannot read (\(error))")
        }
    }
}
