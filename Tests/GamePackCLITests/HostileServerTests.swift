import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

/// A `gamepack serve` child process on a free loopback port.
final class ServeProcess {
    let process = Process()
    let port: UInt16

    /// Starts `gamepack serve --data data --port 0` in `directory` and waits for its listening line.
    /// - Parameter launcher: a program and its arguments that run gamepack (`prlimit --nofile=128`).
    init(
        in directory: URL, arguments: [String] = [], environment: [String: String] = [:],
        launcher: (program: URL, arguments: [String])? = nil
    ) throws {
        let serve = ["serve", "--data", "data", "--port", "0", "--log-level", "error"] + arguments
        if let (program, options) = launcher {
            process.executableURL = program
            process.arguments = options + [TestPaths.gamepackBinary.path] + serve
        } else {
            process.executableURL = TestPaths.gamepackBinary
            process.arguments = serve
        }
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            text += String(decoding: byte, as: UTF8.self)
        }
        guard let port = text.split(separator: ":").last.flatMap({ UInt16($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw TestPackError(description: "gamepack serve did not say where it listens: \(text)")
        }
        self.port = port
    }

    /// Waits up to `seconds` for the process to end; true when it did.
    func waitForExit(within seconds: Double) -> Bool {
        let started = Date()
        while process.isRunning {
            if Date().timeIntervalSince(started) > seconds { return false }
            usleep(10_000)
        }
        return true
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// Issue 16, case 7: a stalled upload neither keeps a stopping server alive nor leaves its
/// temporary file behind for a day.
extension HostileInputTests {
    /// An upload token, a trusted key (`k.pub`) and the base64 signature header value a
    /// `PUT /v1/packs/…` needs to get as far as receiving its body.
    static func uploadCredentials(in temp: TemporaryDirectory) throws -> (token: String, signature: String) {
        let key = MinisignSecretKey.generate()
        try Data(key.publicKey.fileContents.utf8).write(to: temp.url.appendingPathComponent("k.pub"))
        let created = try CommandRunner.gamepack(["serve", "token", "create", "--data", "data"], in: temp.url)
        guard created.status == 0 else { throw TestPackError(description: "token create failed: \(created.stderr)") }
        let signature = try Minisign.sign(Data("stalled".utf8), with: key, trustedComment: "stalled upload").fileContents
        return (created.stdout.trimmingCharacters(in: .whitespacesAndNewlines), Data(signature.utf8).base64EncodedString())
    }

    /// Opens a `PUT` of a 1 MiB pack, sends its head and 1 KiB of body and stalls; returns the
    /// socket once the server has created the upload's temporary file (or -1).
    static func stallUpload(to server: ServeProcess, data: URL, token: String, signature: String) -> Int32 {
        let fd = ServerSlowClientTests.connectLoopback(server.port)
        guard fd >= 0 else { return -1 }
        let head =
            "PUT /v1/packs/\(String(repeating: "ab", count: 32)).gamepack HTTP/1.1\r\nHost: localhost\r\n"
            + "Authorization: Bearer \(token)\r\nGamepack-Signature: \(signature)\r\nContent-Length: 1048576\r\n\r\n"
        let bytes = Array(head.utf8) + [UInt8](repeating: 0x50, count: 1_024)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let tmp = data.appendingPathComponent("tmp")
        for _ in 0..<300 {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: tmp.path)) ?? []
            if names.contains(where: { $0.hasPrefix("upload-") }) { return fd }
            usleep(10_000)
        }
        close(fd)
        return -1
    }

    /// This host's name as the server's temporary file names carry it.
    static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "host" }
        let name = String(cString: buffer).replacingOccurrences(of: "-", with: "_")
        return name.isEmpty ? "host" : name
    }

    @Test func serverStopsAcceptingAfterSIGTERMAndExitsByItsDeadlineDespiteAStalledUpload() throws {
        let temp = try TemporaryDirectory()
        let (token, signature) = try Self.uploadCredentials(in: temp)
        let server = try ServeProcess(
            in: temp.url, arguments: ["--trusted-key", "k.pub"], environment: ["GAMEPACK_SHUTDOWN_DEADLINE": "2"])
        let upload = Self.stallUpload(
            to: server, data: temp.url.appendingPathComponent("data"), token: token, signature: signature)
        #expect(upload >= 0, "the upload never reached the server")
        defer { close(upload) }

        let started = Date()
        kill(server.process.processIdentifier, SIGTERM)
        usleep(700_000)
        // The upload in flight gets its time; nobody new gets in.
        #expect(server.process.isRunning, "the server did not wait for the request in flight")
        let late = ServerSlowClientTests.connectLoopback(server.port)
        #expect(late < 0, "a connection was accepted after SIGTERM")
        if late >= 0 { close(late) }

        let exited = server.waitForExit(within: 8)
        let seconds = Date().timeIntervalSince(started)
        #expect(exited, "still running \(seconds) s after SIGTERM with a 2 s shutdown deadline")
        #expect(seconds > 1.5, "stopped \(seconds) s after SIGTERM, before the upload's 2 s were up")
        #expect(seconds < 3.5, "took \(seconds) s to stop after SIGTERM with a 2 s shutdown deadline")
        if exited { #expect(server.process.terminationReason == .exit) }
    }

    @Test func headerTimeoutOptionClosesAHalfSentRequestLine() throws {
        let temp = try TemporaryDirectory()
        let server = try ServeProcess(in: temp.url, arguments: ["--header-timeout", "1"])
        let fd = ServerSlowClientTests.connectLoopback(server.port)
        #expect(fd >= 0)
        defer { close(fd) }
        _ = "GET /heal".withCString { send(fd, $0, 9, Int32(MSG_NOSIGNAL)) }
        var timeout = timeval(tv_sec: 4, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let started = Date()
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = recv(fd, &buffer, buffer.count, 0)
        let seconds = Date().timeIntervalSince(started)
        #expect(count == 0, "the connection was not closed (recv gave \(count))")
        #expect(seconds > 0.8 && seconds < 2.5, "closed after \(seconds) s with --header-timeout 1")
    }

    @Test func uploadTempFilesOfAKilledServerAreRemovedAtTheNextStart() throws {
        let temp = try TemporaryDirectory()
        let data = temp.url.appendingPathComponent("data")
        let (token, signature) = try Self.uploadCredentials(in: temp)
        let tmp = data.appendingPathComponent("tmp")
        do {
            let server = try ServeProcess(in: temp.url, arguments: ["--trusted-key", "k.pub"])
            let upload = Self.stallUpload(to: server, data: data, token: token, signature: signature)
            #expect(upload >= 0, "the upload never reached the server")
            kill(server.process.processIdentifier, SIGKILL)
            server.process.waitUntilExit()
            if upload >= 0 { close(upload) }
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: tmp.path).filter { $0.hasPrefix("upload-") }
        #expect(left.count == 1, "the killed server left \(left)")

        // Another live process on this host and a server on another host sharing the folder
        // may still be writing theirs; a day-old file of another host is abandoned.
        let live = "upload-\(Self.hostName)-\(getpid())-\(UUID().uuidString)"
        let otherHost = "upload-elsewhere-1-\(UUID().uuidString)"
        let stale = "upload-elsewhere-2-\(UUID().uuidString)"
        for name in [live, otherHost, stale] { try Data("x".utf8).write(to: tmp.appendingPathComponent(name)) }
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-2 * 86_400)], ofItemAtPath: tmp.appendingPathComponent(stale).path)

        let restarted = try ServeProcess(in: temp.url, arguments: ["--trusted-key", "k.pub"])
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: tmp.path))
        for name in left { #expect(!after.contains(name), "\(name) of the killed server survived the restart") }
        #expect(after.contains(live))
        #expect(after.contains(otherHost))
        #expect(!after.contains(stale))
        kill(restarted.process.processIdentifier, SIGTERM)
        #expect(restarted.waitForExit(within: 5))
    }
}
