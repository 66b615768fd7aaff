import Foundation
import GamePackFormat
import GamePackTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import GamePackServer

/// Whack-A-VC's session, replayed by the independent Python client
/// (`Fixtures/replays/whack_a_vc_session.py`) against the Whack-A-VC example built and published
/// with the `gamepack` binary, served on a real socket with the apps file
/// `Fixtures/kinvey/whack-a-vc-apps.json`: once as KinveyKit 1.3 sends it and once as the later
/// Swift SDK does, each with a second launch after a changed pack is published, where only the
/// changed image may be downloaded again.
@Suite("Whack-A-VC's Kinvey session replayed against the published example", .tags(.python), .requires(.requests))
struct KinveyReplayTests {
    static let replays = TestPaths.fixtures("GamePackServerTests").appendingPathComponent("replays")
    static let appsFile = TestPaths.fixtures("GamePackServerTests").appendingPathComponent("kinvey/whack-a-vc-apps.json")

    /// The venv's python (`.venv/bin/python3`), else the one on PATH.
    static var python: URL {
        ExternalTool.venvExecutable("python3") ?? CommandRunner.which("python3") ?? URL(fileURLWithPath: "/usr/bin/python3")
    }

    @Test(
        "KinveyKit 1.3 and the Swift SDK: user, ping, content, blobs, whacks, then only the changed blob",
        arguments: StoreKind.available)
    func whackAVC(_ kind: StoreKind) async throws {
        let temp = try TemporaryDirectory()
        #expect(try CommandRunner.gamepack(["keygen", "--out", "key"], in: temp.url).status == 0)
        try FileManager.default.copyItem(at: TestPaths.example("whack-a-vc"), to: temp.url.appendingPathComponent("project"))
        try Self.writeScripts(temp)
        let build = try CommandRunner.run(
            URL(fileURLWithPath: "/bin/sh"), ["build.sh", "1"], in: temp.url,
            environment: ["GAMEPACK": TestPaths.gamepackBinary.path])
        try #require(build.status == 0, "\(build.stdout)\(build.stderr)")

        let apps = try KinveyApp.load(Self.appsFile)
        let app = try #require(apps.first)
        let key = try MinisignPublicKey(
            fileContents: String(contentsOf: temp.url.appendingPathComponent("key.pub"), encoding: .utf8))
        let storeFixture = try await StoreFixture.make(kind)
        let (token, stored) = UploadTokens.create()
        try await storeFixture.store.insertToken(stored)
        var configuration = ServerConfiguration(
            dataDirectory: storeFixture.directory.appendingPathComponent("data"), store: storeFixture.location,
            trustedKeys: [key], legacyCacheSeconds: 0)
        configuration.kinveyApps = apps
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let server = try ContentServer(configuration: configuration, store: storeFixture.store, logger: logger)
        let application = Application(router: server.makeRouter(), logger: logger)
        try await application.test(.live) { client in
            let base = "http://127.0.0.1:\(try #require(client.port))"
            server.listening.withLockedValue { $0 = base }
            let environment = ["GAMEPACK_TOKEN": token, "GAMEPACK_SERVER": base, "GAMEPACK": TestPaths.gamepackBinary.path]
            let first = try await CommandRunner.runOffPool(
                URL(fileURLWithPath: "/bin/sh"), ["publish.sh", "1"], in: temp.url, environment: environment)
            try #require(first.status == 0, "\(first.stdout)\(first.stderr)")
            // The app's `lastModified` pattern has minutes only: a changed image is noticed when
            // its pack is published in a later minute than the first (publish.sh waits for it).
            let nextMinute = (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 + 61
            // A long-running server has answered before: warm its store's connections and code
            // paths as a device's first request would find them.
            let warm = try await client.execute(
                uri: "/user/\(app.appKey)", method: .post,
                headers: [.authorization: "Basic " + Data("\(app.appKey):\(app.appSecret)".utf8).base64EncodedString()])
            #expect(warm.status == .created)
            for (sdk, sequence, image) in [("kinveykit", 2, "vc2.png"), ("swift", 3, "vc4.png")] {
                let result = try await CommandRunner.runOffPool(
                    Self.python,
                    [
                        Self.replays.appendingPathComponent("whack_a_vc_session.py").path, "--base-url", base, "--app-key",
                        app.appKey, "--app-secret", app.appSecret, "--sdk", sdk, "--publish-command",
                        "sh change.sh \(image) && sh build.sh \(sequence) && sh publish.sh \(sequence) \(Int(nextMinute))",
                        "--expect-changed-blobs", "vcs/\(image)",
                    ], in: temp.url, environment: environment)
                #expect(result.status == 0, "\(sdk) replay on \(kind):\n\(result.stdout)\(result.stderr)")
                #expect(result.stdout.contains("every answer is one the app can use"))
            }
        }
        await storeFixture.tearDown()
    }

    /// `build.sh N` builds the project copy at sequence N; `change.sh NAME` repaints one game
    /// image with new bytes (a PNG of the same size in a colour of its own); `publish.sh N [EPOCH]` waits
    /// until EPOCH, then publishes the build at sequence N to production.
    static func writeScripts(_ temp: TemporaryDirectory) throws {
        try temp.write(
            """
            set -e
            SOURCE_DATE_EPOCH=1700000000 "${GAMEPACK:-gamepack}" build project --out "out-$1" --sign key.key --sequence "$1" --quiet
            """, to: "build.sh")
        try temp.write(
            """
            set -e
            "${GAMEPACK:-gamepack}" publish out-$1/*.gamepack --server "$GAMEPACK_SERVER" --channel production --key key.key
            """.replacingOccurrences(of: "set -e\n", with: "set -e\n[ -n \"$2\" ] && python3 wait.py \"$2\"\n"),
            to: "publish.sh")
        try temp.write("import sys, time\ntime.sleep(max(0.0, float(sys.argv[1]) - time.time()))\n", to: "wait.py")
        try temp.write(#"python3 repaint.py "project/assets/vcs/$1""# + "\n", to: "change.sh")
        try temp.write(
            """
            import hashlib, struct, sys, zlib
            path = sys.argv[1]
            def chunk(kind, data):
                return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
            size, colour = 192, hashlib.sha256(path.encode()).digest()[:3]
            raw = b"".join(b"\\x00" + colour * size for _ in range(size))
            header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
            png = b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
            open(path, "wb").write(png)
            """, to: "repaint.py")
    }
}
