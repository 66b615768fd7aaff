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
}
