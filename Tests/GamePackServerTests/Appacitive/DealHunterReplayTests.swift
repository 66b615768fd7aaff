import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackServer

/// Issue 29: DealHunter's session (`Fixtures/replays/dealhunter_session.py`, an independent
/// Python client written from the app, its SDK and Appacitive's docs) against a real server
/// listening on a socket, on SQLite and on PostgreSQL.
@Suite("DealHunter replay", .serialized, .tags(.python))
struct DealHunterReplayTests {
    /// A Python 3 that imports `requests`: the checkout's `.venv`, else `python3` on PATH.
    static let python: URL? = {
        let candidates = [TestPaths.repoRoot.appendingPathComponent(".venv/bin/python3"), CommandRunner.which("python3")]
        return candidates.compactMap { $0 }.first { url in
            FileManager.default.isExecutableFile(atPath: url.path)
                && (try? CommandRunner.run(url, ["-c", "import requests"]))?.status == 0
        }
    }()
    static let script = TestPaths.repoRoot.appendingPathComponent(
        "Tests/GamePackServerTests/Fixtures/replays/dealhunter_session.py")

    @Test(
        "the replay passes against gamepack serve, and fails on a wrong password",
        .enabled(
            if: python != nil || ContinuousIntegration.isOn,
            "python3 with requests is missing (pip install -r requirements-test.txt)"),
        arguments: StoreKind.available)
    func replay(_ kind: StoreKind) async throws {
        let python = try #require(Self.python, "python3 with requests is missing; CI must install requirements-test.txt")
        let fixture = try await AppacitiveFixture(kind, publicURL: nil)
        try await fixture.test { _ in }
        let (ports, listening) = AsyncStream<Int>.makeStream()
        let server = fixture.server
        let running = Task { try await server.run(shutdownDeadline: .seconds(1)) { _, port in listening.yield(port) } }
        var port = 0
        for await value in ports {
            port = value
            break
        }
        let point = DealHunterSamples.point
        let arguments = [
            Self.script.path, "--base-url", "http://127.0.0.1:\(port)", "--api-key", "dealhunter-key", "--environment",
            "sandbox", "--username", "john.doe", "--lat", String(format: "%f", point.latitude), "--lng",
            String(format: "%f", point.longitude),
        ]
        let passed = try await CommandRunner.runOffPool(python, arguments + ["--password", "p@ssw0rd"])
        #expect(passed.status == 0, "\(kind): \(passed.stdout)\(passed.stderr)")
        #expect(passed.stdout.contains("every answer is one the app can use"), "\(passed.stdout)")
        #expect(passed.stdout.contains("4 deal image"), "\(passed.stdout)")
        let refused = try await CommandRunner.runOffPool(python, arguments + ["--password", "wrong"])
        #expect(refused.status == 1 && refused.stdout.contains("1 authenticate"), "\(refused.stdout)\(refused.stderr)")
        running.cancel()
        _ = await running.result
        await fixture.tearDown()
    }
}
