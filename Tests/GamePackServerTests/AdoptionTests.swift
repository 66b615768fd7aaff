import Foundation
import GRDB
import GamePackFormat
import GamePackTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PostgresNIO
import Testing

@testable import GamePackServer

/// Adoption figures: anonymous reports counted per channel, day, version and bucket.
@Suite("Server adoption figures", .serialized)
struct AdoptionTests {
    static let path = "/v1/projects/gohike-amsterdam/channels/production/adoption"

    func post(_ client: some TestClientProtocol, _ body: String, path: String = AdoptionTests.path) async throws
        -> TestResponse
    {
        try await client.execute(
            uri: path, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: body))
    }

    func figures(_ client: some TestClientProtocol, query: String = "") async throws -> AdoptionFigures {
        let response = try await client.execute(uri: Self.path + query, method: .get)
        #expect(response.status == .ok, "\(response.text)")
        return try JSONDecoder().decode(AdoptionFigures.self, from: Data(buffer: response.body))
    }

    /// Publishes two packs to production, the second with a rollout of a third that has no
    /// history entry of its own. Returns the three packs.
    func publish(_ fixture: ServerFixture, _ client: some TestClientProtocol) async throws -> [TestPacks.Pack] {
        let one = try fixture.packs.make(sequence: 1, name: "One")
        let two = try fixture.packs.make(sequence: 2, name: "Two")
        let three = try fixture.packs.make(sequence: 3, name: "Three")
        for pack in [one, two, three] { #expect(try await fixture.upload(client, pack).status == .created) }
        #expect(try await fixture.putPointer(client, try fixture.packs.pointer(one, channel: "production")).status == .created)
        let rollout = ChannelRollout(
            pack: PackReference(
                version: three.manifest.version, pack: three.sha256, size: three.size, manifest: three.manifestSHA256),
            percentage: 10)
        let pointer = ChannelPointer(
            project: "gohike-amsterdam", channel: "production", sequence: 2, version: two.manifest.version, pack: two.sha256,
            size: two.size, manifest: two.manifestSHA256, created: ChannelPointer.formatTime(Date()), rollout: rollout)
        let put = try await fixture.putPointer(client, try SignedPointer.sign(pointer, with: fixture.packs.key))
        #expect(put.status == .created, "\(put.text)")
        return [one, two, three]
    }

    @Test("reports are counted per version and bucket for today; figures come newest first", arguments: StoreKind.available)
    func counts(_ kind: StoreKind) async throws {
        let fixture = try await ServerFixture(kind)
        try await fixture.test { client in
            let packs = try await publish(fixture, client)
            let (one, two, three) = (packs[0].manifest.version, packs[1].manifest.version, packs[2].manifest.version)
            for body in [
                #"{"version":"\#(one)"}"#, #"{"version":"\#(two)","bucket":40}"#, #"{"version":"\#(two)","bucket":40}"#,
                #"{"version":"\#(two)","bucket":7}"#, #"{"version":"\#(three)","bucket":3}"#,
            ] {
                let response = try await post(client, body)
                #expect(response.status == .noContent, "\(body): \(response.text)")
            }
            let result = try await figures(client, query: "?days=7")
            #expect(result.project == "gohike-amsterdam" && result.channel == "production" && result.days == 7)
            #expect(result.figures.map(\.day) == [AdoptionReport.day(of: Date())])
            let today = try #require(result.figures.first)
            #expect(today.installs == 5)
            #expect(
                today.versions.first
                    == AdoptionVersionCount(
                        version: two, installs: 3,
                        buckets: [AdoptionBucketCount(bucket: 7, installs: 1), AdoptionBucketCount(bucket: 40, installs: 2)]))
            // Equal counts go by version; the rollout's pack (no history entry of its own) is accepted.
            #expect(
                today.versions.dropFirst().sorted { $0.version < $1.version }
                    == [
                        AdoptionVersionCount(version: one, installs: 1),
                        AdoptionVersionCount(version: three, installs: 1, buckets: [.init(bucket: 3, installs: 1)]),
                    ].sorted { $0.version < $1.version })
            #expect(today.versions.dropFirst().map(\.version) == [one, three].sorted())
        }
        await fixture.tearDown()
    }

    @Test(
        "a bad body, an unknown version, bucket 100, a bad day count or an unknown channel are refused and change nothing",
        arguments: StoreKind.available)
    func refusals(_ kind: StoreKind) async throws {
        let fixture = try await ServerFixture(kind)
        try await fixture.test { client in
            let version = try await publish(fixture, client)[0].manifest.version
            let cases: [(String, HTTPResponse.Status, String, String)] = [
                ("not json", .badRequest, "malformed_json", "not the expected JSON"),
                (#"{"bucket":3}"#, .badRequest, "malformed_json", "missing"),
                (#"{"version":""}"#, .badRequest, "bad_version", "1–256 bytes"),
                (#"{"version":"nope"}"#, .unprocessableContent, "unknown_version", "has never served version"),
                (
                    #"{"version":"\#(version)","bucket":100}"#, .unprocessableContent, "bad_bucket",
                    "bucket 100 is not a rollout bucket"
                ),
                (#"{"version":"\#(version)","bucket":-1}"#, .unprocessableContent, "bad_bucket", "send 0–99"),
                (String(repeating: " ", count: 5000) + "{}", .contentTooLarge, "too_large", "4096"),
            ]
            for (body, status, code, message) in cases {
                let response = try await post(client, body)
                #expect(response.status == status, "\(body.prefix(40)): \(response.text)")
                #expect(response.errorCode == code, "\(body.prefix(40)): \(response.text)")
                #expect(response.text.contains(message), "\(body.prefix(40)): \(response.text)")
            }
            let unknown = try await post(
                client, #"{"version":"\#(version)"}"#, path: "/v1/projects/gohike-amsterdam/channels/nightly/adoption")
            #expect(unknown.status == .notFound && unknown.text.contains("no pointer yet"))
            let unsafe = try await post(client, #"{"version":"\#(version)"}"#, path: "/v1/projects/..%2F/channels/x/adoption")
            #expect(unsafe.status == .notFound)
            for query in ["?days=0", "?days=367", "?days=week"] {
                let response = try await client.execute(uri: Self.path + query, method: .get)
                #expect(response.status == .badRequest && response.errorCode == "bad_days", "\(query): \(response.text)")
            }
            #expect(try await figures(client).figures.isEmpty)
        }
        await fixture.tearDown()
    }

    @Test("the table holds counts only: no column for an install id or an address", arguments: StoreKind.available)
    func columns(_ kind: StoreKind) async throws {
        let fixture = try await ServerFixture(kind)
        try await fixture.test { client in
            let version = try await publish(fixture, client)[0].manifest.version
            let response = try await client.execute(
                uri: Self.path, method: .post,
                headers: [.contentType: "application/json", HTTPField.Name("X-Forwarded-For")!: "203.0.113.9"],
                body: ByteBuffer(string: #"{"version":"\#(version)","installID":"0123456789abcdef0123456789abcdef"}"#))
            #expect(response.status == .noContent, "\(response.text)")
        }
        let expected = ["project", "channel", "day", "version", "bucket", "count"]
        #expect(try await Self.columns(of: "adoption_counts", in: fixture.storeFixture.store) == expected)
        let rows = try await (fixture.storeFixture.store as! any AdoptionStore).adoption(
            project: "gohike-amsterdam", channel: "production", since: "2000-01-01")
        #expect(rows.count == 1 && rows.first?.count == 1 && rows.first?.bucket == nil)
        await fixture.tearDown()
    }

    /// The table's column names in order, read from the database's own catalog.
    static func columns(of table: String, in store: any MetadataStore) async throws -> [String] {
        if let sqlite = store as? SQLiteStore {
            return try await sqlite.pool.read { db in
                try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))").map { $0["name"] as String }
            }
        }
        let postgres = try #require(store as? PostgresStore)
        return try await postgres.all(
            try await postgres.client.query(
                """
                SELECT column_name FROM information_schema.columns WHERE table_name = \(table) ORDER BY ordinal_position
                """)
        ) { try $0["column_name"].decode(String.self) }
    }

    @Test("reports upsert one count per day, version and bucket; older days are left out", arguments: StoreKind.available)
    func store(_ kind: StoreKind) async throws {
        let fixture = try await StoreFixture.make(kind)
        let store = try #require(fixture.store as? any AdoptionStore)
        for (day, version, bucket) in [
            ("2026-11-24", "a", nil), ("2026-11-25", "a", 5), ("2026-11-25", "a", 5), ("2026-11-25", "a", nil),
            ("2026-11-25", "b", 99), ("2026-11-26", "b", 0),
        ] as [(String, String, Int?)] {
            try await store.recordAdoption(project: "hike", channel: "production", day: day, version: version, bucket: bucket)
        }
        try await store.recordAdoption(project: "hike", channel: "staging", day: "2026-11-26", version: "a", bucket: nil)
        let rows = try await store.adoption(project: "hike", channel: "production", since: "2026-11-25")
        #expect(
            rows == [
                AdoptionRow(day: "2026-11-26", version: "b", bucket: 0, count: 1),
                AdoptionRow(day: "2026-11-25", version: "a", bucket: nil, count: 1),
                AdoptionRow(day: "2026-11-25", version: "a", bucket: 5, count: 2),
                AdoptionRow(day: "2026-11-25", version: "b", bucket: 99, count: 1),
            ])
        let grouped = AdoptionController.group(rows)
        #expect(grouped.map(\.day) == ["2026-11-26", "2026-11-25"])
        #expect(grouped[1].versions.map(\.version) == ["a", "b"] && grouped[1].versions[0].installs == 3)
        #expect(grouped[1].versions[0].buckets == [AdoptionBucketCount(bucket: 5, installs: 2)])
        await fixture.tearDown()
    }

    @Test("the rate limit admits its count per second, then refuses until the next second")
    func rateLimit() {
        let limit = AdoptionRateLimit(perSecond: 2)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(limit.admit(at: start) && limit.admit(at: start.addingTimeInterval(0.5)))
        #expect(!limit.admit(at: start.addingTimeInterval(0.9)))
        #expect(limit.admit(at: start.addingTimeInterval(1)))
    }

    @Test("a UTC day is yyyy-MM-dd whatever the time of day")
    func days() {
        #expect(AdoptionReport.day(of: Date(timeIntervalSince1970: 1_800_000_000)) == "2027-01-15")
        #expect(AdoptionReport.day(of: Date(timeIntervalSince1970: 86_399)) == "1970-01-01")
        #expect(AdoptionReport.day(of: Date(timeIntervalSince1970: 86_400)) == "1970-01-02")
    }
}
