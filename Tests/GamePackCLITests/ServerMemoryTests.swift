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

    /// The sizes in MB of the writable part of each malloc heap of process `pid` that has one
    /// (`/proc/PID/maps`: an anonymous read-write mapping followed at once by the rest of its
    /// reservation, anonymous and inaccessible).
    static func heapParts(of pid: Int32) throws -> [Int] {
        let maps = try String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)
        let regions = maps.split(separator: "\n").compactMap { line -> (start: UInt64, end: UInt64, mode: String)? in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 5, let dash = fields[0].firstIndex(of: "-"),
                let start = UInt64(fields[0][..<dash], radix: 16),
                let end = UInt64(fields[0][fields[0].index(after: dash)...], radix: 16)
            else { return nil }
            return (start, end, String(fields[1]))
        }
        return zip(regions, regions.dropFirst()).compactMap { part, rest in
            part.mode == "rw-p" && rest.mode == "---p" && part.end == rest.start ? Int((part.end - part.start) >> 20) : nil
        }
    }

    @Test("the server is not a one-shot command: its heaps grow as glibc grows them, not 32 MB at a time")
    func serverHeapsNotPadded() throws {
        #if os(Linux)
            let temp = try TemporaryDirectory()
            let server = try ServeProcess(in: temp.url)
            let curl = try #require(CommandRunner.which("curl"), "curl is needed (apt-get install curl)")
            for _ in 0..<8 {
                let health = try CommandRunner.run(curl, ["-sf", "http://127.0.0.1:\(server.port)/health"])
                try #require(health.status == 0, "curl: \(health.stderr)")
            }
            // With `CommandMemory`'s pad every heap's writable part is 32 MB or more from the
            // start (2026-11-29: `gamepack serve` had ten such heaps).
            let parts = try Self.heapParts(of: server.process.processIdentifier)
            #expect(!parts.isEmpty, "no malloc heap of a thread found in /proc/PID/maps")
            #expect(parts.allSatisfy { $0 < 16 }, "writable parts of the server's heaps, in MB: \(parts)")
        #endif
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
