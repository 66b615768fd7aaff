import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

@testable import GamePackBuild
@testable import GamePackContent

/// The base64 cache is used only when its bytes are exactly what the build would write.
@Suite("Base64 cache: exact bytes only")
struct Base64CacheTests {
    func encoded(_ bytes: [UInt8], wrap: Int?) -> Data {
        var output: [UInt8] = []
        bytes.withUnsafeBytes { Base64Stream.encode($0, wrapAt: wrap, into: &output) }
        return Data(output)
    }

    @Test func onlyTheCanonicalWrappingAtTheNamedWidthIsHeld() throws {
        let temp = try TemporaryDirectory()
        let url = temp.url.appendingPathComponent("entry.b64")
        for size in [0, 1, 2, 3, 44, 45, 46, 90, 1_000] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let sha = Digest.sha256Hex(Data(bytes))
            for wrap in [nil, 60, 76] as [Int?] {
                try encoded(bytes, wrap: wrap).write(to: url)
                #expect(
                    Base64Cache.holds(url, sha256: sha, size: Int64(size), wrap: wrap), "\(size) at \(String(describing: wrap))")
                for other in [nil, 60, 76] as [Int?] where other != wrap {
                    let rewrapped = encoded(bytes, wrap: other)
                    guard rewrapped != encoded(bytes, wrap: wrap) else { continue }
                    try rewrapped.write(to: url)
                    #expect(
                        !Base64Cache.holds(url, sha256: sha, size: Int64(size), wrap: wrap),
                        "\(size): \(String(describing: other)) held for \(String(describing: wrap))")
                }
            }
        }
    }

    @Test func nonCanonicalPaddingBitsAreNotHeld() throws {
        let temp = try TemporaryDirectory()
        let url = temp.url.appendingPathComponent("entry.b64")
        let sha = Digest.sha256Hex(Data("A".utf8))
        try Data("QQ==".utf8).write(to: url)
        #expect(Base64Cache.holds(url, sha256: sha, size: 1, wrap: nil))
        try Data("QR==".utf8).write(to: url)  // decodes to "A" as well
        #expect(!Base64Cache.holds(url, sha256: sha, size: 1, wrap: nil))
        try Data("QQ==\\n".utf8).write(to: url)
        #expect(Base64Cache.holds(url, sha256: sha, size: 1, wrap: 60))
        #expect(!Base64Cache.holds(url, sha256: sha, size: 1, wrap: nil))
    }
}
