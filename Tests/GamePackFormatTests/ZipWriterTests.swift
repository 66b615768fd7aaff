import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackFormat

/// The pack writer's output path: direct I/O and buffered writes give the same bytes, the
/// running BLAKE2b matches the file, a copied prefix goes on to the same archive, and a source
/// file that changed after hashing is refused. Python's `zipfile` reads what is written.
@Suite("ZipWriter")
struct ZipWriterTests {
    /// Stored files that straddle the output's 4 MiB buffers, and odd sizes so that the tail
    /// and the prefix end are not block-aligned.
    static let storedSizes = [9 << 20 + 123, 1, 4 << 20, 70_001]

    struct Inputs {
        let folder: TemporaryDirectory
        let stored: [(path: String, url: URL, data: Data, crc: UInt32)]
        let text: Data
    }

    static func inputs() throws -> Inputs {
        let folder = try TemporaryDirectory()
        var stored: [(String, URL, Data, UInt32)] = []
        for (index, size) in storedSizes.enumerated() {
            let data = BLAKE2bTests.bytes(size, seed: UInt64(index + 3))
            let url = folder.url.appendingPathComponent("in-\(index).bin")
            try data.write(to: url)
            stored.append(("assets/\(index).bin", url, data, ZipWriter.crc32(data)))
        }
        let text = Data(String(repeating: "{\"name\":\"Amsterdam\",\"rank\":1}\n", count: 20_000).utf8)
        return Inputs(folder: folder, stored: stored, text: text)
    }

    /// Writes the prefix (stored files), returns the checkpoint after it, then the rest.
    static func writePrefix(_ inputs: Inputs, to writer: ZipWriter) throws -> ZipWriter.Checkpoint {
        for file in inputs.stored {
            try writer.add(path: file.path, storedFile: file.url, size: UInt64(file.data.count), crc: file.crc, epochTime: true)
        }
        return try writer.checkpoint()
    }

    static func writeRest(_ inputs: Inputs, to writer: ZipWriter) throws -> [UInt8] {
        try writer.add(path: "canonical/places.json", data: inputs.text, compress: true)
        try writer.add(path: "manifest.json", data: Data("{\"format\":1}".utf8), compress: false)
        return try writer.finish()
    }

    /// Python's `zipfile` listing of `url`: `name size crc` per entry, after `testzip`.
    static func pythonListing(_ url: URL) throws -> [String] {
        let script = """
            import sys, zipfile, zlib
            with zipfile.ZipFile(sys.argv[1]) as z:
                assert z.testzip() is None
                for i in z.infolist():
                    data = z.read(i)
                    print(i.filename, len(data), zlib.crc32(data))
            """
        let python = try #require(CommandRunner.which("python3"))
        let result = try CommandRunner.run(python, ["-c", script, url.path])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test(
        "direct and buffered output give the same archive, which zipfile reads, and the BLAKE2b of its bytes", .tags(.python),
        .requires(.python3))
    func directAndBuffered() throws {
        let inputs = try Self.inputs()
        var files: [Data] = []
        for direct in [true, false] {
            let url = inputs.folder.url.appendingPathComponent("pack-\(direct).zip")
            let writer = try ZipWriter(url: url, modificationDate: Date(timeIntervalSince1970: 1_700_000_000), directIO: direct)
            _ = try Self.writePrefix(inputs, to: writer)
            let digest = try Self.writeRest(inputs, to: writer)
            let bytes = try Data(contentsOf: url)
            #expect(digest == BLAKE2b.hash(bytes), "direct: \(direct)")
            files.append(bytes)
        }
        #expect(files[0] == files[1])
        let listing = try Self.pythonListing(inputs.folder.url.appendingPathComponent("pack-true.zip"))
        let expected =
            inputs.stored.map { "\($0.path) \($0.data.count) \($0.crc)" } + [
                "canonical/places.json \(inputs.text.count) \(ZipWriter.crc32(inputs.text))",
                "manifest.json 12 \(ZipWriter.crc32(Data("{\"format\":1}".utf8)))",
            ]
        #expect(listing == expected)
    }

    @Test("a prefix copied from an earlier archive goes on to the same bytes and digest", arguments: [true, false])
    func prefixCopy(direct: Bool) throws {
        let inputs = try Self.inputs()
        let first = inputs.folder.url.appendingPathComponent("first.zip")
        let writer = try ZipWriter(url: first, modificationDate: Date(timeIntervalSince1970: 1_700_000_000))
        let checkpoint = try Self.writePrefix(inputs, to: writer)
        let digest = try Self.writeRest(inputs, to: writer)
        #expect(checkpoint.offset % UInt64(DirectIO.alignment) != 0, "the prefix should end mid-block")

        let second = inputs.folder.url.appendingPathComponent("second.zip")
        try ZipWriter.copyPrefix(checkpoint, from: first, to: second, directIO: direct)
        let copied = try Data(contentsOf: second)
        #expect(copied == (try Data(contentsOf: first)).prefix(Int(checkpoint.offset)))
        let resumed = try ZipWriter(
            url: second, modificationDate: Date(timeIntervalSince1970: 1_700_000_000), continuing: checkpoint)
        #expect(try Self.writeRest(inputs, to: resumed) == digest)
        #expect(try Data(contentsOf: second) == (try Data(contentsOf: first)))
    }

    @Test("without BLAKE2b the archive has the same bytes, no digest, and a checkpoint that cannot be continued")
    func withoutDigest() throws {
        let inputs = try Self.inputs()
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let hashed = inputs.folder.url.appendingPathComponent("hashed.zip")
        let plain = inputs.folder.url.appendingPathComponent("plain.zip")
        let writer = try ZipWriter(url: hashed, modificationDate: date)
        _ = try Self.writePrefix(inputs, to: writer)
        let digest = try Self.writeRest(inputs, to: writer)
        #expect(digest.count == 64)
        let unhashed = try ZipWriter(url: plain, modificationDate: date, blake2b: false)
        let checkpoint = try Self.writePrefix(inputs, to: unhashed)
        #expect(try Self.writeRest(inputs, to: unhashed).isEmpty)
        #expect(try Data(contentsOf: plain) == (try Data(contentsOf: hashed)))
        let copy = inputs.folder.url.appendingPathComponent("copy.zip")
        try ZipWriter.copyPrefix(checkpoint, from: plain, to: copy)
        #expect(throws: PackError.self) { _ = try ZipWriter(url: copy, modificationDate: date, continuing: checkpoint) }
    }

    @Test("a cancelled prefix copy stops with CancellationError")
    func cancelledCopy() throws {
        let inputs = try Self.inputs()
        let first = inputs.folder.url.appendingPathComponent("first.zip")
        let writer = try ZipWriter(url: first, modificationDate: Date(timeIntervalSince1970: 0))
        let checkpoint = try Self.writePrefix(inputs, to: writer)
        _ = try Self.writeRest(inputs, to: writer)
        #expect(throws: CancellationError.self) {
            try ZipWriter.copyPrefix(checkpoint, from: first, to: inputs.folder.url.appendingPathComponent("x.zip")) { true }
        }
    }

    @Test("a stored file that no longer matches its size or CRC-32 is refused")
    func changedFile() throws {
        let inputs = try Self.inputs()
        let file = inputs.stored[0]
        let cases: [(size: Int, crc: UInt32, message: String)] = [
            (file.data.count, file.crc ^ 1, "changed while it was packed"),
            (file.data.count - 1, file.crc, "changed while it was packed"),
            (file.data.count + 1, file.crc, "shorter than when it was hashed"),
        ]
        for (index, change) in cases.enumerated() {
            let url = inputs.folder.url.appendingPathComponent("changed-\(index).zip")
            let writer = try ZipWriter(url: url, modificationDate: Date(timeIntervalSince1970: 0))
            let error = #expect(throws: PackError.self) {
                try writer.add(path: file.path, storedFile: file.url, size: UInt64(change.size), crc: change.crc)
            }
            #expect("\(error.map { "\($0)" } ?? "")".contains(change.message), "\(String(describing: error))")
        }
    }
}
