import Foundation
import Testing

@testable import GamePackBuild
@testable import GamePackContent

/// The gohike target keeps the base64 of small images for every place it embeds them; the
/// rest are read again each time. The limits are what keep a build's memory bounded.
@Suite("Embedded images")
struct EmbeddedImagesTests {
    func record(_ path: String, size: Int64) -> AssetRecord {
        AssetRecord(path: path, sha256: "", md5: "", crc32: 0, size: size, format: .png, width: nil, height: nil)
    }

    @Test("keeps a small image's base64 once, refuses a large image, and stops at the budget")
    func limits() {
        let images = EmbeddedImages()
        let small = record("photos/a.png", size: 1000)
        #expect(images.mayKeep(small))
        #expect(images.base64(of: small.path) == nil)
        images.keep(Array("QUJD\\n".utf8), of: small)
        #expect(images.base64(of: small.path) == Array("QUJD\\n".utf8))
        // The first bytes kept stay: both passes write the same ones.
        images.keep(Array("WFla\\n".utf8), of: small)
        #expect(images.base64(of: small.path) == Array("QUJD\\n".utf8))

        #expect(!images.mayKeep(record("photos/big.png", size: EmbeddedImages.largestImage + 1)))
        #expect(images.mayKeep(record("photos/edge.png", size: EmbeddedImages.largestImage)))

        let used = 6
        let filler = record("photos/filler.png", size: 10)
        images.keep([UInt8](repeating: 0x41, count: EmbeddedImages.budget - used - 10), of: filler)
        #expect(images.base64(of: filler.path)?.count == EmbeddedImages.budget - used - 10)
        let over = record("photos/over.png", size: 10)
        images.keep([UInt8](repeating: 0x41, count: 11), of: over)
        #expect(images.base64(of: over.path) == nil, "over the budget by a byte")
        #expect(images.mayKeep(over))
        images.keep([UInt8](repeating: 0x41, count: 10), of: over)
        #expect(images.base64(of: over.path)?.count == 10, "exactly the budget")
        #expect(!images.mayKeep(record("photos/next.png", size: 1)))
    }
}
