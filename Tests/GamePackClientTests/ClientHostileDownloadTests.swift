import Foundation
import GamePackClient
import GamePackFormat
import GamePackTestSupport
import Testing

/// Issue 27: a hostile CDN cannot make a download grow past the manifest's size or the storage
/// budget (announced, chunked, or as a gzip bomb), nor hold it open forever by trickling.
@Suite("Client: hostile file answers", .serialized, .tags(.python), .requires(.python3))
struct ClientHostileDownloadTests {
    /// The most bytes below `folder`, sampled every 5 ms until `stop` is set.
    final class PeakSize: @unchecked Sendable {
        private let lock = NSLock()
        private var peak: Int64 = 0
        private var stopped = false
        private let done = DispatchSemaphore(value: 0)

        init(_ folder: URL) {
            Thread {
                while !self.isStopped {
                    let size = Self.bytes(below: folder)
                    self.lock.lock()
                    self.peak = max(self.peak, size)
                    self.lock.unlock()
                    usleep(5_000)
                }
                self.done.signal()
            }.start()
        }

        private var isStopped: Bool {
            lock.lock()
            defer { lock.unlock() }
            return stopped
        }

        /// Stops sampling and returns the peak.
        func stop() -> Int64 {
            lock.lock()
            stopped = true
            lock.unlock()
            done.wait()
            lock.lock()
            defer { lock.unlock() }
            return peak
        }

        static func bytes(below folder: URL) -> Int64 {
            TestPacks.files(below: folder).reduce(0) { total, path in
                let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)
                return total + ((attributes?[.size] as? NSNumber)?.int64Value ?? 0)
            }
        }
    }

    @Test(
        "a file answer past the manifest's size is cut off as it arrives, within the budget, its partial file removed",
        arguments: ["announced", "chunked", "gzip-bomb"])
    func oversizeAnswers(mode: String) async throws {
        let fixture = try await ClientFixture()
        try fixture.publish(fixture.v1)
        let server = try FixtureServer(
            root: fixture.site, log: fixture.temp.url.appendingPathComponent("requests.log"), hostile: mode)
        let total = fixture.v1.manifest.files.reduce(Int64(0)) { $0 + $1.size }
        let budget = total + (1 << 20)
        let storage = fixture.temp.url.appendingPathComponent("storage")
        try FileManager.default.createDirectory(at: storage, withIntermediateDirectories: true)
        let peak = PeakSize(storage)
        let started = Date()
        await #expect {
            try await fixture.client(server.baseURL, budget: budget).update()
        } throws: { error in
            guard case GamePackClientError.integrity(_, let reason) = error else { return false }
            return reason.contains("the manifest lists")
        }
        let largest = peak.stop()
        #expect(largest <= budget, "the store grew to \(largest) bytes with a budget of \(budget)")
        #expect(largest <= total, "the store grew to \(largest) bytes, more than the pack's \(total) bytes of files")
        #expect(Date().timeIntervalSince(started) < 20)
        let downloads = storage.appendingPathComponent("downloads")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: downloads.path)) ?? []
        #expect(left.isEmpty, "partial files left: \(left)")
    }

    @Test("a body trickling a byte every half second fails at the file's overall deadline, not never")
    func trickle() async throws {
        let fixture = try await ClientFixture()
        try fixture.publish(fixture.v1)
        let server = try FixtureServer(
            root: fixture.site, log: fixture.temp.url.appendingPathComponent("requests.log"), hostile: "trickle")
        // 2 s per file whatever its size; bytes every 0.5 s keep the 5 s idle timeout from firing.
        let deadline = GamePackClient.DownloadDeadline(base: 2, minimumBytesPerSecond: 1e12)
        let started = Date()
        await #expect {
            try await fixture.client(server.baseURL, retries: 3, timeout: 5, deadline: deadline).update()
        } throws: { error in
            guard case GamePackClientError.deadlineExceeded(let url, let seconds) = error else { return false }
            return url.contains("v1/files/") && seconds <= 2
        }
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds > 1.5 && seconds < 8, "the update ended after \(seconds) s with a 2 s deadline")
    }

    @Test("the deadline scales with the size: base plus bytes at the minimum rate")
    func deadlineScales() {
        let deadline = GamePackClient.DownloadDeadline(base: 30, minimumBytesPerSecond: 4_096)
        #expect(deadline.seconds(forBytes: 0) == 30)
        #expect(deadline.seconds(forBytes: 1 << 20) == 30 + 256)
        #expect(GamePackClient.DownloadDeadline.standard.seconds(forBytes: 4_096 * 10) == 40)
    }
}
