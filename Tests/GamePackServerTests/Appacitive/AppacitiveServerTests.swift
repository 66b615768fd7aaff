import Foundation
import GamePackTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import GamePackServer

/// The Appacitive-compatible API in process on both stores: answers checked against the
/// published samples computed independently here, and every bad input answered in
/// Appacitive's shape.
@Suite("Appacitive API", .serialized)
struct AppacitiveServerTests {
    static let headers = AppacitiveFixture.headers

    static func get(_ client: some TestClientProtocol, _ uri: String, headers: HTTPFields = headers) async throws -> TestResponse
    {
        try await client.execute(uri: uri, method: .get, headers: headers)
    }

    static func ids(_ answer: TestResponse, _ key: String = "objects") -> [String] {
        (answer.object[key] as? [[String: Any]] ?? []).compactMap { $0["__id"] as? String }
    }

    static func find(_ client: some TestClientProtocol, _ filter: String, _ extra: String = "") async throws -> TestResponse {
        let escaped = filter.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(["&", "+"]))!
        return try await get(client, "/v1.0/object/deal/find/all?\(extra)query=\(escaped)")
    }

    @Test("a page's smallest indexes are the sorted matches' prefix, whatever the page and the order")
    func smallest() {
        var random = SystemRandomNumberGenerator()
        for count in [0, 1, 5, 20, 100, 5_000] {
            let values = (0..<Int.random(in: 0...3_000, using: &random)).map { _ in Int.random(in: 0...100_000, using: &random) }
            let unique = Array(Set(values)).shuffled(using: &random)
            #expect(AppacitiveController.smallest(unique, count: count) == Array(unique.sorted().prefix(count)), "\(count)")
        }
    }

    @Test("a successful answer's status is the bytes JSONSerialization writes for it (keys sorted)")
    func okStatus() throws {
        let text = AppacitiveResponse.okText([
            ("objects", "[]"), ("paginginfo", AppacitiveResponse.paging(number: 1, size: 20, total: 0)),
        ])
        let object = try #require(ContentJSON.parse(text) as? [String: Any])
        var status = try #require(object["status"] as? [String: Any])
        let reference = try #require(status["referenceid"] as? String)
        #expect(reference.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/) != nil)
        var expected = AppacitiveResponse.status(code: 200, message: "Successful")
        expected["referenceid"] = reference
        #expect(text.hasSuffix(#","status":"# + ContentJSON.serialize(expected) + "}"))
        status["referenceid"] = nil
        #expect(object["objects"] as? [Any] != nil && status["code"] as? String == "200")
    }

    @Test("find/all: filters, paging, order and fields agree with the samples", arguments: StoreKind.available)
    func find(_ kind: StoreKind) async throws {
        let fixture = try await AppacitiveFixture(kind)
        try await fixture.test { client in
            let deals = DealHunterSamples.deals
            func expected(_ keep: (DealHunterSamples.Deal) -> Bool) -> [String] { deals.filter(keep).map { String($0.id) } }
            let p = DealHunterSamples.point
            let circle = try await Self.find(
                client, String(format: "*location within_circle %lf, %lf, %lf km", p.latitude, p.longitude, 5.0), "psize=200&")
            #expect(circle.appacitiveCode == "200", "\(String(buffer: circle.body).prefix(300))")
            let near = expected { bruteForceMeters(p.latitude, p.longitude, $0.latitude, $0.longitude) <= 5_000 }
            #expect(Self.ids(circle) == near)
            #expect(near.count == DealHunterSamples.near)
            let paging = circle.object["paginginfo"] as? [String: Any]
            #expect(paging?["totalrecords"] as? Int == near.count && paging?["pagesize"] as? Int == 200)
            let first = (circle.object["objects"] as? [[String: Any]])?.first ?? [:]
            #expect(first["location"] as? String == "\(p.latitude),\(p.longitude)")
            #expect(first["price"] as? String == "1.5" && first["featured"] as? String == "false")
            #expect(first["image"] as? String == DealHunterSamples.imageSHA + ".png")
            #expect(
                (first["__utcdatecreated"] as? String)?.range(
                    of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}Z$"#, options: .regularExpression) != nil)

            let cases: [(String, [String])] = [
                ("*category == 'food'", expected { $0.category == "food" }),
                ("*price > '30'", expected { $0.price > 30 }),
                (
                    "*price between ('3','9') or *category <> 'drinks' and *featured == 'true'",
                    expected { ($0.price >= 3 && $0.price <= 9) || ($0.category != "drinks" && $0.id % 2 == 0) }
                ),
                ("*name like 'Deal 1*'", expected { String($0.id).hasPrefix("1") }),
                (
                    "(*location within_circle 52.382420, 4.886950, 3.1 m) and *price < 20",
                    expected {
                        bruteForceMeters(p.latitude, p.longitude, $0.latitude, $0.longitude) <= 3.1 * 1_609.344 && $0.price < 20
                    }
                ),
            ]
            for (filter, ids) in cases {
                let answer = try await Self.find(client, filter, "psize=200&")
                #expect(Self.ids(answer) == ids, "\(filter): \(String(buffer: answer.body).prefix(200))")
            }
            let page2 = try await Self.get(client, "/v1.0/object/deal/find/all?pnum=2&psize=7")
            #expect(Self.ids(page2) == (8...14).map(String.init))
            let ordered = try await Self.get(client, "/v1.0/object/deal/find/all?psize=3&orderBy=price&isAsc=false&fields=name,")
            #expect(Self.ids(ordered) == ["60", "59", "58"])
            let shaped = (ordered.object["objects"] as? [[String: Any]])?.first ?? [:]
            #expect(shaped["name"] as? String == "Deal 60" && shaped["price"] == nil && shaped["__type"] as? String == "deal")
        }
        await fixture.tearDown()
    }

    @Test("get by id, multiget, connected details, file download on the public URL", arguments: StoreKind.available)
    func reads(_ kind: StoreKind) async throws {
        let fixture = try await AppacitiveFixture(kind)
        try await fixture.test { client in
            let one = try await Self.get(client, "/v1.0/object/deal/7")
            #expect((one.object["object"] as? [String: Any])?["name"] as? String == "Deal 7")
            let many = try await Self.get(client, "/v1.0/object/deal/multiget/9,3,404")
            #expect(Self.ids(many) == ["9", "3"])
            let details = try await Self.get(client, "/v1.0/connection/details/deal/7/find?returnedge=true")
            let node = (details.object["nodes"] as? [[String: Any]])?.first ?? [:]
            #expect(node["__type"] as? String == "dealdetail" && node["storename"] as? String == "Store 7")
            #expect((node["__edge"] as? [String: Any])?["__relationtype"] as? String == "details")
            let back = try await Self.get(client, "/v1.0/connection/details/dealdetail/d7/find")
            #expect(Self.ids(back, "nodes") == ["7"])
            var evil = Self.headers
            evil[HTTPField.Name("Host")!] = "evil.example"
            let file = try await Self.get(
                client, "/v1.0/file/download/\(DealHunterSamples.imageSHA).png?expires=10", headers: evil)
            #expect(file.object["uri"] as? String == "https://content.example.com/v1/files/\(DealHunterSamples.imageSHA)")
            let bytes = try await client.execute(uri: "/v1/files/\(DealHunterSamples.imageSHA)", method: .get)
            #expect(Data(buffer: bytes.body) == DealHunterSamples.image)
            let missing = try await Self.get(client, "/v1.0/object/deal/999")
            #expect(missing.status == .notFound && missing.appacitiveCode == "404")
        }
        await fixture.tearDown()
    }

    @Test("users: authenticate, the session header, wrong password, expired session", arguments: StoreKind.available)
    func users(_ kind: StoreKind) async throws {
        let fixture = try await AppacitiveFixture(kind)
        try await fixture.test { client in
            func login(_ password: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/v1.0/user/authenticate", method: .post, headers: Self.headers,
                    body: ByteBuffer(
                        string: #"{"username":"john.doe","password":"\#(password)","expiry":86400000,"attempts":-1}"#))
            }
            let wrong = try await login("nope")
            #expect(wrong.status == .unauthorized && wrong.appacitiveCode == "401")
            let answer = try await login("p@ssw0rd")
            #expect(answer.appacitiveCode == "200", "\(String(buffer: answer.body))")
            let token = try #require(answer.object["token"] as? String)
            let user = answer.object["user"] as? [String: Any] ?? [:]
            #expect(user["username"] as? String == "john.doe" && user["email"] as? String == "john.doe@example.com")
            #expect(user["password"] == nil && !String(buffer: answer.body).contains("p@ssw0rd"))
            var session = Self.headers
            session[HTTPField.Name("Appacitive-User-Auth")!] = token
            let me = try await Self.get(client, "/v1.0/user/me", headers: session)
            #expect((me.object["user"] as? [String: Any])?["__id"] as? String == user["__id"] as? String)
            #expect(try await Self.get(client, "/v1.0/object/deal/1", headers: session).appacitiveCode == "200")
            session[HTTPField.Name("Appacitive-User-Auth")!] = token + "x"
            let forged = try await Self.get(client, "/v1.0/object/deal/1", headers: session)
            #expect(forged.status == .unauthorized && forged.appacitiveCode == "401")
            // An expired session is refused by name.
            let store = try #require(fixture.storeFixture.store as? any AccountStore)
            let old = "expired-session-token"
            try await store.insertSession(
                AccountSession(
                    tokenHash: UserAccounts.hash(token: old), realm: "appacitive:dealhunter", accountID: user["__id"] as! String,
                    created: 1, expires: 2))
            session[HTTPField.Name("Appacitive-User-Auth")!] = old
            let expired = try await Self.get(client, "/v1.0/user/me", headers: session)
            #expect(expired.status == .unauthorized && expired.appacitiveDetail.contains("expired"))
            let facebook = try await client.execute(
                uri: "/v1.0/user/authenticate", method: .post, headers: Self.headers,
                body: ByteBuffer(string: #"{"createnew":"false","type":"facebook","accesstoken":"x"}"#))
            #expect(facebook.appacitiveCode == "401")
        }
        await fixture.tearDown()
    }

    @Test("bad input: keys, environments, malformed filters, paging, writes", arguments: StoreKind.available)
    func badInput(_ kind: StoreKind) async throws {
        let fixture = try await AppacitiveFixture(kind)
        try await fixture.test { client in
            var other = Self.headers
            other[HTTPField.Name("Appacitive-Apikey")!] = "nope"
            let key = try await Self.get(client, "/v1.0/object/deal/find/all", headers: other)
            #expect(key.status == .unauthorized && key.appacitiveCode == "401")
            other[HTTPField.Name("Appacitive-Apikey")!] = "dealhunter-key"
            other[HTTPField.Name("Appacitive-Environment")!] = "live"
            let environment = try await Self.get(client, "/v1.0/object/deal/find/all", headers: other)
            #expect(environment.status == .unauthorized && environment.appacitiveDetail.contains("sandbox"))
            // The other app sees nothing of DealHunter's.
            other[HTTPField.Name("Appacitive-Apikey")!] = "other-key"
            let foreign = try await Self.get(client, "/v1.0/object/deal/1", headers: other)
            #expect(foreign.status == .notFound && foreign.appacitiveCode == "404")
            for (filter, words) in [
                ("*name = 'x'", "character 7"), ("*name == 'x", "never closed"),
                ("*location within_circle 52.3, 4.8, 5", "unit"), ("name == 'x'", "aggregate"),
                (String(repeating: "(", count: 500) + "*a == '1'", "deeper"),
            ] {
                let answer = try await Self.find(client, filter)
                #expect(answer.status == .badRequest && answer.appacitiveCode == "400", "\(filter)")
                #expect(answer.appacitiveDetail.contains(words), "\(filter): \(answer.appacitiveDetail)")
            }
            for query in ["pnum=0", "psize=-1", "pnum=x", "pnum=99999999&psize=200"] {
                let answer = try await Self.get(client, "/v1.0/object/deal/find/all?\(query)")
                #expect(answer.status == .badRequest && answer.appacitiveCode == "400", "\(query)")
            }
            let capped = try await Self.get(client, "/v1.0/object/deal/find/all?psize=100000")
            #expect((capped.object["paginginfo"] as? [String: Any])?["pagesize"] as? Int == 200)
            for (uri, method) in [
                ("/v1.0/object/deal", HTTPRequest.Method.put), ("/v1.0/object/deal/1", .post), ("/v1.0/object/deal/1", .delete),
                ("/v1.0/user/create", .put), ("/v1.0/search/q/filter", .post),
            ] {
                let write = try await client.execute(uri: uri, method: method, headers: Self.headers)
                #expect(write.status == .methodNotAllowed && write.appacitiveCode == "405", "\(method) \(uri): \(write.status)")
            }
            let unknownType = try await Self.get(client, "/v1.0/object/comment/find/all")
            #expect(unknownType.status == .notFound && unknownType.appacitiveCode == "404")
            let huge = try await client.execute(
                uri: "/v1.0/user/authenticate", method: .post, headers: Self.headers,
                body: ByteBuffer(string: String(repeating: "x", count: 100_000)))
            #expect(huge.appacitiveCode == "413" || huge.appacitiveCode == "400", "\(huge.status)")
        }
        await fixture.tearDown()
    }
}
