import Foundation
import GamePackFormat
import GamePackTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import GamePackServer

/// A server over a fresh store, a trusted key, a token, and packs to publish.
final class ServerFixture: @unchecked Sendable {
    let storeFixture: StoreFixture
    let server: ContentServer
    let packs: TestPacks
    let token: String
    var data: URL { storeFixture.directory.appendingPathComponent("data") }

    init(_ kind: StoreKind, uploadLimit: Int64 = 64 << 20, secret: String? = "hike-secret") async throws {
        storeFixture = try await StoreFixture.make(kind)
        packs = try TestPacks()
        let (token, stored) = UploadTokens.create()
        self.token = token
        try await storeFixture.store.insertToken(stored)
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        server = try ContentServer(
            configuration: ServerConfiguration(
                dataDirectory: storeFixture.directory.appendingPathComponent("data"), store: storeFixture.location,
                trustedKeys: [packs.key.publicKey], uploadLimit: uploadLimit, checkinSecret: secret,
                legacyCacheSeconds: 0),
            store: storeFixture.store, logger: logger)
    }

    func tearDown() async {
        packs.remove()
        await storeFixture.tearDown()
    }

    func test(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let app = Application(router: server.makeRouter(), logger: logger)
        try await app.test(.router, body)
    }

    var auth: HTTPFields { [.authorization: "Bearer \(token)"] }

    func upload(
        _ client: some TestClientProtocol, _ pack: TestPacks.Pack, body: Data? = nil, path: String? = nil,
        headers: HTTPFields? = nil
    )
        async throws -> TestResponse
    {
        var fields = headers ?? auth
        if fields[HTTPField.Name("Gamepack-Signature")!] == nil {
            fields[HTTPField.Name("Gamepack-Signature")!] = Data(pack.signature.utf8).base64EncodedString()
        }
        return try await client.execute(
            uri: path ?? "/v1/packs/\(pack.sha256).gamepack", method: .put, headers: fields,
            body: ByteBuffer(bytes: body ?? (try Data(contentsOf: pack.url))))
    }

    func putPointer(_ client: some TestClientProtocol, _ signed: SignedPointer, action: String = "publish", path: String? = nil)
        async throws -> TestResponse
    {
        let body = try JSONEncoder().encode(PointerUpload(signed, action: action))
        return try await client.execute(
            uri: path ?? "/v1/channels/\(signed.pointer.project)/\(signed.pointer.channel).json", method: .put,
            headers: auth, body: ByteBuffer(bytes: body))
    }

    /// Files under the data directory's pack and file folders, and uploads left in tmp/.
    func storedBlobs() -> [String] {
        ["v1/packs", "v1/files", "tmp"].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent(folder).path)) ?? []).map {
                "\(folder)/\($0)"
            }
        }
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    /// The error code of a JSON error body.
    var errorCode: String? { (try? JSONDecoder().decode(APIErrorBody.self, from: Data(buffer: body)))?.error.code }
}

@Suite("Server HTTP API: modern v1, legacy gohike, bad input", .serialized)
struct ServerAPITests {
    @Test("upload, publish, read back: pointer, pack, manifest, files, history, projects", arguments: StoreKind.available)
    func publishAndRead(_ kind: StoreKind) async throws {
        let fixture = try await ServerFixture(kind)
        let pack = try fixture.packs.make(
            sequence: 10, name: "Luxury Shopping", extra: ["assets/photo.jpg": Data(repeating: 7, count: 5000)])
        try await fixture.test { client in
            let first = try await fixture.upload(client, pack)
            #expect(first.status == .created, "\(first.text)")
            let again = try await fixture.upload(client, pack)
            #expect(again.status == .ok, "idempotent: \(again.text)")
            let pointer = try fixture.packs.pointer(pack, channel: "staging")
            let put = try await fixture.putPointer(client, pointer)
            #expect(put.status == .created, "\(put.text)")
            let retry = try await fixture.putPointer(client, pointer)
            #expect(retry.status == .ok, "a retried write of the head is accepted: \(retry.text)")

            let served = try await client.execute(uri: "/v1/channels/gohike-amsterdam/staging.json", method: .get)
            #expect(served.status == .ok)
            #expect(Data(buffer: served.body) == pointer.bytes)
            #expect(served.headers[.cacheControl] == "no-cache")
            let etag = try #require(served.headers[.eTag])
            let notModified = try await client.execute(
                uri: "/v1/channels/gohike-amsterdam/staging.json", method: .get, headers: [.ifNoneMatch: etag])
            #expect(notModified.status == .notModified)
            let signature = try await client.execute(uri: "/v1/channels/gohike-amsterdam/staging.json.minisig", method: .get)
            #expect(signature.text == pointer.signature)
            try Minisign.verify(
                Data(buffer: served.body), signature: try MinisignSignature(fileContents: signature.text),
                publicKey: fixture.packs.key.publicKey)

            let download = try await client.execute(uri: "/v1/packs/\(pack.sha256).gamepack", method: .get)
            #expect(Data(buffer: download.body) == (try Data(contentsOf: pack.url)))
            #expect(download.headers[.eTag] == "\"\(pack.sha256)\"")
            #expect(download.headers[.cacheControl] == "public, max-age=31536000, immutable")
            let manifest = try await client.execute(uri: "/v1/packs/\(pack.sha256).manifest.json", method: .get)
            #expect(Digest.sha256Hex(Data(buffer: manifest.body)) == pack.manifestSHA256)
            let packSignature = try await client.execute(uri: "/v1/packs/\(pack.sha256).gamepack.minisig", method: .get)
            #expect(packSignature.text == pack.signature)
            for file in pack.manifest.files {
                let response = try await client.execute(uri: "/v1/files/\(file.sha256)", method: .get)
                #expect(response.status == .ok)
                #expect(Digest.sha256Hex(Data(buffer: response.body)) == file.sha256, "\(file.path)")
            }

            let history = try await client.execute(uri: "/v1/channels/gohike-amsterdam/staging/history", method: .get)
            let entries = try JSONDecoder().decode(ChannelHistory.self, from: Data(buffer: history.body)).entries
            #expect(entries.count == 1)
            #expect(entries.first?.sequence == 10 && entries.first?.action == "publish")
            #expect(entries.first?.pack == pack.sha256 && entries.first?.recorded != nil)
            #expect(entries.first == (try JSONDecoder().decode(ChannelHistoryEntry.self, from: Data(buffer: put.body))))
            let projects = try await client.execute(uri: "/v1/projects", method: .get)
            #expect(projects.text.contains(#""project":"gohike-amsterdam""#))
            let listed = try JSONDecoder().decode(ProjectList.self, from: Data(buffer: projects.body)).projects
            #expect(listed.map(\.project) == ["gohike-amsterdam"])
            #expect(listed.first?.channels.map(\.channel) == ["staging"] && listed.first?.channels.first?.pack == pack.sha256)
        }
        await fixture.tearDown()
    }

    @Test("conditional GET, byte ranges and gzip on immutable blobs", .tags(.python), .requires(.python3))
    func downloads() async throws {
        let fixture = try await ServerFixture(.sqlite)
        let pack = try fixture.packs.make(sequence: 1, name: "Ranges", padding: 5000)
        try await fixture.test { client in
            #expect(try await fixture.upload(client, pack).status == .created)
            let bytes = try Data(contentsOf: pack.url)
            let uri = "/v1/packs/\(pack.sha256).gamepack"
            let cached = try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: "\"\(pack.sha256)\""])
            #expect(cached.status == .notModified)
            #expect(cached.body.readableBytes == 0)
            let range = try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=10-19"])
            #expect(range.status == .partialContent)
            #expect(Data(buffer: range.body) == bytes[10..<20])
            #expect(range.headers[.contentRange] == "bytes 10-19/\(bytes.count)")
            let suffix = try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=-5"])
            #expect(Data(buffer: suffix.body) == bytes.suffix(5))
            let outside = try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=\(bytes.count + 10)-"])
            #expect(outside.status == .rangeNotSatisfiable)
            #expect(outside.errorCode == "range_not_satisfiable")
            let staleIfRange = try await client.execute(
                uri: uri, method: .get, headers: [.range: "bytes=0-0", .ifRange: "\"other\""])
            #expect(staleIfRange.status == .ok && staleIfRange.body.readableBytes == bytes.count)

            let content = pack.manifest.files[0]
            let gzip = try await client.execute(
                uri: "/v1/files/\(content.sha256)", method: .get, headers: [.acceptEncoding: "gzip, deflate"])
            #expect(gzip.headers[.contentEncoding] == "gzip")
            #expect(gzip.body.readableBytes < Int(content.size) / 2)
            #expect(gzip.headers[.eTag] == "\"\(content.sha256)-gzip\"")
            let plain = try await client.execute(uri: "/v1/files/\(content.sha256)", method: .get)
            #expect(plain.headers[.contentEncoding] == nil)
            #expect(Data(buffer: plain.body) == pack.content)
            let gunzip = try gunzipWithPython(Data(buffer: gzip.body))
            #expect(gunzip == pack.content)
        }
        await fixture.tearDown()
    }

    /// Decompresses with Python's gzip module: a reader independent of zlib's Swift wrapper here.
    func gunzipWithPython(_ data: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", "import gzip,sys; sys.stdout.buffer.write(gzip.decompress(sys.stdin.buffer.read()))",
        ]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(data)
        try input.fileHandleForWriting.close()
        let result = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return result
    }

    @Test("bad input gets the right 4xx with a JSON error, and nothing is stored", arguments: StoreKind.available)
    func badInput(_ kind: StoreKind) async throws {
        let fixture = try await ServerFixture(kind, uploadLimit: 20_000)
        let pack = try fixture.packs.make(sequence: 5, name: "Good")
        let big = try fixture.packs.make(
            sequence: 6, name: "Big", extra: ["assets/big.bin": Data((0..<30_000).map { UInt8($0 % 251) })])
        let stranger = MinisignSecretKey.generate()
        try await fixture.test { client in
            let bytes = try Data(contentsOf: pack.url)
            // Tokens.
            let noToken = try await fixture.upload(client, pack, headers: [:])
            #expect(noToken.status == .unauthorized && noToken.errorCode == "missing_token")
            #expect(noToken.headers[.wwwAuthenticate] == "Bearer")
            let badToken = try await fixture.upload(client, pack, headers: [.authorization: "Bearer gpt_nope"])
            #expect(badToken.status == .unauthorized && badToken.errorCode == "bad_token")
            // A signature by a key the server does not trust.
            let foreign = try Minisign.sign(fileAt: pack.url, with: stranger, trustedComment: "gamepack project=x version=y ")
            var headers = fixture.auth
            headers[HTTPField.Name("Gamepack-Signature")!] = Data(foreign.fileContents.utf8).base64EncodedString()
            let unknownKey = try await fixture.upload(client, pack, headers: headers)
            #expect(unknownKey.status == .forbidden && unknownKey.errorCode == "unknown_key")
            // Tampered: one byte changed, addressed by the tampered bytes' own hash.
            var tampered = bytes
            tampered[tampered.count / 2] ^= 0x01
            let tamperedResponse = try await fixture.upload(
                client, pack, body: tampered, path: "/v1/packs/\(Digest.sha256Hex(tampered)).gamepack")
            #expect(tamperedResponse.status == .unprocessableContent && tamperedResponse.errorCode == "bad_signature")
            // Truncated: the first half, addressed by the whole pack's hash.
            let truncated = try await fixture.upload(client, pack, body: bytes.prefix(bytes.count / 2))
            #expect(truncated.status == .badRequest && truncated.errorCode == "hash_mismatch")
            // Oversized.
            let oversized = try await fixture.upload(client, big)
            #expect(oversized.status == .contentTooLarge && oversized.errorCode == "too_large")
            // Bad signature header.
            var garbage = fixture.auth
            garbage[HTTPField.Name("Gamepack-Signature")!] = "!!!"
            #expect(try await fixture.upload(client, pack, headers: garbage).errorCode == "bad_signature_format")
            // Path tricks.
            for path in [
                "/v1/packs/..%2F..%2Fgamepack.sqlite", "/v1/packs/../../gamepack.sqlite", "/v1/files/..%2Fgamepack.sqlite",
                "/v1/files/../gamepack.sqlite", "/v1/channels/..%2F..%2F/x.json", "/v1/packs/%2e%2e%2fetc%2fpasswd.gamepack",
                "/v1/files/\(String(repeating: "A", count: 64))",
            ] {
                let response = try await client.execute(uri: path, method: .get)
                #expect((400..<500).contains(response.status.code), "\(path): \(response.status)")
                #expect(response.errorCode != nil, "\(path): JSON error")
                #expect(!response.text.contains("SQLite"))
            }
            let trickUpload = try await fixture.upload(client, pack, path: "/v1/packs/..%2F..%2Fevil.gamepack")
            #expect((400..<500).contains(trickUpload.status.code) && trickUpload.errorCode != nil)
            #expect(fixture.storedBlobs().isEmpty, "nothing stored: \(fixture.storedBlobs())")
            #expect(try await fixture.server.store.pack(sha256: pack.sha256) == nil)

            // Pointers.
            let missingPack = try await fixture.putPointer(client, try fixture.packs.pointer(pack, channel: "staging"))
            #expect(missingPack.status == .unprocessableContent && missingPack.errorCode == "pack_missing")
            #expect(try await fixture.upload(client, pack).status == .created)
            let malformed = try await client.execute(
                uri: "/v1/channels/gohike-amsterdam/staging.json", method: .put, headers: fixture.auth,
                body: ByteBuffer(string: "{\"pointer\": "))
            #expect(malformed.status == .badRequest && malformed.errorCode == "malformed_json")
            let strangerPointer = try fixture.packs.pointer(pack, channel: "staging", key: stranger)
            #expect(try await fixture.putPointer(client, strangerPointer).errorCode == "unknown_key")
            let wrongPath = try await fixture.putPointer(
                client, try fixture.packs.pointer(pack, channel: "staging"), path: "/v1/channels/gohike-amsterdam/production.json"
            )
            #expect(wrongPath.status == .badRequest && wrongPath.errorCode == "path_mismatch")
            let expired = try fixture.packs.pointer(pack, channel: "staging", expires: Date().addingTimeInterval(-60))
            #expect(try await fixture.putPointer(client, expired).errorCode == "pointer_expired")
            var forged = try fixture.packs.pointer(pack, channel: "staging", sequence: 7)
            forged.bytes = try fixture.packs.pointer(pack, channel: "staging", sequence: 8).bytes
            #expect(try await fixture.putPointer(client, forged).errorCode == "bad_signature")
            #expect(try await fixture.server.store.head(project: "gohike-amsterdam", channel: "staging") == nil)

            #expect(
                try await fixture.putPointer(client, try fixture.packs.pointer(pack, channel: "staging", sequence: 7)).status
                    == .created)
            let lower = try await fixture.putPointer(client, try fixture.packs.pointer(pack, channel: "staging", sequence: 6))
            #expect(lower.status == .conflict && lower.errorCode == "sequence_not_increasing")
            let same = try await fixture.putPointer(
                client, try fixture.packs.pointer(pack, channel: "staging", sequence: 7, expires: Date().addingTimeInterval(3600))
            )
            #expect(same.status == .conflict)
            let unauthenticated = try await client.execute(
                uri: "/v1/channels/gohike-amsterdam/staging.json", method: .put, body: ByteBuffer(string: "{}"))
            #expect(unauthenticated.status == .unauthorized)
            #expect(try await fixture.server.store.history(project: "gohike-amsterdam", channel: "staging", limit: 10).count == 1)
        }
        await fixture.tearDown()
    }

    @Test("error bodies: status, code, message in that order, byte for byte; writes check the token before the path")
    func errorBodies() async throws {
        let fixture = try await ServerFixture(.sqlite)
        let pack = try fixture.packs.make(sequence: 1, name: "Body")
        try await fixture.test { client in
            let noToken = try await fixture.upload(client, pack, headers: [:])
            #expect(
                noToken.text
                    == #"{"error":{"status":401,"code":"missing_token","message":"writes need Authorization: Bearer <token> (gamepack serve token create)"}}"#
                    + "\n")
            #expect(noToken.headers[.contentType] == "application/json; charset=utf-8")
            #expect(noToken.headers[.cacheControl] == "no-store")
            let unknown = try await client.execute(uri: "/v1/packs/nothing", method: .get)
            #expect(
                unknown.text == #"{"error":{"status":404,"code":"not_found","message":"no such pack: \/v1\/packs\/nothing"}}"#
                    + "\n")
            // The bearer token middleware runs before the handler looks at the path.
            let badPathNoToken = try await client.execute(
                uri: "/v1/channels/gohike-amsterdam/staging.json.minisig", method: .put, body: ByteBuffer(string: "{}"))
            #expect(badPathNoToken.status == .unauthorized && badPathNoToken.errorCode == "missing_token")
            let badPath = try await client.execute(
                uri: "/v1/channels/gohike-amsterdam/staging.json.minisig", method: .put, headers: fixture.auth,
                body: ByteBuffer(string: "{}"))
            #expect(
                badPath.text
                    == #"{"error":{"status":400,"code":"bad_path","message":"write a channel at \/v1\/channels\/<project>\/<channel>.json"}}"#
                    + "\n")
            let tooLarge = try await client.execute(
                uri: "/v1/channels/gohike-amsterdam/staging.json", method: .put, headers: fixture.auth,
                body: ByteBuffer(repeating: UInt8(ascii: " "), count: 70_000))
            #expect(
                tooLarge.text
                    == #"{"error":{"status":413,"code":"too_large","message":"the body is 70000 bytes; at most 65536 are accepted here"}}"#
                    + "\n")
        }
        await fixture.tearDown()
    }

    @Test("two concurrent publishes to one channel: exactly one wins per sequence", arguments: StoreKind.available)
    func concurrentPublishes(_ kind: StoreKind) async throws {
        let fixture = try await ServerFixture(kind)
        let a = try fixture.packs.make(sequence: 3, name: "A")
        let b = try fixture.packs.make(sequence: 3, name: "B")
        try await fixture.test { client in
            #expect(try await fixture.upload(client, a).status == .created)
            #expect(try await fixture.upload(client, b).status == .created)
            for round in Int64(3)...6 {
                let pointers = [
                    try fixture.packs.pointer(a, channel: "production", sequence: round),
                    try fixture.packs.pointer(b, channel: "production", sequence: round),
                ]
                let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                    for pointer in pointers { group.addTask { try await fixture.putPointer(client, pointer).status.code } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(statuses.sorted() == [201, 409], "round \(round): \(statuses)")
            }
        }
        let history = try await fixture.server.store.history(project: "gohike-amsterdam", channel: "production", limit: 10)
        #expect(history.map(\.sequence) == [6, 5, 4, 3])
        await fixture.tearDown()
    }

    @Test("legacy gohike API: ping (JSON and form), content with Content-Version, check-ins with the secret")
    func legacyAPI() async throws {
        let fixture = try await ServerFixture(.sqlite)
        let old = try fixture.packs.make(sequence: 1, name: "Old")
        let new = try fixture.packs.make(sequence: 2, name: "New")
        try await fixture.test { client in
            let empty = try await client.execute(
                uri: "/api/ping", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{}"))
            #expect(empty.status == .serviceUnavailable && empty.errorCode == "no_legacy_content")
            for pack in [old, new] {
                #expect(try await fixture.upload(client, pack).status == .created)
                #expect(
                    try await fixture.putPointer(client, try fixture.packs.pointer(pack, channel: "production")).status
                        == .created)
            }
            let oldVersion = old.manifest.versions["gohike"]!, newVersion = new.manifest.versions["gohike"]!
            let update = try await client.execute(
                uri: "/api/ping", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"version":"\#(oldVersion)"}"#))
            #expect(update.status == .ok)
            #expect(update.text == #"{"status":"update","size":\#(new.content.count)}"#)
            let ok = try await client.execute(
                uri: "/api/ping", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "version=\(newVersion)"))
            #expect(ok.text == #"{"status":"ok"}"#)
            let noVersion = try await client.execute(uri: "/api/ping", method: .post)
            #expect(noVersion.text.hasPrefix(#"{"status":"update""#))
            let badJSON = try await client.execute(
                uri: "/api/ping", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{version")
            )
            #expect(badJSON.status == .badRequest && badJSON.errorCode == "malformed_json")

            let content = try await client.execute(uri: "/api/content", method: .get)
            #expect(Data(buffer: content.body) == new.content)
            #expect(content.headers[HTTPField.Name("Content-Version")!] == newVersion)
            #expect(content.headers[.contentType] == "application/json; charset=utf-8")

            let checkin =
                #"{"identifier":"device-1","checkins":[{"location_id":12,"route_id":13,"timestamp":"2013-06-01 10:00:00 +0200"},{"location_id":"14","route_id":13,"timestamp":"2013-06-01 10:05:00 +0200"}]}"#
            let noSecret = try await client.execute(uri: "/api/checkin", method: .post, body: ByteBuffer(string: checkin))
            #expect(noSecret.status == .unauthorized && noSecret.errorCode == "bad_secret")
            let wrongSecret = try await client.execute(
                uri: "/api/checkin", method: .post, headers: [HTTPField.Name("Take-A-Hike-Secret")!: "nope"],
                body: ByteBuffer(string: checkin))
            #expect(wrongSecret.status == .unauthorized)
            for _ in 0..<2 {
                let stored = try await client.execute(
                    uri: "/api/checkin", method: .post,
                    headers: [HTTPField.Name("Take-A-Hike-Secret")!: "hike-secret", .contentType: "application/json"],
                    body: ByteBuffer(string: checkin))
                #expect(stored.status == .ok && stored.text == #"{"status":"ok"}"#)
            }
            let malformed = try await client.execute(
                uri: "/api/checkin", method: .post, headers: [HTTPField.Name("Take-A-Hike-Secret")!: "hike-secret"],
                body: ByteBuffer(string: #"{"identifier":"x","checkins":[{"route_id":1}]}"#))
            #expect(malformed.status == .badRequest && malformed.errorCode == "malformed_json")
        }
        #expect(try await fixture.server.store.checkins(device: "device-1").count == 2)
        await fixture.tearDown()
    }

    @Test("health and Prometheus metrics")
    func healthAndMetrics() async throws {
        let fixture = try await ServerFixture(.sqlite)
        try await fixture.test { client in
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(health.status == .ok && health.text == #"{"status":"ok"}"#)
            _ = try await client.execute(uri: "/nowhere", method: .get)
            let metrics = try await client.execute(uri: "/metrics", method: .get)
            #expect(metrics.text.contains("# TYPE gamepack_http_requests_total counter"))
            #expect(metrics.text.contains(#"gamepack_http_requests_total{route="/health",method="GET",status="200"} 1"#))
            #expect(metrics.text.contains(#"status="404"} 1"#))
        }
        await fixture.tearDown()
    }
}
