import Foundation
import GamePackBuild
import GamePackClient
import GamePackFormat
import GamePackTestSupport
import Testing

/// Two versions of gohike-amsterdam, signed, and a static tree to publish them into.
///
/// Version 2 differs from version 1 by one replaced photo and one renamed route, so an update
/// from 1 to 2 downloads a few files and reuses the others.
final class ClientFixture: @unchecked Sendable {
    let temp: TemporaryDirectory
    let key: MinisignSecretKey
    let publicKeyFile: URL
    let v1: TestPacks.Built
    let v2: TestPacks.Built
    /// The static tree (served by nginx or the cutting server).
    let site: URL
    static let project = "gohike-amsterdam"
    static let channel = "production"
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    init() async throws {
        temp = try TemporaryDirectory()
        key = MinisignSecretKey.generate()
        publicKeyFile = try temp.write(key.publicKey.fileContents, to: "release.pub")
        let source = TestPaths.example("gohike-amsterdam")
        v1 = try await TestPacks.build(source, out: temp.url.appendingPathComponent("out1"), key: key, sequence: 1)
        let changed = try temp.copy(source, as: "project2")
        let photos = changed.appendingPathComponent("assets/photos")
        try FileManager.default.removeItem(at: photos.appendingPathComponent("rai-congress-center.jpg"))
        try FileManager.default.copyItem(
            at: source.appendingPathComponent("assets/routes/green-trail.jpg"),
            to: photos.appendingPathComponent("rai-congress-center.jpg"))
        let route = changed.appendingPathComponent("content/routes/1.yaml")
        let text = try String(contentsOf: route, encoding: .utf8).replacingOccurrences(
            of: "\"Green Trail\"", with: "\"Green Trail Extended\"")
        try Data(text.utf8).write(to: route)
        v2 = try await TestPacks.build(changed, out: temp.url.appendingPathComponent("out2"), key: key, sequence: 2)
        site = temp.url.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    }

    /// Publishes `pack` to the static tree's production channel.
    @discardableResult
    func publish(_ pack: TestPacks.Built, expires: Date? = nil, key: MinisignSecretKey? = nil) throws -> ChannelPointer {
        try StaticPublisher(root: site).publish(
            packAt: pack.pack, signatureAt: pack.signature, channel: Self.channel, key: key ?? self.key, expires: expires,
            now: Self.now)
    }

    /// `pack` with a signature by `key` instead of the release key.
    func resigned(_ pack: TestPacks.Built, with key: MinisignSecretKey) throws -> TestPacks.Built {
        var copy = pack
        copy.signature = temp.url.appendingPathComponent("resigned-\(UUID().uuidString).minisig")
        let signature = try Minisign.sign(
            fileAt: pack.pack, with: key, trustedComment: TestPacks.trustedComment(for: pack.manifest))
        try Data(signature.fileContents.utf8).write(to: copy.signature)
        return copy
    }

    /// A client of the production channel at `baseURL` with its own storage folder.
    func client(
        _ baseURL: URL, storage: String = "storage", bundled: Bool = false, budget: Int64? = nil, retries: Int = 3,
        timeout: TimeInterval = 30, deadline: GamePackClient.DownloadDeadline = .standard, now: Date = ClientFixture.now,
        progress: (@Sendable (GamePackClient.UpdateProgress) -> Void)? = nil
    ) -> GamePackClient {
        GamePackClient(
            configuration: .init(
                baseURL: baseURL, project: Self.project, channel: Self.channel, publicKey: key.publicKey,
                storageDirectory: temp.url.appendingPathComponent(storage), bundledPack: bundled ? v1.pack : nil,
                bundledSignature: bundled ? v1.signature : nil, storageBudget: budget, retries: retries, timeout: timeout,
                downloadDeadline: deadline, progress: progress, now: { now }))
    }

    /// The English name of route 1 in the content (from the canonical target).
    static func routeName(_ content: InstalledContent) throws -> String {
        let first = CanonicalLayout.collections(in: content.manifest.files.map(\.path))["routes"]![0]
        let json = try JSONSerialization.jsonObject(with: try content.data(at: first)) as! [String: Any]
        let items = json["items"] as! [[String: Any]]
        return (items[0]["name"] as! [String: String])["en"]!
    }
}

/// A Python server of `Fixtures/` on a free loopback port, logging its requests: the cutting
/// server (`cutting_server.py`, the first download of each file cut mid-stream) or the hostile
/// one (`hostile_server.py`, file answers past their size, gzip bombs, trickles).
final class FixtureServer: @unchecked Sendable {
    let process = Process()
    let port: Int
    let log: URL
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    /// `cutting_server.py`: serves `root`, cutting the first download of each file after `cutAfter` bytes.
    convenience init(root: URL, log: URL, cutAfter: Int) throws {
        try self.init(script: "cutting_server.py", root: root, log: log, arguments: ["--cut-after", "\(cutAfter)"])
    }

    /// `hostile_server.py`: serves `root`, answering `v1/files/…` as `mode` says.
    convenience init(root: URL, log: URL, hostile mode: String) throws {
        try self.init(script: "hostile_server.py", root: root, log: log, arguments: ["--mode", mode])
    }

    init(script: String, root: URL, log: URL, arguments: [String]) throws {
        self.log = log
        let script = TestPaths.fixtures("GamePackClientTests").appendingPathComponent(script)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, root.path, log.path] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw TestPackError(description: "\(script.lastPathComponent) did not start")
        }
        self.port = port
    }

    /// The log's lines split at tabs (the cutting server: `path range status bytes`).
    func requests() -> [[String]] {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// The built demo executable next to the test bundle.
var demoBinary: URL {
    TestPaths.gamepackBinary.deletingLastPathComponent().appendingPathComponent("gamepack-client-demo")
}
