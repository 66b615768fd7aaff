import Foundation
import GamePackFormat
import GamePackTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import GamePackServer

/// Issue 27: large filters are a bounded number of SQL parameters or a clear 400 naming the
/// limit, and a NUL in any filter is a 400, on both stores and every query surface.
@Suite("Content query bounds: large filters and NUL", .serialized)
struct QueryBoundsTests {
    static let kinveyAuth: HTTPFields = [
        .authorization: "Basic " + Data("kid_whack:whack-secret".utf8).base64EncodedString()
    ]
    static let base = "/v1/projects/dealhunter/channels/production/collections"

    /// Publishes 100 deals and Whack-A-VC, then runs `body`.
    func withContent(_ kind: StoreKind, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void)
        async throws
    {
        let fixture = try await ContentFixture(kind)
        try await fixture.test { client in
            try await fixture.publish(
                client, project: "dealhunter", sequence: 1,
                files: ["canonical/deals.json": ContentSamples.canonicalDeals(ContentSamples.deals(count: 100, seed: 5))])
            try await fixture.publish(
                client, project: "whack-a-vc", sequence: 1, files: ContentSamples.whackAVC(images: ContentSamples.images()))
            try await body(client)
        }
        await fixture.tearDown()
    }

    static func kinvey(_ client: some TestClientProtocol, _ path: String, query: String) async throws -> TestResponse {
        let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        return try await client.execute(uri: "\(path)?query=\(encoded)", method: .get, headers: kinveyAuth)
    }

    @Test("$in with 1,000 values answers; 1,000 filters are a 400 naming the limit", arguments: StoreKind.available)
    func largeFilters(_ kind: StoreKind) async throws {
        try await withContent(kind) { client in
            // Kinvey $in with 1,000 strings, and with 1,000 numbers mixed with strings.
            let strings = ["Firm 2", "Firm 4"] + (0..<998).map { "no firm \($0)" }
            let list = strings.map { JSONStringLiteral.quoted($0) }.joined(separator: ",")
            let firms = try await Self.kinvey(client, "/appdata/kid_whack/VC-Details", query: #"{"firm":{"$in":[\#(list)]}}"#)
            #expect(firms.status == .ok, "\(firms.status): \(String(buffer: firms.body).prefix(300))")
            #expect(firms.array.compactMap { $0["_id"] as? String }.sorted() == ["2", "4"])
            let ids = (0..<1_000).map { $0 == 7 ? "\"3\"" : "\($0 + 100)" }.joined(separator: ",")
            let byId = try await Self.kinvey(client, "/appdata/kid_whack/VC-Details", query: #"{"_id":{"$in":[\#(ids)]}}"#)
            #expect(byId.status == .ok && byId.array.compactMap { $0["_id"] as? String } == ["3"], "\(byId.status)")

            // Content queries: 1,000 ids in one filter answer; 1,000 fields are refused by name.
            let many = try await client.execute(
                uri: "\(Self.base)/deals?limit=100&id=" + (1...1_000).map(String.init).joined(separator: ","), method: .get)
            #expect(many.status == .ok, "\(many.status): \(String(buffer: many.body).prefix(300))")
            #expect((many.object["items"] as? [[String: Any]])?.count == 100)
            let fields = (0..<1_000).map { "f\($0)=x" }.joined(separator: "&")
            let refused = try await client.execute(uri: "\(Self.base)/deals?\(fields)", method: .get)
            #expect(refused.status == .badRequest, "\(refused.status): \(String(buffer: refused.body).prefix(300))")
            #expect(refused.errorCode == "too_many_filters")
            #expect(String(buffer: refused.body).contains("at most \(ContentQuery.maxFilters)"))
            let justRight = (0..<ContentQuery.maxFilters).map { "category\($0 == 0 ? "" : "x\($0)")=food" }
            let atLimit = try await client.execute(uri: "\(Self.base)/deals?\(justRight.joined(separator: "&"))", method: .get)
            #expect(atLimit.status == .ok, "\(atLimit.status): \(String(buffer: atLimit.body).prefix(300))")

            // Kinvey: 1,000 equality conditions.
            let conditions = (0..<1_000).map { #""f\#($0)":"x""# }.joined(separator: ",")
            let kinvey = try await Self.kinvey(client, "/appdata/kid_whack/VC-Details", query: "{\(conditions)}")
            #expect(kinvey.status == .badRequest, "\(kinvey.status): \(String(buffer: kinvey.body).prefix(300))")
            #expect(kinvey.object["error"] as? String == "InvalidQuerySyntax")
            #expect((kinvey.object["debug"] as? String ?? "").contains("at most \(ContentQuery.maxFilters)"))
        }
    }

    @Test("a NUL in a filter is a 400 on every query surface", arguments: StoreKind.available)
    func nulInFilters(_ kind: StoreKind) async throws {
        try await withContent(kind) { client in
            for uri in [
                "\(Self.base)/deals?category=food%00", "\(Self.base)/deals?details.store_name=%00Store%201",
                "\(Self.base)/deals?id=1%00,2",
            ] {
                let answer = try await client.execute(uri: uri, method: .get)
                #expect(answer.status == .badRequest, "\(uri): \(answer.status) \(String(buffer: answer.body))")
                #expect(answer.errorCode == "bad_filter", "\(uri): \(String(buffer: answer.body))")
            }
            let item = try await client.execute(uri: "\(Self.base)/deals/1%00", method: .get)
            #expect(item.status == .badRequest || item.status == .notFound, "\(item.status) \(String(buffer: item.body))")

            for query in [
                #"{"firm":"Firm 2\u0000"}"#, #"{"firm":{"$in":["Firm 2","\u0000"]}}"#, #"{"_id":"3\u0000"}"#,
                #"{"name":{"$regex":"^VC\u0000"}}"#,
            ] {
                let answer = try await Self.kinvey(client, "/appdata/kid_whack/VC-Details", query: query)
                #expect(answer.status == .badRequest, "\(query): \(answer.status) \(String(buffer: answer.body))")
                #expect(answer.object["error"] as? String == "InvalidQuerySyntax", "\(query): \(String(buffer: answer.body))")
            }
            let blobs = try await Self.kinvey(client, "/blob/kid_whack", query: #"{"_filename":"vcs/vc2.png\u0000"}"#)
            #expect(blobs.status == .badRequest, "\(blobs.status) \(String(buffer: blobs.body))")
            let entity = try await client.execute(
                uri: "/appdata/kid_whack/VC-Details/3%00", method: .get, headers: Self.kinveyAuth)
            #expect(entity.status == .badRequest || entity.status == .notFound, "\(entity.status) \(String(buffer: entity.body))")

            // The same values without the NUL still answer.
            let plain = try await client.execute(uri: "\(Self.base)/deals?category=food", method: .get)
            #expect(plain.status == .ok && !((plain.object["items"] as? [[String: Any]]) ?? []).isEmpty)
        }
    }
}
