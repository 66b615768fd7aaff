import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

@Suite("BLAKE2b")
struct BLAKE2bTests {
    @Test("RFC 7693 appendix A: BLAKE2b-512 of \"abc\"")
    func rfcVector() {
        #expect(
            hex(BLAKE2b.hash(Data("abc".utf8)))
                == "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
                + "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923")
    }

    @Test("BLAKE2b-512 of the empty input")
    func empty() {
        #expect(
            hex(BLAKE2b.hash(Data()))
                == "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419"
                + "d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce")
        var hasher = BLAKE2b()
        hasher.update(Data())
        #expect(hex(hasher.finalize()) == hex(BLAKE2b.hash(Data())))
    }

    @Test("BLAKE2b-256 of \"abc\" (minisign's secret key checksum size)")
    func blake2b256() {
        let digest = BLAKE2b.hash(Data("abc".utf8), outputByteCount: 32)
        #expect(digest.count == 32)
        #expect(hex(digest) == "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319")
    }

    @Test(
        "matches Python's hashlib.blake2b, whole and streamed in odd-sized pieces", .tags(.python), .requires(.python3),
        arguments: [0, 1, 3, 127, 128, 129, 255, 256, 257, 1000, (1 << 20) + 1])
    func matchesPython(length: Int) throws {
        let data = Self.bytes(length, seed: UInt64(length) &+ 1)
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("input.bin")
        try data.write(to: file)
        for outputByteCount in [64, 32, 20, 1] {
            let expected = try Self.python(file: file, outputByteCount: outputByteCount)
            #expect(hex(BLAKE2b.hash(data, outputByteCount: outputByteCount)) == expected, "whole, \(outputByteCount) bytes")
            for pieceSizes in [[1], [7, 121, 129], [128], [1000, 3, 128, 129]] {
                var hasher = BLAKE2b(outputByteCount: outputByteCount)
                var offset = 0
                var index = 0
                while offset < data.count {
                    let size = min(pieceSizes[index % pieceSizes.count], data.count - offset)
                    hasher.update(data.subdata(in: offset..<offset + size))
                    offset += size
                    index += 1
                }
                #expect(hex(hasher.finalize()) == expected, "pieces \(pieceSizes), \(outputByteCount) bytes")
            }
        }
    }

    @Test("a hash saved as state bytes mid-stream and resumed gives the same digest", arguments: [0, 1, 127, 128, 129, 5000])
    func resume(split: Int) throws {
        let data = Self.bytes(6000, seed: 11)
        var first = BLAKE2b()
        first.update(data.prefix(split))
        let saved = first.stateBytes
        #expect(saved.count == 210)
        var resumed = try #require(BLAKE2b(stateBytes: saved))
        resumed.update(data.dropFirst(split))
        #expect(resumed.finalize() == BLAKE2b.hash(data))
        #expect(BLAKE2b(stateBytes: Array(saved.dropLast())) == nil)
        var wrongLength = saved
        wrongLength[0] = 65
        #expect(BLAKE2b(stateBytes: wrongLength) == nil)
    }

    /// `length` deterministic pseudo-random bytes.
    static func bytes(_ length: Int, seed: UInt64) -> Data {
        var state = seed | 1
        return Data(
            (0..<length).map { _ in
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                return UInt8(truncatingIfNeeded: state)
            })
    }

    /// Python's `hashlib.blake2b` hex digest of the file, as an independent reference.
    static func python(file: URL, outputByteCount: Int) throws -> String {
        guard let python = CommandRunner.which("python3") else {
            throw ToolMissing(description: "python3 is not installed: apt-get install python3 (it checks BLAKE2b)")
        }
        let script =
            "import hashlib,sys; print(hashlib.blake2b(open(sys.argv[1],'rb').read(), digest_size=int(sys.argv[2])).hexdigest())"
        let result = try CommandRunner.run(python, ["-c", script, file.path, String(outputByteCount)])
        guard result.status == 0 else { throw ToolMissing(description: "python3 failed: \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A tool a test needs is missing or failed; the message says how to install it.
struct ToolMissing: Error, CustomStringConvertible {
    var description: String
}
