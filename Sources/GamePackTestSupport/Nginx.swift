import Foundation
import Testing

/// A real nginx on a free loopback port, as an unprivileged foreground process with its own
/// prefix folder: serving a static tree (`init(root:gzip:)`) or proxying to an `upstream`
/// (`init(server:http:)`); stopped by `stop()` or on deinit.
public final class Nginx: @unchecked Sendable {
    let process = Process()
    /// The port nginx listens on, on 127.0.0.1.
    public let port: Int
    /// nginx's prefix folder: its configuration, logs and temporary files.
    public let prefix: URL
    /// `http://127.0.0.1:PORT/`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }
    /// `request status range bytes_sent` per request.
    public var accessLog: URL { prefix.appendingPathComponent("access.log") }

    /// The nginx executable, where Debian installs it.
    public static var binary: URL? {
        ["/usr/sbin/nginx", "/usr/bin/nginx"].map(URL.init(fileURLWithPath:)).first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }

    /// Serves the static tree `root`.
    /// - Parameter gzip: compress every response for clients that accept it (files have no
    ///   extension, so by the default type).
    public convenience init(root: URL, gzip: Bool = false) throws {
        try self.init(
            server: """
                root \(root.path);
                \(gzip ? "gzip on; gzip_min_length 1; gzip_types application/octet-stream application/json;" : "")
                """)
    }

    /// - Parameters:
    ///   - server: the directives of the one `server` block, after its `listen`.
    ///   - http: directives of the `http` block before it, such as an `upstream` block.
    public init(server: String, http: String = "") throws {
        try ExternalTool.nginx.require()
        guard let binary = Self.binary else { throw TestPackError(description: "nginx is not installed: apt-get install nginx") }
        port = try freePort()
        prefix = FileManager.default.temporaryDirectory.appendingPathComponent("gamepack-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("tmp"), withIntermediateDirectories: true)
        let temp = prefix.appendingPathComponent("tmp").path
        let config = """
            worker_processes 1;
            error_log \(prefix.path)/error.log;
            events { worker_connections 1024; }
            http {
                log_format ranges '$request $status "$http_range" $body_bytes_sent';
                access_log \(prefix.path)/access.log ranges;
                client_body_temp_path \(temp)/body;
                proxy_temp_path \(temp)/proxy;
                fastcgi_temp_path \(temp)/fastcgi;
                uwsgi_temp_path \(temp)/uwsgi;
                scgi_temp_path \(temp)/scgi;
                default_type application/octet-stream;
                types { application/json json; }
                \(http)
                server {
                    listen 127.0.0.1:\(port);
                    \(server)
                }
            }
            """
        let configFile = prefix.appendingPathComponent("nginx.conf")
        try Data(config.utf8).write(to: configFile)
        process.executableURL = binary
        process.arguments = [
            "-p", prefix.path, "-c", configFile.path, "-g", "daemon off; pid \(prefix.path)/nginx.pid;",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        do {
            try waitForPort(port)
        } catch {
            let log = (try? String(contentsOf: prefix.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
            stop()
            throw TestPackError(description: "nginx did not start: \(log)")
        }
    }

    /// The access log's lines, read once nginx has had a moment to write the last ones.
    public func requests() -> [String] {
        usleep(150_000)
        return ((try? String(contentsOf: accessLog, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Stops nginx and waits for it.
    public func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: prefix)
    }
}
