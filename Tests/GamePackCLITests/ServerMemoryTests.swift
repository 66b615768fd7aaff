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
            let before = try Self.minorFaults(of: server.process.processIdentifier)
            for _ in 0..<4 { try download() }
            let faults = try Self.minorFaults(of: server.process.processIdentifier) - before
            // Untuned, 8,000 to 11,000; tuned, 0 to 800 (the debug build allocates more of its own).
            #expect(faults < 2048, "\(faults) page faults for 64 MB served")
        #endif
    }
}
