import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackContent

/// `ReadAhead` only hints the kernel, so its results are not visible; what must hold is that
/// it never waits: a pipe among the assets (lint reports it) must not block it.
@Suite("Read-ahead")
struct ReadAheadTests {
    @Test("a pipe, a folder or a missing path returns at once; a file is left unchanged")
    func neverWaits() throws {
        let temp = try TemporaryDirectory()
        let pipe = temp.url.appendingPathComponent("pipe.jpg").path
        #expect(mkfifo(pipe, 0o644) == 0)
        let file = try temp.write(String(repeating: "x", count: 100_000), to: "a.png").path
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for path in [pipe, temp.url.path, temp.url.path + "/missing.png", file] {
                ReadAhead.start(path, head: MediaProbe.headBytes)
                ReadAhead.start(path)
            }
            done.signal()
        }
        // Opening the pipe without O_NONBLOCK would wait here for a writer that never comes.
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).count == 100_000)
    }

    @Test("tells a file in the page cache from one dropped from it; a pipe, a folder, an empty or missing file are not cached")
    func cachedSample() throws {
        let temp = try TemporaryDirectory()
        let a = try temp.write(String(repeating: "a", count: 50_000), to: "a.png").path
        let b = try temp.write(String(repeating: "b", count: 50_000), to: "b.png").path
        // Just written: in the page cache.
        #expect(ReadAhead.isCached(a) && ReadAhead.isCached(b))
        #expect(ReadAhead.sampleIsCached([a, b]))
        let pipe = temp.url.appendingPathComponent("pipe.jpg").path
        #expect(mkfifo(pipe, 0o644) == 0)
        let empty = try temp.write("", to: "empty.png").path
        for path in [pipe, temp.url.path, empty, temp.url.path + "/missing.png"] {
            #expect(!ReadAhead.isCached(path), "\(path)")
        }
        #expect(!ReadAhead.sampleIsCached([a, empty, b]))

        // Dropped from the page cache (written back first, so the kernel may drop it); a
        // tmpfs keeps every page, so there this part cannot be shown.
        guard try Self.fileSystem(of: temp.url.path) != "tmpfs" else { return }
        let fd = open(b, O_RDONLY)
        #expect(fd >= 0)
        #expect(fsync(fd) == 0)
        #expect(posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) == 0)
        close(fd)
        #expect(!ReadAhead.isCached(b))
        #expect(!ReadAhead.sampleIsCached([a, b]))
        #expect(try Data(contentsOf: URL(fileURLWithPath: b)).count == 50_000)
        #expect(ReadAhead.isCached(b))
    }

    /// The type of the file system `path` is on (`/proc/mounts`: the longest mount point above it).
    static func fileSystem(of path: String) throws -> String {
        let mounts = try String(contentsOfFile: "/proc/mounts", encoding: .utf8)
        var best = (point: "", type: "")
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            let point = String(fields[1])
            let inside = point == "/" || path == point || path.hasPrefix(point + "/")
            if inside && point.count > best.point.count { best = (point, String(fields[2])) }
        }
        return best.type
    }
}
