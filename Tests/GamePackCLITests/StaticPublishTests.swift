import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

/// `gamepack publish --to DIR` served by a real nginx and fetched over HTTP by Python requests;
/// the stock minisign checks the pointer and the pack it names.
@Suite(
    "gamepack publish --to DIR, served by nginx", .tags(.nginx, .minisign, .python),
    .requires(.nginx, .minisign, .requests))
struct StaticPublishTests {
    static let nginx = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test("a static tree served by nginx: pointer, signatures, pack and files fetched over HTTP")
    func nginxServesTree() throws {
        try ExternalTool.nginx.require()
        try ExternalTool.requests.require()
        let nginx = try #require(Self.nginx)
        let minisign = try #require(CommandRunner.which("minisign"), "minisign is not installed")
        let temp = try TemporaryDirectory()
        #expect(try CommandRunner.gamepack(["keygen", "--out", "key"], in: temp.url).status == 0)
        let build = try CommandRunner.gamepack(
            [
                "build", TestPaths.example("gohike-amsterdam").path, "--out", "out", "--sign", "key.key", "--sequence", "42",
                "--quiet",
            ],
            in: temp.url, environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        #expect(build.status == 0, "\(build.stderr)")
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: temp.url.appendingPathComponent("out").path)
                .first { $0.hasSuffix(".gamepack") })
        let pack = temp.url.appendingPathComponent("out/\(name)")
        let publish = try CommandRunner.gamepack(
            ["publish", pack.path, "--to", "tree", "--channel", "production", "--key", "key.key"], in: temp.url)
        #expect(publish.status == 0, "\(publish.stdout)\(publish.stderr)")
        let again = try CommandRunner.gamepack(
            ["publish", pack.path, "--to", "tree", "--channel", "production", "--key", "key.key", "--expires-in", "1d"],
            in: temp.url)
        #expect(again.status == 0, "publishing the pack the channel serves again changes nothing: \(again.stderr)")

        let port = try #require(
            Int(
                try CommandRunner.run(
                    URL(fileURLWithPath: "/usr/bin/env"),
                    ["python3", "-c", "import socket; s=socket.socket(); s.bind(('127.0.0.1',0)); print(s.getsockname()[1])"]
                ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        let root = temp.url.path
        let config = """
            daemon off; master_process off; worker_processes 1;
            pid \(root)/nginx.pid; error_log \(root)/nginx-error.log;
            events { worker_connections 64; }
            http {
                access_log off;
                client_body_temp_path \(root)/nginx-body; proxy_temp_path \(root)/nginx-proxy;
                fastcgi_temp_path \(root)/nginx-fastcgi; uwsgi_temp_path \(root)/nginx-uwsgi; scgi_temp_path \(root)/nginx-scgi;
                types { application/json json; }
                default_type application/octet-stream;
                server { listen 127.0.0.1:\(port); root \(root)/tree; }
            }
            """
        try Data(config.utf8).write(to: temp.url.appendingPathComponent("nginx.conf"))
        let server = Process()
        server.executableURL = URL(fileURLWithPath: nginx)
        server.arguments = ["-c", temp.url.appendingPathComponent("nginx.conf").path, "-p", root]
        server.standardError = FileHandle.standardError
        try server.run()
        defer {
            // SIGKILL: a single-process nginx started by Foundation's Process does not always
            // act on SIGTERM, and waiting for it would block the test runner for good.
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        let fetch = try CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", "-c",
                """
                import hashlib, json, sys, time, requests
                base, out = sys.argv[1], sys.argv[2]
                for _ in range(100):
                    try:
                        pointer = requests.get(base + '/v1/channels/gohike-amsterdam/production.json', timeout=5); break
                    except requests.ConnectionError:
                        time.sleep(0.05)
                pointer.raise_for_status()
                open(out + '/pointer.json', 'wb').write(pointer.content)
                open(out + '/pointer.json.minisig', 'wb').write(requests.get(base + '/v1/channels/gohike-amsterdam/production.json.minisig').content)
                p = pointer.json()
                pack = requests.get(base + '/v1/packs/' + p['pack'] + '.gamepack').content
                assert hashlib.sha256(pack).hexdigest() == p['pack'] and len(pack) == p['size']
                open(out + '/fetched.gamepack', 'wb').write(pack)
                open(out + '/fetched.gamepack.minisig', 'wb').write(requests.get(base + '/v1/packs/' + p['pack'] + '.gamepack.minisig').content)
                manifest = requests.get(base + '/v1/packs/' + p['pack'] + '.manifest.json').content
                assert hashlib.sha256(manifest).hexdigest() == p['manifest']
                for f in json.loads(manifest)['files']:
                    body = requests.get(base + '/v1/files/' + f['sha256']).content
                    assert hashlib.sha256(body).hexdigest() == f['sha256'], f['path']
                print(p['sequence'], len(json.loads(manifest)['files']))
                """,
                "http://127.0.0.1:\(port)", root,
            ])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(fetch.stdout.hasPrefix("42 "), "\(fetch.stdout)")
        let pointerCheck = try CommandRunner.run(minisign, ["-Vm", "\(root)/pointer.json", "-p", "\(root)/key.pub"])
        #expect(pointerCheck.status == 0, "\(pointerCheck.stderr)")
        #expect(pointerCheck.stdout.contains("gamepack channel pointer gohike-amsterdam/production sequence 42"))
        let packCheck = try CommandRunner.run(minisign, ["-Vm", "\(root)/fetched.gamepack", "-p", "\(root)/key.pub"])
        #expect(packCheck.status == 0, "\(packCheck.stderr)")
    }
}
