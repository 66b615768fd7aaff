import Foundation
import GamePackTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import GamePackServer

/// `GET /ready`: the named checks, the drain, and a database that does not answer (503 at once,
/// with `Retry-After`, for every request but the operator's).
@Suite("Readiness and database outages")
struct ReadinessTests {
    @Test("ready: 200 with the database and migrations checks; a failed added check or the drain turn it 503")
    func readyChecks() async throws {
        let fixture = try await ServerFixture(.sqlite)
        try await fixture.test { client in
            let ready = try await client.execute(uri: "/ready", method: .get)
            #expect(ready.status == .ok)
            #expect(
                ready.text
                    == #"{"checks":[{"name":"database","ok":true},{"name":"migrations","ok":true},{"advisory":true,"name":"blobs","ok":true}],"draining":false,"ready":true}"#
                    + "\n")
            fixture.server.readiness.add(ReadinessCheck(name: "cache") { "the cache folder is full" })
            let failing = try await client.execute(uri: "/ready", method: .get)
            #expect(failing.status == .serviceUnavailable)
            #expect(failing.text.contains(#"{"name":"cache","ok":false,"problem":"the cache folder is full"}"#))
            #expect(failing.text.contains(#""ready":false"#))
        }
        let drained = try await ServerFixture(.sqlite)
        try await drained.test { client in
            drained.server.readiness.startDraining()
            let ready = try await client.execute(uri: "/ready", method: .get)
            #expect(ready.status == .serviceUnavailable && ready.text.contains(#""draining":true"#))
            // Draining, the server still serves.
            #expect(try await client.execute(uri: "/v1/projects", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
        }
        await fixture.tearDown()
        await drained.tearDown()
    }

    @Test("a database that does not answer: 503 with Retry-After at once, /health 200, /ready 503 naming it")
    func outage() async throws {
        let folder = try TemporaryDirectory()
        let url = "postgres://postgres@127.0.0.1:\(try freePort())/gamepack?sslmode=disable"
        let store = try PostgresStore(url: url)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let server = try ContentServer(
            configuration: ServerConfiguration(dataDirectory: folder.url, store: .postgres(url: url)), store: store,
            logger: logger)
        await server.monitor.probe()
        #expect(server.monitor.current.outage != nil)
        let app = Application(router: server.makeRouter(), logger: logger)
        try await app.test(.router) { client in
            let started = Date()
            let refused = try await client.execute(uri: "/v1/channels/p/production.json", method: .get)
            #expect(refused.status == .serviceUnavailable && refused.errorCode == "database_unavailable")
            #expect(refused.headers[.retryAfter] == "\(ServerError.outageRetrySeconds)")
            // At once: not after the pool's connection attempts (5 s each). The bound leaves room
            // for a machine busy with other suites (0.62 s seen beside the fleet tests, 1.55 s in
            // a run of every suite on 2 cores), and is still well short of one attempt.
            #expect(Date().timeIntervalSince(started) < 3, "answered at once")
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
            let ready = try await client.execute(uri: "/ready", method: .get)
            #expect(ready.status == .serviceUnavailable)
            #expect(ready.text.contains(#"{"name":"database","ok":false,"problem":"#))
        }
        await store.close()
    }

    @Test("a deadline answers when it passes, without waiting for a call that ignores its cancellation")
    func deadlineDoesNotWait() async throws {
        let started = Date()
        // A call to a database that stopped answering: it ends only after 90 s, cancelled or not.
        // The bound is far from both: the deadline's 0.2 s, and the call's 90 s. The test
        // process's two cooperative threads can be held by other suites' synchronous tests
        // (a stall of 20 s was seen beside them), which delays the deadline's task but cannot
        // make it wait for the call.
        await #expect(throws: DatabaseDeadline.self) {
            try await DatabaseDeadline.within(.milliseconds(200)) {
                await withCheckedContinuation { continuation in
                    DispatchQueue.global().asyncAfter(deadline: .now() + 90) { continuation.resume() }
                }
                return 1
            }
        }
        #expect(Date().timeIntervalSince(started) < 45, "answered at the deadline, not when the call ended")
        #expect(try await DatabaseDeadline.within(.seconds(5)) { 42 } == 42)
        await #expect(throws: StoreError.self) {
            try await DatabaseDeadline.within(.seconds(5)) { () async throws -> Int in throw StoreError.database("no") }
        }
    }

    @Test("outage errors: a lost connection or a deadline is an outage; other errors are not")
    func outageErrors() {
        #expect(DatabaseOutage.reason(DatabaseDeadline(seconds: 1)) != nil)
        #expect(DatabaseOutage.reason(StoreError.badLocation("x")) == nil)
        #expect(DatabaseOutage.reason(CocoaError(.fileNoSuchFile)) == nil)
    }
}
