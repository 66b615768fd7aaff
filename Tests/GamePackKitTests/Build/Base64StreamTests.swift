import CBase64
import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackContent

/// The gohike target's base64 writer against Foundation's encoder, wrapped as Ruby's
/// `Base64.encode64` wraps (the legacy server's files), every length of the last group.
@Suite("Base64 stream")
struct Base64StreamTests {
    /// Foundation's base64 of `data`, with an escaped newline after every `wrap` characters
    /// and after a shorter last line.
    static func expected(_ data: Data, wrap: Int?) -> [UInt8] {
        let plain = Array(data.base64EncodedData())
        guard let wrap else { return plain }
        var out: [UInt8] = []
        var start = 0
        while start < plain.count {
            let end = min(start + wrap, plain.count)
            out += plain[start..<end] + [0x5C, 0x6E]
            start = end
        }
        return out
    }

    /// Line lengths: unwrapped, one group, 24 bytes a line (the SIMD step exactly), the legacy
    /// server's 60 (45 bytes, steps that run past the line) and MIME's 76.
    static let wraps: [Int?] = [nil, 4, 32, 60, 76]

    @Test("every length from 0 to 700 bytes, unwrapped and wrapped", arguments: wraps)
    func matchesFoundation(wrap: Int?) {
        var generator = SystemRandomNumberGenerator()
        for count in 0...700 {
            let data = Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
            var output: [UInt8] = [0x41]  // what was written before stays
            data.withUnsafeBytes { Base64Stream.encode($0, wrapAt: wrap, into: &output) }
            #expect(output == [0x41] + Self.expected(data, wrap: wrap), "\(count) bytes, wrap \(String(describing: wrap))")
        }
    }

    @Test("the portable loop writes what the AVX2 one does, and exactly the length promised", arguments: wraps)
    func portable(wrap: Int?) {
        var generator = SystemRandomNumberGenerator()
        let quads = (wrap ?? 0) / 4
        for count in [0, 1, 2, 3, 27, 28, 29, 44, 45, 46, 51, 52, 53, 99, 360, 1_000, 4_099] {
            let data = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let length = gamepack_base64_length(count, quads)
            // A guard byte after the promised length must stay untouched.
            var fast = [UInt8](repeating: 0xEE, count: length + 1)
            var slow = [UInt8](repeating: 0xEE, count: length + 1)
            let fastCount = gamepack_base64_encode(data, count, &fast, quads)
            let slowCount = gamepack_base64_encode_portable(data, count, &slow, quads)
            #expect(fastCount == length && slowCount == length, "\(count) bytes")
            #expect(fast == slow, "\(count) bytes, wrap \(String(describing: wrap))")
            #expect(Array(fast[..<length]) == Self.expected(Data(data), wrap: wrap), "\(count) bytes")
            #expect(fast[length] == 0xEE && slow[length] == 0xEE, "\(count) bytes: wrote past the end")
        }
    }

    @Test("a file of several read chunks streams as one wrapped text")
    func file() throws {
        let temp = try TemporaryDirectory()
        let data = Data((0..<(Base64Stream.readSize * 2 + 1_234)).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        let source = temp.url.appendingPathComponent("image.bin")
        try data.write(to: source)
        let target = temp.url.appendingPathComponent("out.txt")
        let out = try OutputFile(url: target, digest: nil)
        try Base64Stream.write(fileAt: source, to: out, wrapAt: 60)
        _ = try out.close()
        #expect(Array(try Data(contentsOf: target)) == Self.expected(data, wrap: 60))
    }
}
