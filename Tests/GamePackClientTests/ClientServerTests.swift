import Foundation
import GamePackClient
import GamePackFormat
import GamePackTestSupport
import Testing

/// A `gamepack serve` process on a free loopback port with its own data folder, trusting the
/// given public keys; packs are published to it with `gamepack publish --server`.
final class ContentServer: @unchecked Sendable {
    let process = Process()
    let baseURL: URL
    let folder: URL
    let token: String

    /// - Parameter extra: more `gamepack serve` options, such as `--kinvey-apps FILE`.
    init(folder: URL, trustedKeys: [URL], extra: [String] = []) throws {
        self.folder = folder
        let tokenResult = try CommandRunner.gamepack(["serve", "token", "create", "--data", "data"], in: folder)
        guard tokenResult.status == 0 else { throw TestPackError(description: "token create: \(tokenResult.stderr)") }
        token = tokenResult.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        process.executableURL = TestPaths.gamepackBinary
        process.arguments =
            ["serve", "--data", "data", "--port", "0", "--log-level", "warning"]
            + trustedKeys.flatMap { ["--trusted-key", $0.path] } + extra
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        let handle = output.fileHandleForReading
        while true {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty { break }
            if byte == Data([0x0A]) {
                let text = String(decoding: line, as: UTF8.self)
                if let range = text.range(of: "listening on ") {
                    baseURL = URL(string: String(text[range.upperBound...]).trimmingCharacters(in: .whitespaces))!
                    return
                }
                line = Data()
            } else {
                line.append(byte)
            }
        }
        process.terminate()
        throw TestPackError(description: "gamepack serve did not start")
    }

    /// `gamepack publish PACK --server URL --channel production --key KEY`; returns the result.
    @discardableResult
    func publish(_ pack: TestPacks.Built, key: URL, extra: [String] = []) throws -> CommandResult {
        try CommandRunner.gamepack(
            [
                "publish", pack.pack.path, "--signature", pack.signature.path, "--server", baseURL.absoluteString,
                "--channel", ClientFixture.channel, "--key", key.path,
            ] + extra, in: folder, environment: ["GAMEPACK_TOKEN": token])
    }

    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
    }

    deinit { stop() }
}

/// GamePackClient against a real `gamepack serve` (packs published with `gamepack publish`).
@Suite("Client against gamepack serve", .serialized)
struct ClientServerTests {
    /// The fixture's secret key as a file, for `gamepack publish --key`.
    func keyFile(_ fixture: ClientFixture, _ key: MinisignSecretKey, name: String = "release") throws -> URL {
        let url = try fixture.temp.write(key.fileContents, to: "\(name).key")
        chmod(url.path, 0o600)
        return url
    }

    func server(_ fixture: ClientFixture, name: String = "server", trusting keys: [URL]) throws -> ContentServer {
        let folder = fixture.temp.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try ContentServer(folder: folder, trustedKeys: keys)
    }

    @Test("first install, no-op when current, incremental update; files served by the server verify")
    func installUpdateNoop() async throws {
        let fixture = try await ClientFixture()
        let key = try keyFile(fixture, fixture.key)
        let server = try server(fixture, trusting: [fixture.publicKeyFile])
        defer { server.stop() }
        let published = try server.publish(fixture.v1, key: key)
        #expect(published.status == 0, "\(published.stdout)\(published.stderr)")
        let client = fixture.client(server.baseURL, now: Date())

        let first = try await client.update()
        #expect(first.updated)
        #expect(first.content.sequence == 1)
        #expect(try ClientFixture.routeName(first.content) == "Green Trail")
        #expect(first.downloadedFiles == Set(fixture.v1.manifest.files.map(\.sha256)).count)

        let again = try await client.update()
        #expect(!again.updated)
        #expect(try await client.check() == .upToDate(sequence: 1))

        #expect(try server.publish(fixture.v2, key: key).status == 0)
        let second = try await client.update()
        #expect(second.updated)
        #expect(second.content.sequence == 2)
        #expect(try ClientFixture.routeName(second.content) == "Green Trail Extended")
        #expect(second.reusedFiles > 0)
        let v1 = Set(fixture.v1.manifest.files.map(\.sha256))
        #expect(second.downloadedFiles == Set(fixture.v2.manifest.files.map(\.sha256)).subtracting(v1).count)
    }

    @Test("a partial download resumes against the server with Range")
    func resume() async throws {
        let fixture = try await ClientFixture()
        let key = try keyFile(fixture, fixture.key)
        let server = try server(fixture, trusting: [fixture.publicKeyFile])
        defer { server.stop() }
        #expect(try server.publish(fixture.v1, key: key).status == 0)
        // Half of the largest file is already on the device, as a cut download leaves it.
        let largest = try #require(fixture.v1.manifest.files.max { $0.size < $1.size })
        let bytes = try PackArchive.Reader(url: fixture.v1.pack).data(at: largest.path)
        let downloads = fixture.temp.url.appendingPathComponent("storage/downloads")
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        try bytes.prefix(bytes.count / 2).write(to: downloads.appendingPathComponent("\(largest.sha256).partial"))

        let result = try await fixture.client(server.baseURL, now: Date()).update()
        #expect(result.updated)
        let total = Set(fixture.v1.manifest.files.map(\.sha256)).reduce(Int64(0)) { sum, sha in
            sum + fixture.v1.manifest.files.first { $0.sha256 == sha }!.size
        }
        // The first half was not downloaded again (pointer, signature and manifest add a little).
        #expect(result.downloadedBytes < total - Int64(bytes.count / 2) + 10_000)
        #expect(Digest.sha256Hex(try result.content.data(at: largest.path)) == largest.sha256)
    }

    @Test(
        "refuses a tampered file, a pointer signed by a key the server trusts but the client does not, a lower sequence and an expired pointer"
    )
    func refusals() async throws {
        let fixture = try await ClientFixture()
        let key = try keyFile(fixture, fixture.key)
        let other = MinisignSecretKey.generate()
        let otherKey = try keyFile(fixture, other, name: "other")
        let otherPublic = try fixture.temp.write(other.publicKey.fileContents, to: "other.pub")

        // A server that also trusts another key: the client pins only the release key.
        let lenient = try server(fixture, name: "lenient", trusting: [fixture.publicKeyFile, otherPublic])
        defer { lenient.stop() }
        let resigned = try fixture.resigned(fixture.v1, with: other)
        let published = try lenient.publish(resigned, key: otherKey)
        #expect(published.status == 0, "\(published.stdout)\(published.stderr)")
        await #expect {
            try await fixture.client(lenient.baseURL, storage: "a", now: Date()).update()
        } throws: { error in
            guard case GamePackClientError.untrusted = error else { return false }
            return true
        }

        // A file changed in the server's storage.
        let server = try server(fixture, trusting: [fixture.publicKeyFile])
        defer { server.stop() }
        #expect(try server.publish(fixture.v1, key: key).status == 0)
        let client = fixture.client(server.baseURL, now: Date())
        _ = try await client.update()
        #expect(try server.publish(fixture.v2, key: key, extra: ["--expires-in", "1d"]).status == 0)
        let newFile = try #require(
            fixture.v2.manifest.files.first { file in !fixture.v1.manifest.files.contains { $0.sha256 == file.sha256 } })
        let stored = try #require(
            FileManager.default.enumerator(atPath: server.folder.appendingPathComponent("data").path)?.allObjects
                .compactMap { $0 as? String }.first { $0.hasSuffix(newFile.sha256) && !$0.contains("packs") })
        let storedURL = server.folder.appendingPathComponent("data").appendingPathComponent(stored)
        let original = try Data(contentsOf: storedURL)
        var bytes = original
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: storedURL)
        // The server also keeps gzip copies of compressible files: make it serve the changed bytes.
        let gzipCopy = server.folder.appendingPathComponent("data/gzip/\(newFile.sha256).gz")
        let gzipBytes = try? Data(contentsOf: gzipCopy)
        try? FileManager.default.removeItem(at: gzipCopy)
        await #expect {
            try await client.update()
        } throws: { error in
            guard case GamePackClientError.integrity = error else { return false }
            return true
        }
        #expect(try await client.current.sequence == 1)
        try original.write(to: storedURL)
        if let gzipBytes { try gzipBytes.write(to: gzipCopy) }

        // Expired: the pointer expires in a day; a client whose clock is two days ahead refuses it.
        await #expect {
            try await fixture.client(server.baseURL, now: Date().addingTimeInterval(2 * 86_400)).update()
        } throws: { error in
            guard case GamePackClientError.expired = error else { return false }
            return true
        }
        #expect(try await client.update().content.sequence == 2)

        // A lower sequence: the same device meets a server (say, a stale mirror) at sequence 1.
        let stale = try self.server(fixture, name: "stale", trusting: [fixture.publicKeyFile])
        defer { stale.stop() }
        #expect(try stale.publish(fixture.v1, key: key).status == 0)
        await #expect(throws: GamePackClientError.sequenceNotIncreasing(installed: 2, offered: 1)) {
            try await fixture.client(stale.baseURL, now: Date()).update()
        }
        #expect(try ClientFixture.routeName(try await client.current) == "Green Trail Extended")
    }

    @Test("the demo updates from gamepack serve and prints the routes in both locales; a kill during apply leaves usable content")
    func demoAndCrash() async throws {
        let fixture = try await ClientFixture()
        let key = try keyFile(fixture, fixture.key)
        let server = try server(fixture, trusting: [fixture.publicKeyFile])
        defer { server.stop() }
        #expect(try server.publish(fixture.v1, key: key).status == 0)
        let storage = fixture.temp.url.appendingPathComponent("storage")
        func demo(_ extra: [String] = [], crashAt: String? = nil) throws -> CommandResult {
            try CommandRunner.run(
                demoBinary,
                [
                    "--url", server.baseURL.absoluteString, "--project", ClientFixture.project, "--pubkey",
                    fixture.publicKeyFile.path, "--storage", storage.path,
                ] + extra, environment: crashAt.map { ["GAMEPACK_CLIENT_CRASH_AT": $0] } ?? [:])
        }
        let first = try demo()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("route 1: en \"Green Trail\" | nl \"Groene Pad\""))

        #expect(try server.publish(fixture.v2, key: key).status == 0)
        let check = try demo(["--check"])
        #expect(check.stdout.contains("available:") && check.stdout.contains("(sequence 2)"), "\(check.stdout)")
        for step in ["download", "current-written"] {
            let crashed = try demo(crashAt: step)
            #expect(crashed.status == 86)
            let offline = try demo(["--offline"])
            #expect(offline.status == 0)
            #expect(offline.stdout.contains("route 1: en \"Green Trail\" | nl \"Groene Pad\""), "\(offline.stdout)")
        }
        let updated = try demo()
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(updated.stdout.contains("updated to \(fixture.v2.manifest.version) (sequence 2)"))
        #expect(updated.stdout.contains("route 1: en \"Green Trail Extended\" | nl \"Groene Pad\""))
    }
}
