import CCRC32C
import Foundation
import NIOCore
import Testing

@testable import GamePackServer

/// The CRC-32C that PostgreSQL blob reads check (`ChunkChecksum`, the `CCRC32C` target).
@Suite("Chunk checksum: CRC-32C")
struct ChunkChecksumTests {
    @Test("the standard check value and the RFC 3720 test vectors")
    func knownValues() {
        #expect(ChunkChecksum.of(Data("123456789".utf8)) == 0xE306_9283)
        #expect(ChunkChecksum.of(Data(repeating: 0, count: 32)) == 0x8A91_36AA)
        #expect(ChunkChecksum.of(Data(repeating: 0xFF, count: 32)) == 0x62A8_AB43)
        #expect(ChunkChecksum.of(Data((0..<32).map { UInt8($0) })) == 0x46DD_794E)
        #expect(ChunkChecksum.of(Data()) == 0)
        #expect(ChunkChecksum.of(ByteBuffer(string: "123456789")) == 0xE306_9283)
    }

    @Test("the processor's instructions and the portable loop agree at every length and offset")
    func pathsAgree() {
        let bytes = PostgresBlobFixture.random(PostgresBlobStore.chunkSize + 13)
        bytes.withUnsafeBytes { raw in
            let base = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            for offset in 0..<8 {
                for count in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 767, 768, 769, 1000, 4099, 24575, 24576, 24577, 50000] {
                    #expect(
                        gamepack_crc32c(0, base + offset, count) == gamepack_crc32c_portable(0, base + offset, count),
                        "offset \(offset), \(count) bytes")
                }
            }
            let whole = gamepack_crc32c(0, base, raw.count)
            #expect(whole == gamepack_crc32c_portable(0, base, raw.count))
            #expect(gamepack_crc32c(gamepack_crc32c(0, base, 12345), base + 12345, raw.count - 12345) == whole)
        }
    }
}
