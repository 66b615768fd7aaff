import Foundation
import GamePackTestSupport
import Testing

/// A bounded load by Debian's `wrk` against a loopback server, started in the background so
/// the test can act while it runs; `Fixtures/wrk/status.lua` asks for the given paths in turn
/// and counts the answers by status.
final class WrkLoad: @unchecked Sendable {
    /// What one run counted.
    struct Result: CustomStringConvertible {
        var requests = 0
        /// Connect, read, write and timeout errors: requests that got no HTTP answer.
        var socketErrors = 0
        /// Answers by HTTP status.
        var statuses: [Int: Int] = [:]

        /// Answers that are neither 2xx nor 3xx.
        var failedAnswers: Int { statuses.filter { !(200..<400).contains($0.key) }.values.reduce(0, +) }
        /// 5xx answers.
        var serverErrors: Int { statuses.filter { $0.key >= 500 }.values.reduce(0, +) }

        var description: String {
            "\(requests) requests, \(socketErrors) socket errors, statuses \(statuses.sorted { $0.key < $1.key })"
        }

        /// Reads the script's lines.
        init(parsing text: String) {
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                switch words.first.map(String.init) ?? "" {
                case "requests": requests = Int(words[1]) ?? 0
                case "errors":
                    socketErrors = words.dropFirst().filter { !$0.hasPrefix("status=") }.reduce(0) {
                        $0 + (Int($1.split(separator: "=").last ?? "") ?? 0)
                    }
                case "status" where words.count == 3: statuses[Int(words[1]) ?? 0, default: 0] += Int(words[2]) ?? 0
                default: break
                }
            }
        }
    }

    let process = Process()
    let output: URL
    let errors: URL

    /// Starts `wrk` for `seconds` against `base` (http://127.0.0.1:PORT only), asking for `paths`
    /// in turn over `connections` connections.
    init(base: URL, paths: [String], seconds: Int, connections: Int = 8, timeoutSeconds: Int = 10) throws {
        try ExternalTool.wrk.require()
        guard base.host == "127.0.0.1", let wrk = ExternalTool.executable("wrk") else {
            throw TestPackError(description: "wrk runs against 127.0.0.1 only, not \(base)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gamepack-wrk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        output = folder.appendingPathComponent("out.txt")
        errors = folder.appendingPathComponent("err.txt")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        let script = TestPaths.fixtures("GamePackCLITests").appendingPathComponent("wrk/status.lua")
        process.executableURL = wrk
        process.arguments =
            [
                "-t2", "-c\(connections)", "-d\(seconds)s", "--timeout", "\(timeoutSeconds)s", "-s", script.path,
                base.absoluteString, "--",
            ] + paths
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
    }

    /// Waits, off the cooperative pool, for the run to end and reads its counts.
    func finish() async throws -> Result {
        try await offPool { try self.counts() }
    }

    /// Waits for the run to end and reads its counts.
    private func counts() throws -> Result {
        process.waitUntilExit()
        let text = try String(contentsOf: output, encoding: .utf8)
        guard process.terminationStatus == 0, text.contains("requests ") else {
            let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw TestPackError(description: "wrk failed (\(process.terminationStatus)): \(stderr)\(text)")
        }
        return Result(parsing: text)
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: output.deletingLastPathComponent())
    }
}
