import Foundation
import GamePackTestSupport
import Testing

/// Issue 27: request bodies trickling a byte now and then neither live forever nor, busy as
/// they are, fill the descriptor table and starve `/health`. Real sockets against a real
/// `gamepack serve`.
@Suite("gamepack serve: slow request bodies", .serialized)
struct ServerSlowBodyTests {
    /// Sends one byte on each socket every half second until stopped.
    final class Trickle: @unchecked Sendable {
        private let lock = NSLock()
        private var sockets: [Int32]
        private var stopped = false

        init(_ sockets: [Int32]) {
            self.sockets = sockets
            Thread {
                while true {
                    self.lock.lock()
                    let (current, stop) = (self.sockets, self.stopped)
                    self.lock.unlock()
                    if stop { return }
                    for fd in current { _ = "x".withCString { send(fd, $0, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) } }
                    usleep(500_000)
                }
            }.start()
        }

        func stop() {
            lock.lock()
            stopped = true
            lock.unlock()
        }
    }

    /// A `POST /api/ping` (whose handler reads the body before answering) announcing a body of
    /// `length` bytes, with `sent` of them sent; -1 when the connection failed.
    static func slowPing(_ port: UInt16, length: Int = 16_000, sent: Int = 10) -> Int32 {
        let fd = ServerSlowClientTests.connectLoopback(port)
        guard fd >= 0 else { return -1 }
        let head =
            "POST /api/ping HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n"
        let bytes = Array(head.utf8) + [UInt8](repeating: 0x20, count: sent)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return fd
    }

    /// Whether the server closed `fd` (a read gives end of file or a reset) within `seconds`.
    static func closed(_ fd: Int32, within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 512)
        while Date() < deadline {
            let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { return true }
            usleep(20_000)
        }
        return false
    }

    @Test("a body trickling a byte every half second is cut at --body-timeout plus its bytes at --min-body-rate")
    func trickleIsCutAtTheBodyDeadline() throws {
        let temp = try TemporaryDirectory()
        let server = try ServeProcess(in: temp.url, arguments: ["--body-timeout", "2", "--min-body-rate", "100"])
        let fd = Self.slowPing(server.port)
        #expect(fd >= 0)
        defer { close(fd) }
        let started = Date()
        let trickle = Trickle([fd])
        defer { trickle.stop() }
        // Each byte comes well within the 2 s between pieces; the body must still be complete
        // by 2 s + its bytes at 100 B/s (about 2.2 s after its head).
        #expect(Self.closed(fd, within: 10), "a trickling body was never cut off")
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds > 1.5 && seconds < 5, "cut after \(seconds) s")
        // A body at a decent rate is not cut: /api/ping answers.
        let quick = ServerSlowClientTests.connectLoopback(server.port)
        defer { close(quick) }
        let request = "POST /api/ping HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
        _ = request.withCString { send(quick, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var timeout = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(quick, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 1_024)
        let count = recv(quick, &buffer, buffer.count, 0)
        #expect(count > 0 && String(decoding: buffer[0..<max(count, 0)], as: UTF8.self).hasPrefix("HTTP/1.1 "))
    }

    @Test(
        "with 128 descriptors, 300 connections trickling bodies do not starve /health: the slowest are closed",
        .enabled(if: CommandRunner.which("prlimit") != nil, "needs prlimit (util-linux)"))
    func slowBodiesAreEvictedWhenConnectionsRunLow() throws {
        let temp = try TemporaryDirectory()
        let prlimit = try #require(CommandRunner.which("prlimit"))
        let server = try ServeProcess(in: temp.url, launcher: (prlimit, ["--nofile=128"]))
        var slow: [Int32] = []
        defer { slow.forEach { close($0) } }
        for _ in 0..<300 {
            let fd = Self.slowPing(server.port)
            if fd < 0 { break }
            slow.append(fd)
        }
        #expect(slow.count == 300)
        let all = Trickle(slow)
        defer { all.stop() }
        usleep(1_500_000)

        let started = Date()
        let fd = ServerSlowClientTests.connectLoopback(server.port)
        #expect(fd >= 0)
        defer { close(fd) }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count = recv(fd, &buffer, buffer.count, 0)
        let response = count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
        #expect(response.hasPrefix("HTTP/1.1 200"), "no answer from /health: \(response)")
        #expect(Date().timeIntervalSince(started) < 2)
        // Slow bodies were closed to make room, most of them.
        let closedCount = slow.filter { Self.closed($0, within: 0.01) }.count
        #expect(closedCount >= 300 - 128, "only \(closedCount) of 300 slow connections were closed")
    }
}
