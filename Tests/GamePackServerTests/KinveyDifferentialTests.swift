import Foundation
import GamePackFormat
import GamePackTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import GamePackServer

/// Issue 29: Kinvey's `GET /appdata/{appKey}/{collection}` answers MongoDB's query language as
/// an independent implementation does: `mongo_differential.py` (mongomock as the oracle,
/// brute-force haversine for geo) sends 1,000 random queries to a live server and compares.
@Suite("Kinvey query language: differential against mongomock", .serialized)
struct KinveyDifferentialTests {
    /// mongomock (the oracle) and requests in the `python3` on `PATH` (the venv's in CI).
    static let mongomock = ExternalTool(name: "mongomock", install: "pip install -r requirements-test.txt") {
        guard let python = CommandRunner.which("python3"),
            let result = try? CommandRunner.run(python, ["-c", "import mongomock, requests"])
        else { return false }
        return result.status == 0
    }

    static let auth: HTTPFields = [.authorization: "Basic " + Data("kid_deals:deal-secret".utf8).base64EncodedString()]

    /// DealHunter-like deals around Amsterdam with the shapes the language must handle:
    /// subdocuments, arrays of strings, numbers and subdocuments, null and missing fields,
    /// booleans, and texts with emoji, composed and decomposed accents and `\r\n`.
    static func deals(count: Int) -> [String] {
        let names = [
            "Café de Jaren", "Cafe\u{301} Noir", "Pizza 🍕 Roma", "👩‍💻 Coworking", "Bakkerij\r\nvan Dam", "Élan Bistro",
            "ÉLAN Bistro", "bar Centraal", "Bar centraal", "Sushi\nSamba", "Ñandú Grill", "Zuivel & Zo",
        ]
        let categories = ["food", "drinks", "fashion", "leisure"]
        let tags = [["vegan", "cheap"], ["cheap"], [], ["luxury", "vegan", "🌱"], ["late night"]]
        return (1...count).map { n in
            let lat = 52.30 + Double((n * 37) % 100) / 500, lng = 4.80 + Double((n * 53) % 100) / 400
            var members = [
                #""_id":"deal-\#(n)""#,
                #""name":\#(JSONStringLiteral.quoted(names[n % names.count] + (n % 5 == 0 ? "" : " \(n)")))"#,
                #""category":"\#(categories[n % 4])""#, #""featured":\#(n % 3 == 0)"#,
                #""tags":\#(tagsJSON(tags[n % tags.count]))"#,
                #""prices":[\#(n % 7),\#(Double(n % 5) + 0.5)\#(n % 4 == 0 ? ",\(n)" : "")]"#,
                #""details":{"store_name":"Store \#(n % 6)","discount":\#(n * 5 % 60),"address":{"city":"\#(n % 9 == 0 ? "Haarlem" : "Amsterdam")","zip":"10\#(n % 10)\#(n % 7)AB"}}"#,
                #""offers":[{"kind":"coupon","value":\#(n % 4)},{"kind":"\#(n % 2 == 0 ? "bundle" : "coupon")","value":\#(n % 6 + 1)}]"#,
                #""description":\#(JSONStringLiteral.quoted("Line one of \(n)\r\nline two: " + names[(n + 3) % names.count]))"#,
            ]
            if n % 4 != 1 { members.append(#""rating":\#(n % 6 == 0 ? "null" : String(Double(n % 10) / 2))"#) }
            if n % 10 != 7 { members.append(#""location":{"latitude":\#(lat),"longitude":\#(lng)}"#) }
            if n % 8 == 3 { members.append(#""storename":"Store \#(n)""#) }
            return "{" + members.joined(separator: ",") + "}"
        }
    }

    static func tagsJSON(_ tags: [String]) -> String {
        "[" + tags.map { JSONStringLiteral.quoted($0) }.joined(separator: ",") + "]"
    }

    @Test(
        "1,000 random queries, sorts, pages and projections agree with mongomock and brute-force geo",
        .tags(.python), .requires(Self.mongomock), arguments: StoreKind.available)
    func differential(_ kind: StoreKind) async throws {
        try Self.mongomock.require()
        let fixture = try await ContentFixture(kind)
        let documents = fixture.storeFixture.directory.appendingPathComponent("deals-as-served.json")
        let script = TestPaths.repoRoot.appendingPathComponent("Tests/GamePackServerTests/Fixtures/replays/mongo_differential.py")
        try await fixture.test(live: true) { client in
            let port = try #require(client.port)
            try await fixture.publish(
                client, project: "dealhunter", sequence: 1,
                files: ["kinvey/deals.json": Data("[\(Self.deals(count: 120).joined(separator: ","))]".utf8)])
            // The entities exactly as the server holds them (without Kinvey's _acl and _kmd).
            let all = try await client.execute(uri: "/appdata/kid_deals/deals/?limit=0", method: .get, headers: Self.auth)
            #expect(all.status == .ok, "\(all.status)")
            // Parsed in order: member order matters to MongoDB (objects compare member by member).
            guard case .array(let entities) = try KinveyJSONParser.parse(all.text, maxDepth: 64) else {
                Issue.record("not an array: \(all.text.prefix(200))")
                return
            }
            #expect(entities.count == 120)
            let served = entities.map { entity in
                KinveyValue.object((entity.objectMembers ?? []).filter { $0.0 != "_acl" && $0.0 != "_kmd" })
            }
            try Data(KinveyValue.array(served).json.utf8).write(to: documents)
            let result = try await CommandRunner.runOffPool(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "python3", script.path, "--base-url", "http://127.0.0.1:\(port)", "--app-key", "kid_deals", "--app-secret",
                    "deal-secret", "--collection", "deals", "--documents", documents.path, "-n", "1000", "--seed", "29",
                ])
            print(result.stdout.split(separator: "\n").prefix(5).joined(separator: "\n"))
            #expect(result.status == 0, "\(result.stdout.prefix(6_000))\(result.stderr.suffix(2_000))")
            #expect(result.stdout.contains("queries run: 1000") && result.stdout.contains("agreements: 1000"))
            #expect(result.stdout.contains("disagreements: 0"))
        }
        await fixture.tearDown()
    }
}
