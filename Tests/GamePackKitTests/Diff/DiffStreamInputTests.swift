import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackBuild
@testable import GamePackKit

/// A content.json given through a pipe, as `gamepack diff <(git show main:content.json)
/// content.json` gives it, is read once, whole, and compares as the file does.
@Suite("Diff: a content.json read from a pipe")
struct DiffStreamInputTests {
    /// A named pipe in `temp` that a thread fills with `bytes` once a reader opens it.
    static func pipe(of bytes: Data, in temp: TemporaryDirectory, name: String) throws -> String {
        let path = temp.url.appendingPathComponent(name).path
        #expect(mkfifo(path, 0o600) == 0, "mkfifo \(path)")
        let thread = Thread {
            // Opening for writing waits for the reader; closing gives it the end of the file.
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            try? handle.write(contentsOf: bytes)
            try? handle.close()
        }
        thread.start()
        return path
    }

    @Test("a content.json through a pipe, on either side, gives the changes the file gives")
    func pipeComparesAsFile() async throws {
        let temp = try TemporaryDirectory()
        let v1 = try Data(contentsOf: URL(fileURLWithPath: DiffTesting.v1))
        let v2 = try Data(contentsOf: URL(fileURLWithPath: DiffTesting.v2))
        let expected = try await DiffTesting.diff(DiffTesting.v1, DiffTesting.v2)
        #expect(!expected.items.isEmpty)
        let oldPipe = try Self.pipe(of: v1, in: temp, name: "old")
        let newPipe = try Self.pipe(of: v2, in: temp, name: "new")
        #expect(!SnapshotLoader.isRegularFile(oldPipe) && SnapshotLoader.isRegularFile(DiffTesting.v1))
        let (before, after) = try await SnapshotLoader.loadPair(.path(oldPipe), .path(newPipe))
        let report = try await DiffEngine.compare(before, after)
        #expect(DiffTesting.lines(report) == DiffTesting.lines(expected))
        #expect(report.totals == expected.totals && report.warnings.count == expected.warnings.count)
    }

    @Test("a pack through a pipe, or bytes that are neither ZIP nor JSON, get an error that says what to do")
    func pipeOfOtherBytes() async throws {
        let temp = try TemporaryDirectory()
        let zip = try Self.pipe(of: Data([0x50, 0x4B, 0x03, 0x04, 0, 0, 0, 0]), in: temp, name: "pack")
        await #expect {
            _ = try await SnapshotLoader.load(.path(zip))
        } throws: { error in
            "\(error)".contains("a pack is read from a file, not from a pipe; save it to a file first")
        }
        let text = try Self.pipe(of: Data("\u{FEFF} name: x\n".utf8), in: temp, name: "text")
        await #expect {
            _ = try await SnapshotLoader.load(.path(text))
        } throws: { error in
            "\(error)".contains("\(text): what the pipe gives is neither a pack (ZIP) nor JSON")
        }
        // JSON that is not an object is JSON: the content reader says what it is instead.
        let array = try Self.pipe(of: Data(" [1]".utf8), in: temp, name: "array")
        await #expect {
            _ = try await SnapshotLoader.load(.path(array))
        } throws: { error in
            "\(error)".contains("\(array): not a Go Take a Hike! content file")
                && "\(error)".contains("expected an object with `profiles`, found an array")
                && !"\(error)".contains("neither")
        }
    }

    @Test("a stream without end (/dev/zero) is read up to the limit, then refused by name")
    func endlessStream() {
        #expect {
            _ = try SnapshotLoader.loadStream(
                at: URL(fileURLWithPath: "/dev/zero"), label: "/dev/zero", pendingImages: true, limit: 3_000_000)
        } throws: { error in
            "\(error)" == "/dev/zero: gives 3.0 MB or more, more than the JSON reader reads"
        }
    }
}
