import Foundation
import GamePackFormat
import GamePackTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import GamePackServer

/// Issue 29: what the Kinvey query language must do beyond the random differential: the cases
/// the issue names (code points, `$maxDistance: 1`, `limit=0`, sort keys in the order given,
/// dotted `fields`, `_count`), and bad input bounded to a 400 in Kinvey's shape, on both stores.
@Suite("Kinvey query language: named cases and bounds", .serialized)
struct KinveyQueryLanguageTests {
    static let auth = KinveyDifferentialTests.auth

    /// 30 deals, plus texts the issue names: an emoji sequence, a decomposed accent, `\r\n`,
    /// and a long run of `a` for a pattern that would backtrack for ever.
    static let extra = [
        #"{"_id":"emoji","name":"👩‍💻 Coworking","category":"probe"}"#,
        #"{"_id":"decomposed","name":"Cafe\u0301","category":"probe"}"#,
        #"{"_id":"composed","name":"Caf\u00e9","category":"probe"}"#,
        #"{"_id":"crlf","name":"Bakkerij\r\nvan Dam","category":"probe"}"#,
        #"{"_id":"long","name":"\#(String(repeating: "a", count: 40))!","category":"probe"}"#,
        #"{"_id":"pairs","name":"\#(String(repeating: "ab", count: 900))","category":"probe"}"#,
    ]

    func withDeals(_ kind: StoreKind, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let fixture = try await ContentFixture(kind)
        try await fixture.test { client in
            let entities = KinveyDifferentialTests.deals(count: 30) + Self.extra
            try await fixture.publish(
                client, project: "dealhunter", sequence: 1,
                files: ["kinvey/deals.json": Data("[\(entities.joined(separator: ","))]".utf8)])
            try await body(client)
        }
        await fixture.tearDown()
    }

    static func get(_ client: some TestClientProtocol, query: String? = nil, _ extra: String = "", count: Bool = false)
        async throws -> TestResponse
    {
        var uri = "/appdata/kid_deals/deals\(count ? "/_count" : "")?"
        if let query { uri += "query=" + query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }
        return try await client.execute(uri: uri + extra, method: .get, headers: auth)
    }

    static func ids(_ response: TestResponse) -> [String] { response.array.map { $0["_id"] as? String ?? "" } }

    @Test("code points, $maxDistance 1, limit=0, sort order, dotted fields, _count", arguments: StoreKind.available)
    func namedCases(_ kind: StoreKind) async throws {
        try await withDeals(kind) { client in
            #expect(Self.ids(try await Self.get(client, query: #"{"category":"probe","name":{"$regex":"^👩"}}"#)) == ["emoji"])
            #expect(
                Self.ids(try await Self.get(client, query: #"{"category":"probe","name":{"$regex":"^Cafe\u0301"}}"#)) == [
                    "decomposed"
                ])
            #expect(Self.ids(try await Self.get(client, query: #"{"category":"probe","name":"Caf\u00e9"}"#)) == ["composed"])
            #expect(
                Self.ids(try await Self.get(client, query: #"{"category":"probe","name":{"$regex":"j\r\nvan"}}"#)) == ["crlf"])
            #expect(
                Self.ids(try await Self.get(client, query: #"{"category":"probe","name":{"$regex":"^VAN","$options":"im"}}"#))
                    == ["crlf"])
            // Code point order: "Cafe\u0301" < "Café" (U+0065 < U+00E9) < "👩".
            let ordered = try await Self.get(client, query: #"{"_id":{"$in":["emoji","composed","decomposed"]}}"#, "&sort=name")
            #expect(Self.ids(ordered) == ["decomposed", "composed", "emoji"])

            // $mod, as Kinvey's JS SDK sends it: discount is n * 5 % 60 for deal n.
            let modulo = try await Self.get(client, query: #"{"details.discount":{"$mod":[20,15]}}"#)
            let expected = (1...30).filter { $0 * 5 % 60 % 20 == 15 }.map { "deal-\($0)" }
            #expect(Self.ids(modulo).sorted() == expected.sorted() && !expected.isEmpty)
            let near = try await Self.get(client, query: #"{"_geoloc":{"$nearSphere":[4.85,52.35],"$maxDistance":1}}"#)
            #expect(near.status == .ok, "\(near.text)")
            let all = try await Self.get(client, query: nil, "limit=0")
            #expect(all.array.count == 36)
            let count = try await Self.get(client, query: #"{"category":"food"}"#, count: true)
            #expect(count.object["count"] as? Int == Self.ids(try await Self.get(client, query: #"{"category":"food"}"#)).count)

            // Two sort keys in the order given, not alphabetical.
            let byCategoryThenName = try await Self.get(
                client, query: nil,
                "sort=" + #"{"featured":1,"category":-1,"_id":1}"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            let rows = byCategoryThenName.array.map { ($0["featured"] as? Bool, $0["category"] as? String ?? "") }
            let firstFeatured = rows.firstIndex { $0.0 == true } ?? rows.count
            #expect(firstFeatured > 0 && rows[firstFeatured...].allSatisfy { $0.0 == true })

            let projected = try await Self.get(client, query: #"{"_id":"deal-3"}"#, "&fields=details.address.city,tags")
            let entity = try #require(projected.array.first)
            #expect(entity["details"] as? [String: [String: String]] == ["address": ["city": "Amsterdam"]])
            #expect(entity["name"] == nil && entity["_id"] as? String == "deal-3" && entity["tags"] != nil)
        }
    }

    @Test("bad and huge queries are a bounded 400 in Kinvey's shape", arguments: StoreKind.available)
    func bounds(_ kind: StoreKind) async throws {
        try await withDeals(kind) { client in
            func refused(_ query: String, naming text: String) async throws {
                let started = ContinuousClock.now
                let answer = try await Self.get(client, query: query)
                #expect(answer.status == .badRequest, "\(query.prefix(80)): \(answer.status) \(answer.text.prefix(300))")
                #expect(answer.object["error"] as? String == "InvalidQuerySyntax" && answer.object["description"] is String)
                #expect((answer.object["debug"] as? String ?? "").contains(text), "\(answer.text.prefix(300))")
                #expect(ContinuousClock.now - started < .seconds(20))
            }
            try await refused(#"{"name":{"$regex":"^(a+)+$"}}"#, naming: "evaluation steps")
            try await refused(#"{"name":{"$regex":"(a|aa)*b"}}"#, naming: "evaluation steps")
            try await refused(#"{"name":{"$regex":"\#(String(repeating: "x", count: 5_000))"}}"#, naming: "at most 1024")
            try await refused(
                String(repeating: #"{"$and":["#, count: 1_000) + "{}" + String(repeating: "]}", count: 1_000),
                naming: "nests more than 32")
            try await refused(String(repeating: "[", count: 100_000), naming: "nests more than 32")
            try await refused(#"{"name":{"$where":"sleep(1000)"}}"#, naming: "$where")
            try await refused(#"{"name":{"$regex":"(?=x)"}}"#, naming: "look-around")
            try await refused(#"{"name":{"$regex":"a","$options":"q"}}"#, naming: "$options")
            try await refused(
                #"{"name":{"$in":[\#((0..<100_001).map(String.init).joined(separator: ","))]}}"#, naming: "at most 100000")
            try await refused(
                #"{"_geoloc":{"$near":{"$geometry":{"type":"Point","coordinates":[4.8,52.3]},"$maxDistance":9e9}}}"#,
                naming: "$maxDistance")

            // Deep but legal: a group repeated 900 times, a 1,000-character literal pattern.
            let pairs = try await Self.get(client, query: #"{"name":{"$regex":"^(ab)*$"}}"#)
            #expect(Self.ids(pairs) == ["pairs"], "\(pairs.text.prefix(300))")
            let literal = try await Self.get(client, query: #"{"name":{"$regex":"\#(String(repeating: "ab", count: 500))"}}"#)
            #expect(Self.ids(literal) == ["pairs"], "\(literal.text.prefix(300))")
            let tooMany = try await Self.get(client, query: #"{"name":{"$regex":"^(ab)*x"}}"#)
            #expect(tooMany.status == .ok && Self.ids(tooMany).isEmpty, "\(tooMany.text.prefix(300))")

            // $in with 100,000 values answers.
            let values = (0..<99_999).map(String.init).joined(separator: ",")
            let large = try await Self.get(client, query: #"{"details.discount":{"$in":[\#(values),"x"]}}"#)
            #expect(large.status == .ok && large.array.count == 30, "\(large.status) \(large.text.prefix(200))")
        }
    }
}
