import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

/// `gamepack serve` keeps the megabyte buffers it sends files through (`ServerMemory`): a file
/// served again and again costs no page faults. With glibc's sliding thresholds the same
/// downloads fault in 120 to 170 pages per MB (8,000 to 11,000 for these 64 MB, 2026-11-28).
@Suite("gamepack serve reuses its buffers")
struct ServerMemoryTests {
    /// The minor page faults of process `pid` so far (`/proc/PID/stat`, field 10).
    static func minorFaults(of pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name, which is in parentheses and may hold spaces.
        let fields = try #require(stat.split(separator: ")").last).split(separator: " ")
        return try #require(Int(fields[7]))
    }

    @Test("a 16 MB file downloaded four more times: few page faults in the server")
    func noFaultsPerDownload() throws {
        #if os(Linux)
            let temp = try TemporaryDirectory()
            let bytes = Data(repeating: 0x5A, count: 16 << 20)
            let name = Digest.sha256Hex(bytes)
            let files = temp.url.appendingPathComponent("data/v1/files")
            try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
            try bytes.write(to: files.appendingPathComponent(name))
            let server = try ServeProcess(in: temp.url)
            let curl = try #require(CommandRunner.which("curl"), "curl is needed (apt-get install curl)")
            let url = "http://127.0.0.1:\(server.port)/v1/files/\(name)"
            let output = temp.url.appendingPathComponent("download").path
            func download() throws {
                let result = try CommandRunner.run(curl, ["-sf", "-o", output, url])
                try #require(result.status == 0, "curl: \(result.stderr)")
            }
            for _ in 0..<4 { try download() }  // the first ones set up what later ones reuse
            #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == bytes)
            // Three rounds of four downloads, the fewest faults counted: beside the other suites
            // the server's threads fault in pages of their own now and then (one round of a CI
            // run counted 2,564), which the next round does not repeat. Untuned buffers fault in
            // every round.
            var rounds: [Int] = []
            for _ in 0..<3 {
                let before = try Self.minorFaults(of: server.process.processIdentifier)
                for _ in 0..<4 { try download() }
                rounds.append(try Self.minorFaults(of: server.process.processIdentifier) - before)
            }
            // Untuned, 8,000 to 11,000; tuned, 0 to 800 (the debug build allocates more of its own).
            #expect(rounds.min()! < 2048, "\(rounds) page faults for 64 MB served, in each of three rounds")
        #endif
    }
}
