import Foundation
import GamePackFormat
import GamePackTestSupport
import NIOConcurrencyHelpers
import Testing

extension FleetTests {
    /// PostgreSQL stops answering without closing anything (its processes stopped with SIGSTOP,
    /// as a host that hangs or a network that drops every packet): no error comes, only
    /// silence. The fleet must notice by itself, answer 503 and turn `/ready` false within
    /// seconds rather than keep every request waiting, and serve again once it answers.
    @Suite(
        "A fleet whose PostgreSQL stops answering",
        .serialized, .tags(.postgres, .nginx),
        .requires(.postgresServer, .nginx))
    struct FleetFreezeTests {
        @Test("PostgreSQL frozen for 8 s: requests answered 503 within seconds, none left waiting, /ready false; 200s after")
        func frozenDatabase() async throws {
            let packs = try await FleetPacks()
            let cluster = try await offPool { try PostgresCluster() }
            defer { cluster.remove() }
            // No cached channel view: every read below asks the database.
            let fleet = try await packs.fleet(admin: cluster.url, options: ["--cache-seconds", "0", "--drain-seconds", "0"])
            defer { fleet.stopAll() }
            for path in packs.loadPaths {
                #expect(try await FleetHarness.get(fleet.url(0) + path).status == 200, "before: \(path)")
            }
            // A 32 MB pack (32 chunks) whose download has begun on instance 2, and whose reader
            // pauses: the server has fetched only the chunks the sockets' buffers hold so far.
            let big = try await packs.big(imageBytes: 32_000_000, sequence: 2)
            let published = try await fleet.publish(big, key: packs.secretKey, through: 0)
            try #require(published.status == 0, "publish of the 32 MB pack: \(published.stderr)")
            let bigPath = "/v1/packs/\(try await offPool { try Digest.file(at: big.pack).sha256 }).gamepack"
            let download = try await offPool { try PausedDownload(port: fleet.ports[1], path: bigPath) }
            defer { download.close() }

            try await offPool { try cluster.freeze() }
            let frozen = Date()
            // Reads started right after the freeze, on every instance: each must be answered,
            // 503 with Retry-After, well before the database answers again.
            let answers = NIOLockedValueBox<[(path: String, status: Int, retryAfter: String?, seconds: Double)]>([])
            var reads: [Task<Void, Never>] = []
            for index in 0..<3 {
                for path in packs.loadPaths {
                    let url = fleet.url(index) + path
                    reads.append(
                        Task {
                            let started = Date()
                            let answer = try? await FleetHarness.get(url)
                            let seconds = Date().timeIntervalSince(started)
                            answers.withLockedValue {
                                $0.append((url, answer?.status ?? 0, answer?.retryAfter, seconds))
                            }
                        })
                }
            }
            var ready = 0
            var readySeconds = 0.0
            while Date().timeIntervalSince(frozen) < 8 {
                ready = try await FleetHarness.get(fleet.url(1) + "/ready").status
                if ready == 503 {
                    readySeconds = Date().timeIntervalSince(frozen)
                    break
                }
                try await Task.sleep(for: .milliseconds(200))
            }
            #expect(ready == 503, "/ready while PostgreSQL does not answer: \(ready)")
            #expect(readySeconds < 5, "/ready turned 503 after \(readySeconds) s")
            // Still frozen: every read must have its answer by now.
            while Date().timeIntervalSince(frozen) < 8 && answers.withLockedValue({ $0.count }) < reads.count {
                try await Task.sleep(for: .milliseconds(100))
            }
            let during = answers.withLockedValue { $0 }
            #expect(during.count == reads.count, "\(reads.count - during.count) reads still waiting 8 s into the freeze")
            for answer in during {
                #expect(answer.status == 503 && answer.retryAfter != nil, "during the freeze: \(answer)")
                #expect(answer.seconds < 6, "answered only after \(answer.seconds) s: \(answer.path)")
            }
            // New reads are refused at once while it lasts.
            let started = Date()
            let refused = try await FleetHarness.get(fleet.url(2) + packs.loadPaths[0])
            #expect(refused.status == 503 && Date().timeIntervalSince(started) < 1, "a read during the freeze")
            // The paused download, read on: its response ends short once the server needs a
            // chunk the database does not give, rather than waiting for the database.
            let resumed = Date()
            let (received, ended) = try await offPool { download.readToEnd(timeout: 12) }
            let waited = Date().timeIntervalSince(resumed)
            #expect(ended, "the download still waits \(Int(waited)) s after the reader resumed, \(received) bytes in")
            #expect(received < download.contentLength, "\(received) of \(download.contentLength) bytes in a freeze")
            #expect(waited < 8, "the download ended only after \(waited) s")

            try await offPool { try cluster.thaw() }
            for task in reads { await task.value }
            for index in 0..<3 {
                var status = 0
                let deadline = Date().addingTimeInterval(15)
                while status != 200 && Date() < deadline {
                    status = try await FleetHarness.get(fleet.url(index) + packs.loadPaths[2]).status
                    if status != 200 { try await Task.sleep(for: .milliseconds(200)) }
                }
                #expect(status == 200, "instance \(index + 1) after the freeze: \(status)")
            }
            let again = try await FleetHarness.get(fleet.url(1) + bigPath)
            let whole = try Data(contentsOf: big.pack)
            #expect(again.status == 200 && again.body == whole, "the 32 MB pack after the freeze")
            for index in 0..<3 {
                let started = Date()
                let status = try await offPool { fleet.stop(index) }
                let seconds = Date().timeIntervalSince(started)
                #expect(status == 0 && seconds < 10, "instance \(index + 1) stopped with status \(status) after \(seconds) s")
            }
        }
    }
}

/// A GET on a raw socket whose reader stops after the headers and the body's first 64 KB,
/// then reads on when told: a client paused mid-download.
private final class PausedDownload: @unchecked Sendable {
    let fd: Int32
    let contentLength: Int
    private(set) var received = 0

    init(port: Int, path: String) throws {
        guard let fd = connectLoopback(port) else { throw TestPackError(description: "cannot connect to \(port)") }
        self.fd = fd
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        var head = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var bodyStart: Int?
        while bodyStart == nil || head.count - bodyStart! < 65536 {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw TestPackError(description: "the download ended before its first 64 KB") }
            head.append(contentsOf: buffer[0..<count])
            if bodyStart == nil, let end = head.firstRange(of: Data("\r\n\r\n".utf8)) { bodyStart = end.upperBound }
        }
        let headers = String(decoding: head[..<bodyStart!], as: UTF8.self)
        guard headers.hasPrefix("HTTP/1.1 200"),
            let line = headers.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
            let length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))
        else { throw TestPackError(description: "not a 200 with a length: \(headers)") }
        contentLength = length
        received = head.count - bodyStart!
    }

    /// Reads until the server closes the connection (true) or `timeout` seconds pass without
    /// a byte (false); the body's bytes received in all.
    func readToEnd(timeout: Int) -> (received: Int, ended: Bool) {
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += count
                continue
            }
            return (received, count == 0 || errno == ECONNRESET)
        }
    }

    func close() { Glibc.close(fd) }
}
