import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

@testable import GamePackContent

/// The JSON writer's hand-written scanners agree with the grammar and with Python's json module,
/// which the gohike version rule is defined by.
@Suite("JSON writer")
struct JSONWriterTests {
    @Test(
        "JSON numbers are recognised exactly",
        arguments: [
            ("0", true), ("-0", true), ("52.359838386", true), ("4.89", true), ("-12", true), ("1e5", true),
            ("1E+5", true), ("2.5e-3", true), ("1868", true), ("01", false), ("1.", false), (".5", false),
            ("+1", false), ("1e", false), ("1e+", false), ("--1", false), ("", false), ("-", false),
            ("0x10", false), ("1 ", false), (" 1", false), ("1\n", false), ("NaN", false), ("١٢", false),
        ])
    func numbers(text: String, expected: Bool) {
        #expect(JSONWriter.isJSONNumber(text) == expected, "\(text.debugDescription)")
    }

    @Test("strings are escaped byte for byte as json.dumps(ensure_ascii=False) does")
    func escaping() throws {
        let samples = [
            "plain", "", "quote \" and backslash \\", "line\nreturn\r\ntab\tbs\u{08}ff\u{0C}",
            "control \u{01}\u{1F}\u{7F} end", "Grüße, 北京, 🚲 and \u{2028}", String(repeating: "long \"text\" ", count: 20_000),
        ]
        let temp = try TemporaryDirectory()
        let url = temp.url.appendingPathComponent("strings.json")
        let out = try OutputFile(url: url)
        var json = JSONWriter(out)
        try json.beginArray()
        for sample in samples { try json.string(sample) }
        try json.endArray()
        _ = try out.close()
        #expect(try JSONDecoder().decode([String].self, from: Data(contentsOf: url)) == samples)
        let python = try #require(CommandRunner.which("python3"))
        let script = """
            import json, sys
            data = open(sys.argv[1], 'rb').read()
            values = json.loads(data)
            assert json.dumps(values, separators=(',', ':'), ensure_ascii=False).encode() == data, 'bytes differ'
            print(len(values))
            """
        let result = try CommandRunner.run(python, ["-c", script, url.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "\(samples.count)")
    }
}

/// The output file's hashes run on one queue per hash, and the concurrent file hash reads in
/// chunks: both must give exactly the hashes of one serial pass.
@Suite("Output file hashes")
struct OutputFileHashTests {
    /// 20 MB of varied bytes (several output buffers and several of the file hash's chunks,
    /// with a partial last one).
    /// Made once for all the tests: in a debug build, each making of it took seconds of a
    /// thread the other suites' servers run on.
    static func sample() -> [UInt8] { shared }

    private static let shared: [UInt8] = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<(20 << 20) + 12_345).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }()

    /// The hashes of one serial pass over `bytes`.
    static func serialPass(_ bytes: [UInt8]) -> (sha256: String, md5: String, crc32: UInt32) {
        var serial = Digest()
        bytes.withUnsafeBytes { serial.update($0) }
        let (sha256, md5) = serial.finalize()
        return (sha256, md5, serial.crc32)
    }

    @Test("hashes computed beside each other equal one serial pass, and unhashed bytes are left out")
    func parallelHashes() throws {
        let bytes = Self.sample()
        let temp = try TemporaryDirectory()
        let url = temp.url.appendingPathComponent("out.bin")
        let out = try OutputFile(url: url)
        try out.writeUnhashed(Array("placeholder".utf8))
        for start in stride(from: 0, to: bytes.count, by: 300_001) {
            try out.write(bytes[start..<min(start + 300_001, bytes.count)])
        }
        let (size, sha, md5, crc) = try out.close()
        let expected = Self.serialPass(bytes)
        #expect(size == Int64(bytes.count))
        #expect(sha == expected.sha256)
        #expect(md5 == expected.md5)
        #expect(crc == expected.crc32)
        #expect(try Data(contentsOf: url) == Data("placeholder".utf8) + Data(bytes))

        let onlyMD5 = try OutputFile(
            url: temp.url.appendingPathComponent("md5.bin"), digest: Digest(sha256: false, md5: true, crc32: false))
        try onlyMD5.write(bytes)
        let partial = try onlyMD5.close()
        #expect(partial.sha256 == "" && partial.md5 == expected.md5 && partial.crc32 == 0)
    }

    @Test("an output to a consumer or to nowhere, hashes in parallel or not, gives the file output's bytes and hashes")
    func consumerAndNowhere() throws {
        let bytes = Self.sample()
        let expected = Self.serialPass(bytes)
        for parallel in [true, false] {
            var received: [UInt8] = []
            let consumer = try OutputFile(
                consumer: { received.append(contentsOf: $0) }, digest: Digest(), hashesInParallel: parallel)
            let nowhere = try OutputFile(consumer: nil, digest: Digest(), hashesInParallel: parallel)
            for out in [consumer, nowhere] {
                for start in stride(from: 0, to: bytes.count, by: 700_001) {
                    let end = min(start + 700_001, bytes.count)
                    // Half of each piece written in place, half copied.
                    let middle = (start + end) / 2
                    try out.write(count: middle - start) { target in
                        bytes.withUnsafeBufferPointer { target.update(from: $0.baseAddress! + start, count: middle - start) }
                    }
                    try out.write(bytes[middle..<end])
                }
                let (size, sha, md5, crc) = try out.close()
                #expect(size == Int64(bytes.count) && sha == expected.sha256 && md5 == expected.md5 && crc == expected.crc32)
            }
            #expect(received == bytes, "parallel: \(parallel)")
        }
    }

    @Test("arrays passed on whole (a quarter of the buffer or more) keep the bytes in order and the hashes serial")
    func wholeArrays() throws {
        let bytes = Self.sample()
        let expected = Self.serialPass(bytes)
        let quarter = OutputFile.bufferSize / 4
        // Around the size that is passed on whole, between small writes that stay buffered.
        let sizes = [10, quarter - 1, 3, quarter, quarter + 1, 1, 2 * OutputFile.bufferSize + 7, 0, 5_000]
        for parallel in [true, false] {
            var received: [UInt8] = []
            let out = try OutputFile(
                consumer: { received.append(contentsOf: $0) }, digest: Digest(), hashesInParallel: parallel)
            var start = 0
            var turn = 0
            while start < bytes.count {
                let end = min(start + sizes[turn % sizes.count], bytes.count)
                if turn % 3 == 2 {
                    try out.write(bytes[start..<end])
                } else {
                    try out.write(Array(bytes[start..<end]))
                }
                #expect(out.position == Int64(end))
                start = end
                turn += 1
            }
            let (size, sha, md5, crc) = try out.close()
            #expect(size == Int64(bytes.count) && sha == expected.sha256 && md5 == expected.md5 && crc == expected.crc32)
            // A Bool, not the arrays: a failure prints no 20 MB of bytes.
            let same = received == bytes
            #expect(same, "parallel: \(parallel): \(received.count) bytes received")
        }
    }

    @Test("a file hashed on several cores gives the hashes of a serial pass")
    func concurrentFileHash() throws {
        let temp = try TemporaryDirectory()
        for count in [0, 1, 8 << 20, (20 << 20) + 12_345] {
            let url = temp.url.appendingPathComponent("f\(count)")
            try Data(Self.sample().prefix(count)).write(to: url)
            let serial = try Digest.file(at: url)
            let concurrent = try Digest.fileConcurrently(at: url)
            #expect(concurrent.sha256 == serial.sha256 && concurrent.md5 == serial.md5, "\(count) bytes")
            #expect(concurrent.size == serial.size && concurrent.crc32 == serial.crc32, "\(count) bytes")
        }
    }
}
