import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

/// A `gamepack serve` process on a free loopback port, stopped with SIGTERM.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let baseURL: String
    private let output = Pipe()

    /// - Parameter port: the port to listen on; 0 picks a free one.
    init(_ arguments: [String], in directory: URL, environment: [String: String] = [:], port: Int = 0) throws {
        process.executableURL = TestPaths.gamepackBinary
        process.arguments = ["serve"] + arguments + ["--port", "\(port)", "--log-level", "warning"]
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        var line = Data()
        let handle = output.fileHandleForReading
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty { break }
            if byte == Data([0x0A]) {
                let text = String(decoding: line, as: UTF8.self)
                if let range = text.range(of: "listening on ") {
                    baseURL = String(text[range.upperBound...])
                    return
                }
                line = Data()
            } else {
                line.append(byte)
            }
        }
        process.terminate()
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "gamepack serve did not start"])
    }

    /// Sends SIGTERM and waits; returns the exit status.
    func stop() -> Int32 {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            // A server that ignores SIGTERM fails the test instead of hanging the run.
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return -1
            }
            process.waitUntilExit()
        }
        return process.terminationStatus
    }
}

/// The release manager's and the shipped clients' whole story, with real processes: build the
/// example, publish to staging, promote to production, the Android exchange (Python requests),
/// roll back, and the client sees the rolled-back content with a higher sequence.
@Suite("gamepack serve, publish, promote, rollback, history (end to end)", .tags(.python), .requires(.requests), .serialized)
struct ServeCommandTests {
    static let fixtures = TestPaths.repoRoot.appendingPathComponent("Tests/GamePackCLITests/Fixtures")

    func python(_ arguments: [String]) throws -> CommandResult {
        try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3"] + arguments)
    }

    func requireRequests() throws {
        let check = try python(["-c", "import requests"])
        try #require(check.status == 0, "python3 requests is missing: apt-get install python3-requests")
    }

    /// Builds the gohike example at `sequence`, with the first location renamed to `name`.
    func build(_ temp: TemporaryDirectory, sequence: Int, name: String) throws -> URL {
        let project = temp.url.appendingPathComponent("hike-\(sequence)")
        try FileManager.default.copyItem(at: TestPaths.example("gohike-amsterdam"), to: project)
        let location = project.appendingPathComponent("content/locations/1.yaml")
        let text = try String(contentsOf: location, encoding: .utf8)
            .replacingOccurrences(of: "en: \"RAI Congress Center\"", with: "en: \"\(name)\"")
        try Data(text.utf8).write(to: location)
        let out = temp.url.appendingPathComponent("out-\(sequence)")
        let build = try CommandRunner.gamepack(
            ["build", project.path, "--out", out.path, "--sign", "key.key", "--sequence", "\(sequence)", "--quiet"],
            in: temp.url, environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".gamepack") }
        return out.appendingPathComponent(try #require(names.first))
    }

    func gohikeVersion(_ pack: URL) throws -> String {
        try #require(try PackArchive.Reader(url: pack).manifest().versions["gohike"])
    }

    @Test("build, publish to staging, promote, Android exchange, roll back, history")
    func endToEnd() throws {
        try requireRequests()
        let temp = try TemporaryDirectory()
        #expect(try CommandRunner.gamepack(["keygen", "--out", "key"], in: temp.url).status == 0)
        let first = try build(temp, sequence: 100, name: "RAI One")
        let second = try build(temp, sequence: 200, name: "RAI Two")
        let (v1, v2) = (try gohikeVersion(first), try gohikeVersion(second))
        #expect(v1 != v2)

        let tokenResult = try CommandRunner.gamepack(["serve", "token", "create", "--data", "data"], in: temp.url)
        #expect(tokenResult.status == 0, "\(tokenResult.stderr)")
        let token = tokenResult.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(token.hasPrefix("gpt_"))
        let server = try ServerProcess(
            ["--data", "data", "--trusted-key", "key.pub", "--checkin-secret", "s3cret"], in: temp.url)
        let env = ["GAMEPACK_TOKEN": token]
        let url = server.baseURL

        // No token: refused with exit status 2, nothing published.
        let noToken = try CommandRunner.gamepack(
            ["publish", first.path, "--server", url, "--channel", "staging", "--key", "key.key"], in: temp.url)
        #expect(noToken.status == 2 && noToken.stderr.contains("GAMEPACK_TOKEN"))

        let publish = try CommandRunner.gamepack(
            ["publish", first.path, "--server", url, "--channel", "staging", "--key", "key.key"], in: temp.url, environment: env)
        #expect(publish.status == 0, "\(publish.stdout)\(publish.stderr)")
        #expect(publish.stdout.contains("to staging at sequence 100"))
        // Another pointer at the same sequence (a different expiry) is refused.
        let again = try CommandRunner.gamepack(
            ["publish", first.path, "--server", url, "--channel", "staging", "--key", "key.key", "--expires-in", "7d"],
            in: temp.url, environment: env)
        #expect(again.status == 1, "a second publish at the same sequence is refused: \(again.stderr)")
        #expect(again.stderr.contains("sequence_not_increasing"))

        let promote = try CommandRunner.gamepack(
            ["promote", "--server", url, "--from", "staging", "--to", "production", "--key", "key.key"], in: temp.url,
            environment: env)
        #expect(promote.status == 0, "\(promote.stderr)")
        #expect(promote.stdout.contains("at sequence 100"))

        // The shipped Android client, from nothing to v1.
        let exchange1 = try python([Self.fixtures.appendingPathComponent("android_client.py").path, url, "old", v1])
        #expect(exchange1.status == 0, "\(exchange1.stdout)\(exchange1.stderr)")
        #expect(exchange1.stdout.contains(#""first": {"status": "update""#))

        // v2 through staging to production.
        for arguments in [
            ["publish", second.path, "--server", url, "--channel", "staging", "--key", "key.key"],
            ["promote", "--server", url, "--channel", "production", "--key", "key.key"],
        ] {
            let result = try CommandRunner.gamepack(arguments, in: temp.url, environment: env)
            #expect(result.status == 0, "\(arguments[0]): \(result.stderr)")
        }
        let exchange2 = try python([Self.fixtures.appendingPathComponent("android_client.py").path, url, v1, v2])
        #expect(exchange2.status == 0, "\(exchange2.stderr)")

        // Roll production back to v1: a new entry, sequence 201.
        let rollback = try CommandRunner.gamepack(
            ["rollback", "--server", url, "--channel", "production", "--key", "key.key"], in: temp.url, environment: env)
        #expect(rollback.status == 0, "\(rollback.stderr)")
        #expect(
            rollback.stdout.contains("to \(try PackArchive.Reader(url: first).manifest().version) at sequence 201"),
            "\(rollback.stdout)")
        let exchange3 = try python([Self.fixtures.appendingPathComponent("android_client.py").path, url, v2, v1])
        #expect(exchange3.status == 0, "the client sees the rolled-back content: \(exchange3.stderr)")
        let pointer = try python([
            "-c",
            "import requests,sys; print(requests.get(sys.argv[1] + '/v1/channels/gohike-amsterdam/production.json').json()['sequence'])",
            url,
        ])
        #expect(pointer.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "201")

        let history = try CommandRunner.gamepack(["history", "--server", url, "--channel", "production"], in: temp.url)
        #expect(history.status == 0)
        let rows = history.stdout.split(separator: "\n").dropFirst(2).map {
            $0.split(separator: " ").prefix(2).joined(separator: " ")
        }
        #expect(rows == ["201 rollback", "200 promote", "100 promote"], "\(history.stdout)")
        let json = try CommandRunner.gamepack(
            ["history", "--server", url, "--channel", "production", "--format", "json"], in: temp.url)
        #expect(json.stdout.contains("\"action\" : \"rollback\""))

        let rollbackTo = try CommandRunner.gamepack(
            ["rollback", "--server", url, "--channel", "production", "--to", "nonexistent", "--key", "key.key"],
            in: temp.url, environment: env)
        #expect(rollbackTo.status == 1 && rollbackTo.stderr.contains("never served"))

        // A check-in through the legacy API with the app secret.
        let checkin = try python([
            "-c",
            """
            import requests,sys
            body={"identifier":"android-1","checkins":[{"location_id":1,"route_id":1,"timestamp":"2013-06-01 10:00:00 +0200"}]}
            bad=requests.post(sys.argv[1]+'/api/checkin',json=body)
            good=requests.post(sys.argv[1]+'/api/checkin',json=body,headers={'Take-A-Hike-Secret':'s3cret'})
            print(bad.status_code, bad.json()['error']['code'], good.status_code, good.text)
            """,
            url,
        ])
        #expect(checkin.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == #"401 bad_secret 200 {"status":"ok"}"#)

        // A client that hangs up halfway through an upload leaves nothing behind.
        let third = try build(temp, sequence: 300, name: "RAI Three")
        let cut = try python([
            "-c",
            """
            import base64,hashlib,socket,sys,time
            data=open(sys.argv[2],'rb').read(); sig=open(sys.argv[2]+'.minisig','rb').read()
            sha=hashlib.sha256(data).hexdigest(); host,port=sys.argv[1][7:].split(':')
            s=socket.create_connection((host,int(port)))
            head=f"PUT /v1/packs/{sha}.gamepack HTTP/1.1\\r\\nHost: x\\r\\nAuthorization: Bearer {sys.argv[3]}\\r\\nGamepack-Signature: {base64.b64encode(sig).decode()}\\r\\nContent-Length: {len(data)}\\r\\n\\r\\n"
            s.sendall(head.encode()+data[:len(data)//2]); time.sleep(0.3); s.close(); time.sleep(0.5)
            print(sha)
            """,
            url, third.path, token,
        ])
        let cutSHA = cut.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(cutSHA.count == 64, "\(cut.stderr)")
        let packsFolder = temp.url.appendingPathComponent("data/v1/packs")
        #expect(!FileManager.default.fileExists(atPath: packsFolder.appendingPathComponent("\(cutSHA).gamepack").path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: temp.url.appendingPathComponent("data/tmp").path)
        #expect(leftovers.isEmpty, "\(leftovers)")

        #expect(server.stop() == 0, "SIGTERM stops the server cleanly")
    }
}
