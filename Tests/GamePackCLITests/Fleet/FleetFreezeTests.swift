import Foundation
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
            for index in 0..<3 {
                let started = Date()
                let status = try await offPool { fleet.stop(index) }
                let seconds = Date().timeIntervalSince(started)
                #expect(status == 0 && seconds < 10, "instance \(index + 1) stopped with status \(status) after \(seconds) s")
            }
        }
    }
}
