import Foundation
import GamePackTestSupport
import Testing

/// `gamepack serve` under a 256-descriptor limit stays reachable while 400 clients hold
/// connections with half a request line each (issue 16, case 7).
@Suite(
    "gamepack serve: slow clients", .serialized, .enabled(if: CommandRunner.which("prlimit") != nil, "needs prlimit (util-linux)")
)
struct ServerSlowClientTests {
    /// A TCP connection to 127.0.0.1:`port`, or -1.
    static func connectLoopback(_ port: UInt16) -> Int32 { GamePackTestSupport.connectLoopback(Int(port)) ?? -1 }

    @Test func healthAnswersWithinASecondDespite400SlowConnections() throws {
        let temp = try TemporaryDirectory()
        let process = Process()
        process.executableURL = CommandRunner.which("prlimit")
        process.arguments = [
            "--nofile=256", TestPaths.gamepackBinary.path, "serve", "--data", "data", "--port", "0", "--log-level", "error",
        ]
        process.currentDirectoryURL = temp.url
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        var text = ""
        while !text.contains("\n") {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            text += String(decoding: byte, as: UTF8.self)
        }
        let port = try #require(
            text.split(separator: ":").last.flatMap { UInt16($0.trimmingCharacters(in: .whitespacesAndNewlines)) })

        var slow: [Int32] = []
        defer { slow.forEach { close($0) } }
        for _ in 0..<400 {
            let fd = Self.connectLoopback(port)
            if fd < 0 { break }
            _ = "GET /heal".withCString { send(fd, $0, 9, Int32(MSG_NOSIGNAL)) }
            slow.append(fd)
        }
        #expect(slow.count == 400)

        let started = Date()
        let fd = Self.connectLoopback(port)
        #expect(fd >= 0)
        defer { close(fd) }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count = recv(fd, &buffer, buffer.count, 0)
        let response = count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
        #expect(response.hasPrefix("HTTP/1.1 200"), "no answer from /health: \(response)")
        #expect(Date().timeIntervalSince(started) < 1)
    }
}
