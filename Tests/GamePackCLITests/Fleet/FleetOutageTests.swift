import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

extension FleetTests {
    /// PostgreSQL goes away under load and comes back: the fleet answers 503 with `Retry-After`
    /// meanwhile, never a 500, and serves again by itself, with its change feed subscribed again.
    @Suite(
        "A fleet through a PostgreSQL restart under load",
        .serialized, .tags(.postgres, .nginx, .wrk),
        .requires(.postgresServer, .nginx, .wrk))
    struct FleetOutageTests {
        @Test("PostgreSQL down for 4 s under wrk through nginx: 503s meanwhile, no 500, then 200s again without a restart")
        func databaseRestart() async throws {
            let packs = try await FleetPacks()
            let cluster = try await offPool { try PostgresCluster() }
            defer { cluster.remove() }
            let fleet = try await packs.fleet(admin: cluster.url, options: ["--cache-seconds", "60", "--drain-seconds", "0"])
            defer { fleet.stopAll() }

            let load = try WrkLoad(base: fleet.nginx.baseURL, paths: packs.loadPaths, seconds: 10)
            try await Task.sleep(for: .seconds(2))
            try await offPool { try cluster.down() }
            try await Task.sleep(for: .seconds(2))
            let during = try await FleetHarness.get(fleet.nginx.baseURL.absoluteString + String(packs.loadPaths[0].dropFirst()))
            #expect(during.status == 503 && during.retryAfter != nil, "during the outage: \(during.status)")
            #expect(String(decoding: during.body, as: UTF8.self).contains("database_unavailable"))
            let ready = try await FleetHarness.get(fleet.url(1) + "/ready")
            #expect(ready.status == 503 && String(decoding: ready.body, as: UTF8.self).contains("\"ready\":false"))
            try await Task.sleep(for: .seconds(2))
            try await offPool { try cluster.up() }
            let result = try await load.finish()
            print("wrk through a PostgreSQL restart: \(result)")
            #expect(result.statuses[500] == nil, "\(result)")
            #expect(result.serverErrors == result.statuses[503, default: 0], "only 503s: \(result)")
            #expect(result.statuses[503, default: 0] > 0, "the outage was never seen: \(result)")
            #expect(result.statuses[200, default: 0] > 0, "\(result)")

            // Each instance serves again, and its change feed is back: a publish through instance 1
            // reaches 2 and 3 at once, though their caches would keep v1 for a minute.
            for index in 0..<3 {
                var status = 0
                let deadline = Date().addingTimeInterval(10)
                while status != 200 && Date() < deadline {
                    status = try await FleetHarness.get(fleet.url(index) + packs.loadPaths[0]).status
                    if status != 200 { try await Task.sleep(for: .milliseconds(200)) }
                }
                #expect(status == 200, "instance \(index + 1) after the outage: \(status)")
            }
            let second = try await fleet.publish(packs.v2, key: packs.secretKey, through: 0)
            try #require(second.status == 0, "\(second.stderr)")
            for index in [1, 2] {
                let content = try await FleetHarness.get(fleet.url(index) + packs.loadPaths[2])
                #expect(
                    String(decoding: content.body, as: UTF8.self).contains("\"\(FleetPacks.names.1)\""), "instance \(index + 1)")
            }

            // No request is left waiting on a connection the outage closed: each instance stops
            // at once and cleanly. A read stuck that way kept a server from stopping until its
            // cancellation timed out and it crashed (status 4, SIGILL), and kept its client
            // waiting until the client gave up.
            for index in 0..<3 {
                let started = Date()
                let status = try await offPool { fleet.stop(index) }
                let seconds = Date().timeIntervalSince(started)
                #expect(status == 0 && seconds < 10, "instance \(index + 1) stopped with status \(status) after \(seconds) s")
            }
        }
    }
}
