import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// N `gamepack serve` processes on one PostgreSQL database, each on a fixed loopback port, with
/// a real nginx in front whose `upstream` block lists them all; the way the README's "Running
/// several servers" section runs a fleet. Each instance's `--data` folder is a parameter: one
/// shared folder while pack bytes live on disk, a folder each once they live in the database.
final class FleetHarness: @unchecked Sendable {
    let folder: URL
    /// The database every instance uses.
    let database: String
    let ports: [Int]
    /// `--data` of each instance, relative to `folder`.
    let dataFolders: [String]
    /// Options every instance starts with, besides `--data`, `--database` and `--port`.
    let options: [String]
    /// More options of instance i (its own `--cache-dir` …).
    let instanceOptions: [[String]]
    /// A publishing token (`gamepack serve token create`).
    let token: String
    private(set) var instances: [ServerProcess?]
    let nginx: Nginx

    /// The nginx `upstream` block for `ports`: see the README's "Running several servers".
    static func upstream(_ ports: [Int]) -> String {
        """
        upstream gamepack {
            \(ports.map { "server 127.0.0.1:\($0) max_fails=0;" }.joined(separator: "\n    "))
            keepalive 16;
        }
        """
    }

    /// The proxying `server` directives.
    static let proxy = """
        location / {
            proxy_pass http://gamepack;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_next_upstream error timeout http_502 http_503;
            proxy_next_upstream_tries 3;
            proxy_connect_timeout 2s;
            client_max_body_size 0;
        }
        """

    /// Starts `size` instances on `database` (a fresh one per test) and nginx before them.
    /// - Parameters:
    ///   - dataFolder: the `--data` folder of instance i, relative to `folder`.
    ///   - options: more `gamepack serve` options for every instance (`--trusted-key` …).
    ///   - instanceOptions: more options for instance i alone.
    init(
        size: Int = 3, database: String, in folder: URL, dataFolder: (Int) -> String = { _ in "data" },
        options: [String] = [], instanceOptions: (Int) -> [String] = { _ in [] }
    ) throws {
        self.folder = folder
        self.database = database
        self.options = options
        self.instanceOptions = (0..<size).map(instanceOptions)
        let folders = (0..<size).map(dataFolder)
        dataFolders = folders
        var ports: [Int] = []
        while ports.count < size {
            let port = try freePort()
            if !ports.contains(port) { ports.append(port) }
        }
        self.ports = ports
        let created = try CommandRunner.gamepack(
            ["serve", "token", "create", "--data", folders[0], "--database", database], in: folder)
        guard created.status == 0 else { throw TestPackError(description: "token create: \(created.stderr)") }
        token = created.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        instances = Array(repeating: nil, count: size)
        nginx = try Nginx(server: Self.proxy, http: Self.upstream(ports))
        for index in 0..<size { try launch(index) }
    }

    /// `http://127.0.0.1:PORT` of instance `index` (0-based).
    func url(_ index: Int) -> String { "http://127.0.0.1:\(ports[index])" }

    /// Starts instance `index` on its port and waits until it is ready.
    func launch(_ index: Int) throws {
        instances[index] = try ServerProcess(
            ["--data", dataFolders[index], "--database", database] + options + instanceOptions[index], in: folder,
            port: ports[index])
        try waitUntilReady(index)
    }

    /// `launch` off the cooperative pool.
    func start(_ index: Int) async throws {
        try await offPool { try self.launch(index) }
    }

    /// Waits, off the cooperative pool, until instance `index`'s process exits; its status.
    func waitForExit(_ index: Int) async throws -> Int32 {
        let process = try #require(instances[index]).process
        return try await offPool {
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    /// SIGTERM to instance `index`; waits for it to exit (drain included) and returns its status.
    @discardableResult
    func stop(_ index: Int) -> Int32 {
        defer { instances[index] = nil }
        return instances[index]?.stop() ?? 0
    }

    /// Stops every instance and nginx.
    func stopAll() {
        for index in instances.indices { stop(index) }
        nginx.stop()
    }

    deinit { stopAll() }

    /// Polls `GET /ready` of instance `index` until it answers 200.
    func waitUntilReady(_ index: Int, timeout: TimeInterval = 30) throws {
        let deadline = Date().addingTimeInterval(timeout)
        let curl = ExternalTool.executable("curl")
        while Date() < deadline {
            if let curl,
                let result = try? CommandRunner.run(
                    curl, ["-s", "-o", "/dev/null", "-w", "%{http_code}", url(index) + "/ready"]),
                result.stdout == "200"
            {
                return
            }
            usleep(100_000)
        }
        throw TestPackError(description: "instance \(index + 1) on port \(ports[index]) is not ready after \(timeout) s")
    }

    /// The arguments of `gamepack publish` of `pack` to the production channel through instance `index`.
    func publishArguments(_ pack: TestPacks.Built, key: URL, through index: Int) -> [String] {
        [
            "publish", pack.pack.path, "--signature", pack.signature.path, "--server", url(index), "--channel",
            "production", "--key", key.path,
        ]
    }

    /// `gamepack publish` of `pack` through instance `index`, started in the background (the
    /// caller waits for or kills it); its output goes to `log`, or nowhere.
    func startPublish(_ pack: TestPacks.Built, key: URL, through index: Int, log: URL? = nil) throws -> Process {
        let publish = Process()
        publish.executableURL = TestPaths.gamepackBinary
        publish.arguments = publishArguments(pack, key: key, through: index)
        publish.currentDirectoryURL = folder
        publish.environment = ProcessInfo.processInfo.environment.merging(["GAMEPACK_TOKEN": token]) { $1 }
        if let log {
            try Data().write(to: log)
            publish.standardOutput = try FileHandle(forWritingTo: log)
            publish.standardError = publish.standardOutput
        } else {
            publish.standardOutput = FileHandle.nullDevice
            publish.standardError = FileHandle.nullDevice
        }
        try publish.run()
        return publish
    }

    /// `gamepack publish` of `pack` to the production channel through instance `index`.
    func publish(_ pack: TestPacks.Built, key: URL, through index: Int) async throws -> CommandResult {
        try await CommandRunner.runOffPool(
            TestPaths.gamepackBinary, publishArguments(pack, key: key, through: index), in: folder,
            environment: ["GAMEPACK_TOKEN": token])
    }

    /// A GET without any cache: the status, the body and the `Retry-After` header.
    static func get(_ url: String) async throws -> (status: Int, body: Data, retryAfter: String?) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: URLRequest(url: URL(string: url)!))
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, data, http?.value(forHTTPHeaderField: "Retry-After"))
    }
}
