import AsyncHTTPClient
import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackPublishing

/// The publishing client's proxy settings (`ContentServerClient+Proxy`): read as curl reads them,
/// and used, through a real CONNECT proxy on loopback.
extension PublishingClientTests {
    typealias Proxy = HTTPClient.Configuration.Proxy

    static func choice(_ url: String, _ environment: [String: String]) throws -> ContentServerClient.ProxyChoice? {
        try ContentServerClient.proxy(for: URL(string: url)!, environment: environment)
    }

    @Test("the proxy comes from https_proxy, http_proxy or all_proxy; no_proxy and this machine go direct")
    func proxyChoice() throws {
        let https = "https://packs.example.com/v1"
        #expect(try Self.choice(https, [:]) == nil)
        #expect(
            try Self.choice(https, ["https_proxy": "http://proxy.example:3128"])
                == .init(proxy: .server(host: "proxy.example", port: 3128), variable: "https_proxy"))
        #expect(try Self.choice(https, ["HTTPS_PROXY": "proxy.example"])?.proxy == .server(host: "proxy.example", port: 1080))
        #expect(try Self.choice(https, ["http_proxy": "http://proxy.example:3128"]) == nil, "http_proxy is for http")
        // Upper-case HTTP_PROXY is ignored, as curl does.
        #expect(try Self.choice("http://packs.example.com", ["HTTP_PROXY": "http://proxy.example:3128"]) == nil)
        #expect(try Self.choice("http://packs.example.com", ["http_proxy": "proxy.example:8080"])?.variable == "http_proxy")
        #expect(
            try Self.choice(https, ["ALL_PROXY": "socks5://tor.example:9050"])
                == .init(proxy: .socksServer(host: "tor.example", port: 9050), variable: "ALL_PROXY"))
        #expect(
            try Self.choice(https, ["https_proxy": "http://ci%20bot:p%40ss@proxy.example:3128"])?.proxy
                == .server(host: "proxy.example", port: 3128, authorization: .basic(username: "ci bot", password: "p@ss")))

        let proxied = ["https_proxy": "http://proxy.example:3128"]
        for noProxy in ["example.com", ".example.com", "other.org, packs.example.com", "example.com:443", "*"] {
            #expect(try Self.choice(https, proxied.merging(["no_proxy": noProxy]) { $1 }) == nil, "\(noProxy)")
        }
        #expect(try Self.choice(https, proxied.merging(["NO_PROXY": "other.org,ample.com"]) { $1 }) != nil)
        for local in ["https://localhost:8443", "https://127.0.0.1:8443", "https://[::1]:8443"] {
            #expect(try Self.choice(local, proxied) == nil, "\(local)")
        }

        let refusal = #expect(throws: ContentServerClient.Failure.self) {
            try Self.choice(https, ["https_proxy": "ftp://proxy.example:21"])
        }
        #expect(refusal?.code == "proxy")
        #expect(refusal?.message.hasPrefix("https_proxy=ftp://proxy.example:21 is not a proxy gamepack can use") == true)
    }

    @Test("through http_proxy, a CONNECT proxy carries uploads and reads to a server name only it can reach")
    func throughProxy() async throws {
        let python = try #require(CommandRunner.which("python3"), "python3 runs the test's CONNECT proxy")
        let fixture = try await ServerFixture(.sqlite)
        let pack = try fixture.packs.make(sequence: 6, name: "Proxied")
        try await live(fixture, token: fixture.token) { direct async throws in
            let port = try #require(direct.baseURL.port)
            let log = fixture.packs.folder.appendingPathComponent("proxy.log")
            let proxy = Process()
            proxy.executableURL = python
            proxy.arguments = [
                TestPaths.fixtures("GamePackServerTests").appendingPathComponent("connect_proxy.py").path, "\(port)", log.path,
            ]
            let output = Pipe()
            proxy.standardOutput = output
            // Not the test's own output: swift test would wait for the proxy to close it.
            proxy.standardError = FileHandle.nullDevice
            proxy.standardInput = FileHandle.nullDevice
            try proxy.run()
            defer {
                proxy.terminate()
                proxy.waitUntilExit()
            }
            var first = Data()
            while !first.contains(UInt8(ascii: "\n")) {
                let more = output.fileHandleForReading.availableData
                try #require(!more.isEmpty, "the proxy printed no port")
                first += more
            }
            let printed = String(decoding: first, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let proxyPort = try #require(Int(printed))

            // `.invalid` never resolves: only the proxy, which tunnels to the server, gets there.
            let base = "http://gamepack-proxy-test.invalid:\(port)/"
            let client = ContentServerClient(
                baseURL: URL(string: base)!, token: fixture.token, environment: ["http_proxy": "http://127.0.0.1:\(proxyPort)"])
            #expect(try await client.uploadPack(at: pack.url, sha256: pack.sha256, signature: pack.signature))
            #expect(try await client.manifest(pack: pack.sha256) == pack.manifest)
            let requests = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
            let connect = "CONNECT gamepack-proxy-test.invalid:\(port) HTTP/1.1"
            #expect(!requests.isEmpty && requests.allSatisfy { $0 == connect }, "\(requests)")

            let unreachable = ContentServerClient(
                baseURL: URL(string: base)!, token: nil, environment: ["http_proxy": "http://127.0.0.1:1"])
            let failure = await #expect(throws: ContentServerClient.Failure.self) { try await unreachable.projects() }
            #expect(
                failure?.message
                    == "cannot reach \(base)v1/projects through the proxy 127.0.0.1:1 (http_proxy): "
                    + "Connection refused (127.0.0.1 port 1)")
        }
        await fixture.tearDown()
    }
}
