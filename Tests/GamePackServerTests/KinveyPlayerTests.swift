import Foundation
import GamePackFormat
import GamePackTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import GamePackServer

/// Kinvey users, sessions and player data: who may read and write what, the caps, and the
/// headers and error shape every Kinvey answer has.
@Suite("Kinvey users, sessions and player data")
struct KinveyPlayerTests {
    static let apps = [
        KinveyApp(
            appKey: "kid_a", appSecret: "secret-a", project: "whack-a-vc", channel: "production", name: "Whack-A-VC",
            collections: ["VC-Details": "vcs"],
            playerData: [
                "whacks": KinveyPlayerCollection(read: .all), "notes": KinveyPlayerCollection(read: .creator),
            ],
            limits: KinveyPlayerLimits(bodyBytes: 512, entitiesPerUser: 3, blobBytesPerUser: 1_000)),
        KinveyApp(
            appKey: "kid_b", appSecret: "secret-b", project: "whack-a-vc", channel: "production",
            playerData: ["whacks": KinveyPlayerCollection(read: .all)]),
        KinveyApp(
            appKey: "kid_short", appSecret: "secret-s", project: "whack-a-vc", channel: "production",
            limits: KinveyPlayerLimits(sessionSeconds: 1)),
    ]

    static func basic(_ name: String, _ password: String) -> HTTPFields {
        [.authorization: "Basic " + Data("\(name):\(password)".utf8).base64EncodedString()]
    }

    static func session(_ token: String) -> HTTPFields { [.authorization: "Kinvey \(token)"] }

    /// Runs `body` against a server with `apps` on a fresh store of `kind` where the Whack-A-VC
    /// samples are published, then removes the store.
    static func withServer(
        _ kind: StoreKind, publicURL: String? = nil, live: Bool = false,
        _ body: @escaping @Sendable (ContentFixture, any TestClientProtocol) async throws -> Void
    ) async throws {
        let fixture = try await ContentFixture(kind, apps: apps, publicURL: publicURL)
        try await fixture.test(live: live) { client in
            try await fixture.publish(
                client, project: "whack-a-vc", sequence: 1, files: ContentSamples.whackAVC(images: ContentSamples.images()))
            try await body(fixture, client)
        }
    }

    /// A new implicit user of `app`: its `_id`, username, password and session token.
    static func user(_ client: some TestClientProtocol, _ app: String, _ secret: String) async throws
        -> (id: String, username: String, password: String, token: String)
    {
        let created = try await client.execute(
            uri: "/user/\(app)/", method: .post, headers: basic(app, secret), body: ByteBuffer(string: #"{"UDID":"x"}"#))
        #expect(created.status == .created, "\(created.text)")
        let kmd = created.object["_kmd"] as? [String: Any]
        return (
            created.object["_id"] as? String ?? "", created.object["username"] as? String ?? "",
            created.object["password"] as? String ?? "", kmd?["authtoken"] as? String ?? ""
        )
    }

    @Test(
        "implicit users: created with the app's secret, then Basic user:password or the session token",
        arguments: StoreKind.available)
    func users(_ kind: StoreKind) async throws {
        try await Self.withServer(kind) { fixture, client in
            // (The 0.5 s KinveyKit allows is the replay's check: no timed unit tests here.)
            let user = try await Self.user(client, "kid_a", "secret-a")
            #expect(user.id.count == 24 && !user.username.isEmpty && !user.password.isEmpty && !user.token.isEmpty)

            // The database holds a slow hash of the password and the token's SHA-256, never either in clear.
            let store = try #require(fixture.storeFixture.store as? any AccountStore)
            // The slow hash is made after the answer; until then the stored placeholder matches nothing.
            var stored = try #require(try await store.account(realm: "kinvey:kid_a", username: user.username))
            for _ in 0..<200 where !stored.passwordHash.hasPrefix("pbkdf2") {
                try await Task.sleep(for: .milliseconds(100))
                stored = try #require(try await store.account(realm: "kinvey:kid_a", username: user.username))
            }
            #expect(stored.passwordHash.hasPrefix("pbkdf2-sha256$100000$") && !stored.passwordHash.contains(user.password))
            #expect(PasswordHash.verify(user.password, against: stored.passwordHash))
            #expect(try await store.session(tokenHash: UserAccounts.hash(token: user.token))?.realm == "kinvey:kid_a")
            #expect(try await store.session(tokenHash: user.token) == nil)

            let me = try await client.execute(
                uri: "/user/kid_a/", method: .get, headers: Self.basic(user.username, user.password))
            #expect(me.status == .ok && me.array.count == 1 && me.array.first?["username"] as? String == user.username)
            #expect(me.array.first?["password"] == nil)
            let meByToken = try await client.execute(uri: "/user/kid_a/_me", method: .get, headers: Self.session(user.token))
            #expect(meByToken.object["_id"] as? String == user.id && meByToken.object["password"] == nil)

            let refusals: [(String, HTTPFields)] = [
                ("/user/kid_a/_me", Self.basic(user.username, "wrong")), ("/user/kid_a/_me", Self.session("not-a-token")),
                ("/appdata/kid_a", Self.basic("kid_a", "wrong-secret")), ("/appdata/kid_nope", Self.basic("kid_nope", "x")),
                ("/user/kid_b/_me", Self.session(user.token)), ("/appdata/kid_b", Self.basic(user.username, user.password)),
            ]
            for (path, headers) in refusals {
                let refused = try await client.execute(uri: path, method: .get, headers: headers)
                #expect(refused.status == .unauthorized && refused.object["error"] as? String == "InvalidCredentials", "\(path)")
                #expect(refused.object.values.allSatisfy { $0 is String }, "Kinvey's error shape has strings only")
            }

            let login = try await client.execute(
                uri: "/user/kid_a/login", method: .post, headers: Self.basic("kid_a", "secret-a"),
                body: ByteBuffer(string: #"{"username":"\#(user.username)","password":"\#(user.password)"}"#))
            let second = try #require((login.object["_kmd"] as? [String: Any])?["authtoken"] as? String)
            #expect(second != user.token)
            let logout = try await client.execute(uri: "/user/kid_a/_logout", method: .post, headers: Self.session(second))
            #expect(logout.status == .noContent)
            let afterLogout = try await client.execute(uri: "/user/kid_a/_me", method: .get, headers: Self.session(second))
            #expect(afterLogout.status == .unauthorized)

            // A session of an app whose sessions last 1 second (the shortest): expired 2 s later.
            let short = try await Self.user(client, "kid_short", "secret-s")
            try await Task.sleep(for: .milliseconds(2_100))
            let expired = try await client.execute(uri: "/user/kid_short/_me", method: .get, headers: Self.session(short.token))
            #expect(expired.status == .unauthorized && (expired.object["debug"] as? String ?? "").contains("expired"))

            let save = try await client.execute(
                uri: "/user/kid_a/", method: .put, headers: Self.basic(user.username, user.password),
                body: ByteBuffer(string: #"{"_id":"","username":"x","password":"y","twUserName":"someone"}"#))
            #expect(save.status == .ok && save.object["twUserName"] as? String == "someone")
            #expect(save.object["username"] as? String == user.username)
        }
    }

    @Test("player data: creator writes, others read or 403, caps 413, content 405", arguments: StoreKind.available)
    func playerData(_ kind: StoreKind) async throws {
        try await Self.withServer(kind) { _, client in
            let alice = try await Self.user(client, "kid_a", "secret-a")
            let bob = try await Self.user(client, "kid_a", "secret-a")
            let (aliceAuth, bobAuth) = (Self.basic(alice.username, alice.password), Self.session(bob.token))
            func send(_ method: HTTPRequest.Method, _ path: String, _ headers: HTTPFields, _ body: String? = nil) async throws
                -> TestResponse
            {
                try await client.execute(uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
            }

            let saved = try await send(.post, "/appdata/kid_a/whacks/", aliceAuth, #"{"vcId":"1","whackCount":"12"}"#)
            #expect(saved.status == .created)
            let id = try #require(saved.object["_id"] as? String)
            #expect((saved.object["_acl"] as? [String: Any])?["creator"] as? String == alice.id)
            let lmt = (saved.object["_kmd"] as? [String: Any])?["lmt"] as? String ?? ""
            #expect(lmt.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(lmt)")
            #expect(try await send(.post, "/appdata/kid_a/whacks", bobAuth, #"{"vcId":"2","whackCount":"1"}"#).status == .created)

            // Another user's entity: 403, and it is unchanged.
            let overwrite = try await send(.put, "/appdata/kid_a/whacks/\(id)", bobAuth, #"{"whackCount":"999"}"#)
            #expect(overwrite.status == .forbidden && overwrite.object["error"] as? String == "InsufficientCredentials")
            #expect(try await send(.delete, "/appdata/kid_a/whacks/\(id)", bobAuth).status == .forbidden)
            let mine = try await send(.put, "/appdata/kid_a/whacks/\(id)", aliceAuth, #"{"vcId":"1","whackCount":"13"}"#)
            #expect(mine.status == .ok && mine.object["whackCount"] as? String == "13")

            // Reads: everyone (the app's credentials too) on `all`; the content collections' query
            // language (KinveyFind): operators, sort, skip, limit, fields, _count.
            func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }
            let found = try await send(
                .get, "/appdata/kid_a/whacks/?query=\(encoded(#"{"vcId":"1"}"#))", Self.basic("kid_a", "secret-a"))
            #expect(found.array.map { $0["_id"] as? String } == [id] && found.array.first?["whackCount"] as? String == "13")
            #expect(try await send(.get, "/appdata/kid_a/whacks/_count", bobAuth).object["count"] as? Int == 2)
            let greater = try await send(.get, "/appdata/kid_a/whacks?query=\(encoded(#"{"whackCount":{"$gt":"1"}}"#))", bobAuth)
            #expect(greater.array.map { $0["_id"] as? String } == [id])
            let counted = try await send(
                .get, "/appdata/kid_a/whacks/_count?query=\(encoded(#"{"vcId":{"$in":["1","2"]}}"#))", bobAuth)
            #expect(counted.object["count"] as? Int == 2)
            let sorted = try await send(
                .get, "/appdata/kid_a/whacks?sort=\(encoded(#"{"vcId":-1}"#))&fields=vcId&limit=1", bobAuth)
            #expect(
                sorted.array.count == 1 && sorted.array.first?["vcId"] as? String == "2"
                    && sorted.array.first?["whackCount"] == nil)
            #expect(
                try await send(.get, "/appdata/kid_a/whacks?query=\(encoded(#"{"vcId":{"$where":"1"}}"#))", bobAuth).status
                    == .badRequest)

            // `creator` collections: each user sees only their own.
            #expect(try await send(.post, "/appdata/kid_a/notes", aliceAuth, #"{"text":"mine"}"#).status == .created)
            #expect(try await send(.get, "/appdata/kid_a/notes", bobAuth).array.isEmpty)
            #expect(try await send(.get, "/appdata/kid_a/notes", aliceAuth).array.count == 1)

            // Caps: the body, then the entity count (3 per user), in Kinvey's shape.
            let big = try await send(
                .post, "/appdata/kid_a/whacks", aliceAuth, #"{"x":"\#(String(repeating: "a", count: 600))"}"#)
            #expect(big.status == .contentTooLarge && big.object["error"] as? String == "EntityTooLarge")
            #expect(try await send(.post, "/appdata/kid_a/whacks", aliceAuth, "{}").status == .created)
            let over = try await send(.post, "/appdata/kid_a/whacks", aliceAuth, "{}")
            #expect(over.status == .contentTooLarge && (over.object["debug"] as? String ?? "").contains("at most 3"))
            #expect(try await send(.post, "/appdata/kid_a/whacks", aliceAuth, "[1]").status == .badRequest)

            // Content collections are read-only; the app's own credentials do not write.
            let content = try await send(.post, "/appdata/kid_a/phrases", aliceAuth, #"{"Phrase":"x"}"#)
            #expect(content.status == .methodNotAllowed && content.object["error"] as? String == "MethodNotAllowed")
            #expect(try await send(.post, "/appdata/kid_a/whacks", Self.basic("kid_a", "secret-a"), "{}").status == .unauthorized)

            // Deletes: KinveyKit 1.x (API version 0) needs 204; later SDKs read a count.
            var old = aliceAuth
            old[HTTPField.Name("X-Kinvey-API-Version")!] = "0"
            #expect(try await send(.delete, "/appdata/kid_a/whacks/\(id)", old).status == .noContent)
            #expect(try await send(.get, "/appdata/kid_a/whacks/\(id)", aliceAuth).status == .notFound)

            // Another app on the same project sees none of this app's player data.
            let carol = try await Self.user(client, "kid_b", "secret-b")
            #expect(try await send(.get, "/appdata/kid_b/whacks", Self.session(carol.token)).array.isEmpty)
        }
    }

    @Test(
        "every Kinvey answer: request id, the API version asked for, Kinvey's error shape, CORS preflight",
        arguments: StoreKind.available)
    func headers(_ kind: StoreKind) async throws {
        try await Self.withServer(kind) { _, client in
            let version = HTTPField.Name("X-Kinvey-API-Version")!
            var asked = Self.basic("kid_a", "secret-a")
            asked[version] = "5"
            let hello = try await client.execute(uri: "/appdata/kid_a", method: .get, headers: asked)
            #expect(hello.headers[version] == "5" && hello.headers[HTTPField.Name("X-Kinvey-Request-Id")!]?.count == 32)
            #expect(hello.object["environmentName"] as? String == "Production" && hello.object.values.allSatisfy { $0 is String })
            #expect(
                try await client.execute(uri: "/appdata/kid_a", method: .get, headers: Self.basic("kid_a", "secret-a")).headers[
                    version] == "3")

            // Unknown routes, wrong methods and refusals: Kinvey's shape with the same headers.
            for (method, path) in [
                (HTTPRequest.Method.get, "/appdata/kid_a/phrases/1/extra"), (.get, "/blob/kid_a/a/b/c/d"),
                (.delete, "/user/kid_a"),
                (.get, "/appdata/kid_a/nothing-here"), (.get, "/rpc/kid_a/custom/endpoint"),
            ] {
                let answer = try await client.execute(uri: path, method: method, headers: asked)
                #expect([.notFound, .methodNotAllowed].contains(answer.status), "\(method) \(path): \(answer.status)")
                #expect(answer.object.keys.sorted() == ["debug", "description", "error"], "\(path): \(answer.text)")
                #expect(answer.headers[HTTPField.Name("X-Kinvey-Request-Id")!] != nil && answer.headers[version] == "5")
            }

            var preflight: HTTPFields = [.origin: "https://app.example"]
            preflight[.accessControlRequestMethod] = "POST"
            preflight[.accessControlRequestHeaders] = "authorization, content-type, x-kinvey-api-version"
            let options = try await client.execute(uri: "/appdata/kid_a/whacks", method: .options, headers: preflight)
            #expect(options.status == .noContent && options.headers[.accessControlAllowOrigin] == "https://app.example")
            let allowed = (options.headers[.accessControlAllowHeaders] ?? "").lowercased()
            for header in ["authorization", "content-type", "x-kinvey-api-version", "x-kinvey-device-information"] {
                #expect(allowed.contains(header), "\(header) in \(allowed)")
            }

            let missing = try await client.execute(
                uri: "/blob/kid_a/download-loc/nope.png", method: .get, headers: Self.basic("kid_a", "secret-a"))
            #expect(missing.status == .notFound && missing.object["error"] as? String == "BlobNotFound")
        }
    }

    @Test("URLs come from the configured public URL, never from the Host header", arguments: StoreKind.available)
    func publicURLs(_ kind: StoreKind) async throws {
        // On a real socket, so that the Host header reaches the server as HTTP/1.1 sends it.
        try await Self.withServer(kind, publicURL: "https://games.example.org/", live: true) { _, client in
            var foreign = Self.basic("kid_a", "secret-a")
            foreign[HTTPField.Name("Host")!] = "evil.example"
            let query = #"{"_filename":"vcs/vc2.png"}"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let files = try await client.execute(uri: "/blob/kid_a?query=\(query)", method: .get, headers: foreign)
            let url = try #require(files.array.first?["_downloadURL"] as? String)
            #expect(url.hasPrefix("https://games.example.org/v1/files/") && !url.contains("evil"))
            let location = try await client.execute(uri: "/blob/kid_a/download-loc/vcs/vc2.png", method: .get, headers: foreign)
            #expect(location.status == .found && location.headers[.location] == url)
        }
    }

    @Test(
        "uploads: a one-time URI for a user's image, found by download-loc; pack names, other users' files and caps refused",
        arguments: StoreKind.available)
    func uploads(_ kind: StoreKind) async throws {
        try await Self.withServer(kind, publicURL: "https://games.example.org") { _, client in
            let alice = try await Self.user(client, "kid_a", "secret-a")
            let bob = try await Self.user(client, "kid_a", "secret-a")
            func location(_ name: String, _ token: String) async throws -> TestResponse {
                try await client.execute(uri: "/blob/kid_a/upload-loc/\(name)", method: .get, headers: Self.session(token))
            }
            func put(_ uri: String, _ bytes: [UInt8]) async throws -> TestResponse {
                let path = String(uri.dropFirst("https://games.example.org".count))
                return try await client.execute(
                    uri: path, method: .put, headers: [.contentType: "application/octet-stream"], body: ByteBuffer(bytes: bytes))
            }
            let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 7, count: 400)
            let uri = try #require(try await location("123456789.jpg", alice.token).object["URI"] as? String)
            #expect(uri.hasPrefix("https://games.example.org/blob/kid_a/upload/"))
            #expect(try await put(uri, jpeg).status == .created)
            #expect(try await put(uri, jpeg).status == .unauthorized, "an upload URI is used once")
            let found = try await client.execute(
                uri: "/blob/kid_a/download-loc/123456789.jpg", method: .get, headers: Self.session(bob.token))
            #expect(found.headers[.location] == "https://games.example.org/v1/files/\(Digest.sha256Hex(Data(jpeg)))")

            let notImage = try #require(try await location("x.jpg", alice.token).object["URI"] as? String)
            #expect(try await put(notImage, Array("<script>".utf8)).status == .badRequest)
            let other = try #require(try await location("123456789.jpg", bob.token).object["URI"] as? String)
            #expect(try await put(other, jpeg).status == .forbidden, "another user's file")
            #expect(try await location("vcs/vc1.png", alice.token).status == .forbidden, "a published resource")
            let big = try #require(try await location("big.jpg", alice.token).object["URI"] as? String)
            let tooBig = try await put(big, [0xFF, 0xD8, 0xFF] + Array(repeating: 1, count: 2_000))
            #expect(tooBig.status == .contentTooLarge && tooBig.object["error"] as? String == "EntityTooLarge")
        }
    }
}
