import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackContent

/// The gohike target reads every embedded image twice (once to hash content.json, once to
/// write it); an image edited in between must stop the build, not give a pack whose bytes
/// differ from its version and CRC-32.
@Suite("Read stamps")
struct ReadStampsTests {
    /// Base64 of `url` through an output to nowhere, noting the file in `stamps`.
    static func read(_ url: URL, _ stamps: ReadStamps) throws {
        let out = try OutputFile(consumer: nil, digest: nil, hashesInParallel: false)
        try Base64Stream.write(fileAt: url, to: out, wrapAt: 60, stamps: stamps)
        _ = try out.close()
    }

    @Test("an unchanged image passes the second read; one rewritten, even to the same size, is refused")
    func changedBetweenPasses() throws {
        let temp = try TemporaryDirectory()
        let same = temp.url.appendingPathComponent("same.png")
        let edited = temp.url.appendingPathComponent("edited.png")
        try Data(repeating: 7, count: 5_000).write(to: same)
        try Data(repeating: 7, count: 5_000).write(to: edited)
        let stamps = ReadStamps()
        try Self.read(same, stamps)
        try Self.read(edited, stamps)
        #expect(!stamps.wasRead(same.path), "not checking yet")
        stamps.startChecking()
        #expect(stamps.wasRead(same.path))
        // Same size, other bytes, written in place (the inode stays, the times move).
        let handle = try FileHandle(forWritingTo: edited)
        try handle.write(contentsOf: Data(repeating: 8, count: 5_000))
        try handle.close()
        try Self.read(same, stamps)
        let error = #expect(throws: GamePackError.self) { try Self.read(edited, stamps) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("changed while the pack was being built"))
    }

    @Test("an image replaced by another file (a rename over it) is refused")
    func replaced() throws {
        let temp = try TemporaryDirectory()
        let image = temp.url.appendingPathComponent("photo.png")
        try Data(repeating: 1, count: 100).write(to: image)
        let stamps = ReadStamps()
        try Self.read(image, stamps)
        stamps.startChecking()
        let other = temp.url.appendingPathComponent("other.png")
        try Data(repeating: 1, count: 100).write(to: other)
        #expect(rename(other.path, image.path) == 0)
        #expect(throws: GamePackError.self) { try Self.read(image, stamps) }
    }
}
