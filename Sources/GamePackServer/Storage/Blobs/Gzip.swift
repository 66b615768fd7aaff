// zlib through gamepack's own system library target (Sources/CSystemZlib), as GamePackFormat uses it.
import CSystemZlib
import Foundation

/// gzip (RFC 1952) through zlib, for `Content-Encoding: gzip`.
enum Gzip {
    /// The gzip stream of `data`, or nil when zlib fails.
    static func compress(_ data: Data, level: Int32 = 6) -> Data? {
        var stream = z_stream()
        // windowBits 15 + 16: a gzip header and trailer instead of zlib's.
        guard
            deflateInit2_(
                &stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        var output = Data(count: Int(deflateBound(&stream, uLong(data.count))) + 64)
        let produced: Int? = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH) == Z_STREAM_END ? Int(stream.total_out) : nil
            }
        }
        guard let produced else { return nil }
        output.count = produced
        return output
    }
}
