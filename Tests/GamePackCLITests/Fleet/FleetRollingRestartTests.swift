import Foundation
import GamePackTestSupport
import Testing

extension FleetTests {
    /// A rolling restart under load through nginx: each instance in turn gets SIGTERM, drains
    /// (`/ready` 503 while it still serves), closes, and starts again; `wrk` sees every request
    /// answered, none with a 5xx.
    @Suite(
        "A fleet through a rolling restart under load",
        .serialized, .tags(.postgres, .nginx, .wrk),
        .requires(.postgres, .nginx, .wrk))
    struct FleetRollingRestartTests {
        @Test("restart all three instances one after another under wrk: zero socket errors, zero 5xx")
        func rollingRestart() async throws {
            let admin = try #require(PostgresCluster.sharedURL, "GAMEPACK_TEST_POSTGRES_URL is not set")
            let packs = try await FleetPacks()
            let fleet = try await packs.fleet(admin: admin, options: ["--drain-seconds", "1", "--shutdown-deadline", "5"])
            defer { fleet.stopAll() }

            let load = try WrkLoad(base: fleet.nginx.baseURL, paths: packs.loadPaths, seconds: 12)
            try await Task.sleep(for: .seconds(1))
            let started = Date()
            for index in 0..<3 {
                let process = try #require(fleet.instances[index]).process
                kill(process.processIdentifier, SIGTERM)
                if index == 0 {
                    // Draining: /ready says 503 at once, while the instance still serves.
                    try await Task.sleep(for: .milliseconds(300))
                    let ready = try await FleetHarness.get(fleet.url(index) + "/ready")
                    #expect(ready.status == 503 && String(decoding: ready.body, as: UTF8.self).contains("\"draining\":true"))
                    let served = try await FleetHarness.get(fleet.url(index) + packs.loadPaths[0])
                    #expect(served.status == 200, "a draining instance still serves")
                }
                let status = try await fleet.waitForExit(index)
                #expect(status == 0, "instance \(index + 1) exits cleanly")
                try await fleet.start(index)
            }
            let restarted = Date().timeIntervalSince(started)
            let result = try await load.finish()
            print("wrk through a rolling restart of 3 instances (\(String(format: "%.1f", restarted)) s): \(result)")
            #expect(restarted < 11, "the restarts ended after the load (\(restarted) s)")
            #expect(result.requests > 0)
            #expect(result.socketErrors == 0, "\(result)")
            #expect(result.serverErrors == 0 && result.failedAnswers == 0, "\(result)")
        }
    }
}
