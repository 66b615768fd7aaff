import Foundation
import GamePackContent
import GamePackFormat
import GamePackTestSupport
import Testing

@testable import GamePackBuild

/// The gohike target makes its profiles before the version is known and writes them after it:
/// profiles within a budget are kept by the first pass and copied, larger ones made again. Both
/// ways must give the same pack.
@Suite("Kept profiles")
struct KeptProfilesTests {
    @Test("bytes within the budget come back in order, in the chunks they came in; past it, none")
    func keptBytes() {
        let kept = KeptBytes(budget: 10)
        [Array("abcd".utf8), Array("efg".utf8)].forEach { chunk in chunk.withUnsafeBytes { kept.append($0) } }
        #expect(kept.take() == [Array("abcd".utf8), Array("efg".utf8)])
        #expect(kept.take() == [], "taken once: the second pass lets go of them")

        let over = KeptBytes(budget: 10)
        [Array("abcdef".utf8), Array("ghijk".utf8), Array("l".utf8)].forEach { chunk in
            chunk.withUnsafeBytes { over.append($0) }
        }
        #expect(over.take() == nil, "11 bytes went over the budget of 10; the 12th does not bring them back")
    }

    @Test("profiles kept by the first pass and profiles made again give the same pack, byte for byte")
    func bothWays() async throws {
        let temp = try TemporaryDirectory()
        let project = TestPaths.example("gohike-amsterdam")
        let kept = try await BuildTests.build(project, out: temp.url.appendingPathComponent("kept"), targets: ["gohike"])
        let remade = try await GohikeTarget.$keptProfilesBudget.withValue(0) {
            try await BuildTests.build(project, out: temp.url.appendingPathComponent("remade"), targets: ["gohike"])
        }
        let keptBytes = try Data(contentsOf: kept.packURL)
        #expect(keptBytes == (try Data(contentsOf: remade.packURL)))
        let content = try BuildTests.file("gohike/content.json", of: kept.packURL)
        #expect(content.count > 10_000, "the example's content.json has its images: \(content.count) bytes")
        #expect(content.starts(with: Array("{\"version\":\"\(kept.manifest.version)\",\"profiles\":[".utf8)))
        #expect(content.last == UInt8(ascii: "}"))
    }
}
