import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackFormat

/// Entries whose bytes are made while the pack is written (`PackArchive.Source.generated`, the
/// gohike `content.json`): the pack is the one written from the same bytes held in memory, the
/// manifest gets the generator's hashes, and bytes that differ from what was announced (size,
/// or CRC-32 for a deflated entry) stop the write.
@Suite("PackArchive generated entries")
struct PackArchiveGeneratedTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    /// Bytes that straddle the pack writer's 4 MiB buffers (stored) or deflate well.
    static func content(stored: Bool) -> Data {
        stored
            ? BLAKE2bTests.bytes(9 << 20 + 77, seed: 11)
            : Data(String(repeating: "{\"name_en\":\"Amsterdam\",\"rank\":1},", count: 30_000).utf8)
    }

    static func manifest(_ files: [PackManifest.File]) -> PackManifest {
        PackManifest(
            project: "p", name: "P", version: "v", versions: ["gohike": "v"], sequence: 1, created: "2023-11-14T22:13:20Z",
            locales: ["en"], targets: ["gohike"], files: files)
    }

    static func hashes(_ data: Data) -> (sha256: String, md5: String) {
        var digest = Digest()
        digest.update(data)
        return digest.finalize()
    }

    /// A generator giving `data` in pieces of odd sizes, hashing what it gives.
    static func generator(_ data: Data) -> PackArchive.Generator {
        { append in
            var offset = 0
            var piece = 1
            while offset < data.count {
                let end = min(data.count, offset + piece)
                try data[offset..<end].withUnsafeBytes { try append($0) }
                offset = end
                piece = piece * 3 + 1
            }
            let (sha, md5) = hashes(data)
            return PackArchive.GeneratedHashes(sha256: sha, md5: md5, size: Int64(data.count))
        }
    }

    @Test(
        "stored or deflated, the pack equals one written from the bytes in memory, with the generator's hashes",
        arguments: [true, false])
    func sameAsData(stored: Bool) throws {
        let folder = try TemporaryDirectory()
        let data = Self.content(stored: stored)
        let (sha, md5) = Self.hashes(data)
        let path = "gohike/content.json"
        // The generated pack's manifest lists the file without hashes: write fills them in.
        let generated = folder.url.appendingPathComponent("generated.gamepack")
        let written = try PackArchive.write(
            manifest: Self.manifest([PackManifest.File(path: path, size: Int64(data.count), sha256: "", md5: "")]),
            entries: [
                PackArchive.Entry(
                    path: path, source: .generated(size: Int64(data.count), crc32: ZipWriter.crc32(data), Self.generator(data)),
                    compress: !stored)
            ], modificationDate: Self.date, to: generated, reusing: nil)
        let expected = folder.url.appendingPathComponent("data.gamepack")
        _ = try PackArchive.write(
            manifest: Self.manifest([PackManifest.File(path: path, size: Int64(data.count), sha256: sha, md5: md5)]),
            entries: [PackArchive.Entry(path: path, source: .data(data), compress: !stored)], modificationDate: Self.date,
            to: expected, reusing: nil)
        #expect(written.manifest.files.first?.sha256 == sha && written.manifest.files.first?.md5 == md5)
        #expect(try Data(contentsOf: generated) == Data(contentsOf: expected))
        let manifest = try PackArchive.verifyContents(of: generated)
        #expect(manifest.files.first?.md5 == md5)
        #expect(try PackArchive.Reader(url: generated).data(at: path) == data)
    }

    @Test("a generator giving fewer or more bytes than announced stops the write", arguments: [true, false])
    func wrongSize(stored: Bool) throws {
        let folder = try TemporaryDirectory()
        let data = Self.content(stored: stored)
        for announced in [data.count + 1, data.count - 1] {
            let url = folder.url.appendingPathComponent("pack-\(announced).gamepack")
            #expect(throws: PackError.self, "announced \(announced) of \(data.count)") {
                try PackArchive.write(
                    manifest: Self.manifest([PackManifest.File(path: "a.json", size: Int64(announced), sha256: "", md5: "")]),
                    entries: [
                        PackArchive.Entry(
                            path: "a.json",
                            source: .generated(size: Int64(announced), crc32: ZipWriter.crc32(data), Self.generator(data)),
                            compress: !stored)
                    ], modificationDate: Self.date, to: url, reusing: nil)
            }
        }
    }

    @Test("a deflated entry whose bytes differ from the CRC-32 announced stops the write")
    func changedBytes() throws {
        let folder = try TemporaryDirectory()
        let data = Self.content(stored: false)
        var changed = data
        changed[100] ^= 1
        let error = #expect(throws: PackError.self) {
            try PackArchive.write(
                manifest: Self.manifest([PackManifest.File(path: "a.json", size: Int64(data.count), sha256: "", md5: "")]),
                entries: [
                    PackArchive.Entry(
                        path: "a.json",
                        source: .generated(size: Int64(data.count), crc32: ZipWriter.crc32(data), Self.generator(changed)),
                        compress: true)
                ], modificationDate: Self.date, to: folder.url.appendingPathComponent("pack.gamepack"), reusing: nil)
        }
        #expect(error?.description.contains("build again") == true)
    }
}
