import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackKit

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

    @Test("every length from 0 to 300 bytes, unwrapped and wrapped at 60, 76 and 7", arguments: [nil, 60, 76, 7] as [Int?])
    func matchesFoundation(wrap: Int?) {
        var generator = SystemRandomNumberGenerator()
        for count in 0...300 {
            let data = Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
            var output: [UInt8] = [0x41]  // what was written before stays
            data.withUnsafeBytes { Base64Stream.encode($0, wrapAt: wrap, into: &output) }
            #expect(output == [0x41] + Self.expected(data, wrap: wrap), "\(count) bytes, wrap \(String(describing: wrap))")
        }
    }

    @Test("a file of several read chunks streams as one wrapped text")
    func file() throws {
        let temp = try TemporaryDirectory()
        let data = Data((0..<(45 * 16_384 * 2 + 1_234)).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        let source = temp.url.appendingPathComponent("image.bin")
        try data.write(to: source)
        let target = temp.url.appendingPathComponent("out.txt")
        let out = try OutputFile(url: target, digest: nil)
        try Base64Stream.write(fileAt: source, to: out, wrapAt: 60)
        _ = try out.close()
        #expect(Array(try Data(contentsOf: target)) == Self.expected(data, wrap: 60))
    }
}
