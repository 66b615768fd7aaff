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

/// A server with Kinvey apps over a fresh store, and helpers to publish packs with content.
final class ContentFixture: @unchecked Sendable {
    let storeFixture: StoreFixture
    let server: ContentServer
    let packs: TestPacks
    let token: String

    static let apps = [
        KinveyApp(
            appKey: "kid_whack", appSecret: "whack-secret", project: "whack-a-vc", channel: "production", name: "Whack-A-VC",
            collections: ["VC-Details": "vcs"],
            fields: [
                "VC-Details": [
                    "gameImageNameInBlob": "game_image", "profileImageNameInBlob": "profile_image", "twitter_handle": "twitter",
                ],
                "phrases": ["Phrase": "text"],
            ]),
        KinveyApp(appKey: "kid_deals", appSecret: "deal-secret", project: "dealhunter", channel: "production"),
    ]

    init(_ kind: StoreKind, apps: [KinveyApp] = ContentFixture.apps, publicURL: String? = nil) async throws {
        storeFixture = try await StoreFixture.make(kind)
        packs = try TestPacks()
        let (token, stored) = UploadTokens.create()
        self.token = token
        try await storeFixture.store.insertToken(stored)
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        var configuration = ServerConfiguration(
            dataDirectory: storeFixture.directory.appendingPathComponent("data"), store: storeFixture.location,
            trustedKeys: [packs.key.publicKey], legacyCacheSeconds: 0)
        configuration.kinveyApps = apps
        configuration.publicURL = publicURL
        server = try ContentServer(configuration: configuration, store: storeFixture.store, logger: logger)
    }

    func tearDown() async {
        packs.remove()
        await storeFixture.tearDown()
    }

    func test(live: Bool = false, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let app = Application(router: server.makeRouter(), logger: logger)
        try await app.test(live ? .live : .router, body)
    }

    /// Uploads and publishes a pack with these extra files on `production`.
    func publish(_ client: some TestClientProtocol, project: String, sequence: Int64, files: [String: Data]) async throws {
        let pack = try packs.make(project: project, sequence: sequence, name: "\(project) \(sequence)", padding: 0, extra: files)
        var fields: HTTPFields = [.authorization: "Bearer \(token)"]
        fields[HTTPField.Name("Gamepack-Signature")!] = Data(pack.signature.utf8).base64EncodedString()
        let upload = try await client.execute(
            uri: "/v1/packs/\(pack.sha256).gamepack", method: .put, headers: fields,
            body: ByteBuffer(bytes: try Data(contentsOf: pack.url)))
        #expect(upload.status == .created)
        let signed = try packs.pointer(pack, channel: "production")
        let body = try JSONSerialization.data(withJSONObject: [
            "pointer": signed.bytes.base64EncodedString(), "signature": signed.signature, "action": "publish",
        ])
        let put = try await client.execute(
            uri: "/v1/channels/\(project)/production.json", method: .put, headers: [.authorization: "Bearer \(token)"],
            body: ByteBuffer(bytes: body))
        #expect(put.status == .created, "\(put.text)")
    }
}

/// Made-up content in the shapes the canonical and kinvey targets write.
enum ContentSamples {
    struct Deal {
        var id: Int
        var latitude: Double
        var longitude: Double
        var category: String
    }

    /// Deals spread at random (seeded) over the sphere, plus clusters at the antimeridian and the poles.
    static func deals(count: Int, seed: UInt64) -> [Deal] {
        var random = SeededRandom(seed)
        var deals: [Deal] = []
        let categories = ["food", "drinks", "fashion", "leisure"]
        for id in 1...count {
            let lat: Double, lng: Double
            switch id % 4 {
            case 0: (lat, lng) = (random.uniform(-60, 60), random.uniform(-180, 180))
            case 1:
                (lat, lng) = (
                    random.uniform(-70, 70), random.uniform(-1, 1) >= 0 ? random.uniform(179, 180) : random.uniform(-180, -179)
                )
            case 2: (lat, lng) = (random.uniform(87, 90) * (id % 8 == 2 ? 1 : -1), random.uniform(-180, 180))
            default: (lat, lng) = (52.37 + random.uniform(-0.2, 0.2), 4.90 + random.uniform(-0.3, 0.3))
            }
            deals.append(Deal(id: id, latitude: lat, longitude: lng, category: categories[id % categories.count]))
        }
        return deals
    }

    static func canonicalDeals(_ deals: [Deal], localized: Bool = true) -> Data {
        let items = deals.map { deal in
            let name =
                localized && deal.id % 2 == 0
                ? #"{"en":"Deal \#(deal.id)","nl":"Aanbieding \#(deal.id)"}"# : #"{"en":"Deal \#(deal.id)"}"#
            return
                #"{"id":\#(deal.id),"name":\#(name),"location":{"latitude":\#(deal.latitude),"longitude":\#(deal.longitude)},"category":"\#(deal.category)","details":{"store_name":"Store \#(deal.id % 10)"},"featured":\#(deal.id % 5 == 0),"store":\#(deal.id % 3 + 1)}"#
        }
        return Data(#"{"collection":"deals","locales":["en","nl"],"items":[\#(items.joined(separator: ","))]}"#.utf8)
    }

    static let stores = Data(
        #"{"collection":"stores","locales":["en","nl"],"items":[{"id":1,"name":"One"},{"id":2,"name":"Two"},{"id":3,"name":"Three"}]}"#
            .utf8)

    /// Whack-A-VC's collections as the kinvey target writes them, with images as pack files.
    static func whackAVC(images: [String: Data]) -> [String: Data] {
        var files: [String: Data] = [:]
        let phrases = (1...23).map { #"{"_id":"\#($0)","text":"Phrase number \#($0)"}"# }
        files["kinvey/phrases.json"] = Data("[\(phrases.joined(separator: ","))]".utf8)
        let vcs = (1...5).map {
            #"{"_id":"\#($0)","name":"VC \#(6 - $0)","firm":"Firm \#($0)","game_image":"vcs/vc\#($0).png","profile_image":"vcs/vcsnap\#($0).png"}"#
        }
        files["kinvey/vcs.json"] = Data("[\(vcs.joined(separator: ","))]".utf8)
        var meta: [String] = []
        for (name, data) in images.sorted(by: { $0.key < $1.key }) {
            let sha = Digest.sha256Hex(data)
            files["assets/\(sha).png"] = data
            meta.append(
                #"{"_id":"\#(sha.prefix(24))","resourceName":"\#(name)","lastModified":"2026-01-01T00:00:00Z","md5":"\#(Digest.md5Hex(data))","sha256":"\#(sha)","size":\#(data.count)}"#
            )
        }
        files["kinvey/metaData.json"] = Data("[\(meta.joined(separator: ","))]".utf8)
        return files
    }

    static func images(changing changed: String? = nil) -> [String: Data] {
        var images: [String: Data] = [:]
        for n in 1...5 {
            for name in ["vcs/vc\(n).png", "vcs/vcsnap\(n).png"] {
                images[name] = Data("PNG bytes of \(name)\(name == changed ? " (replaced)" : "")".utf8)
            }
        }
        return images
    }
}

/// An independent great-circle distance (spherical law of cosines via vectors), for checking.
func bruteForceMeters(_ lat1: Double, _ lng1: Double, _ lat2: Double, _ lng2: Double) -> Double {
    func vector(_ lat: Double, _ lng: Double) -> (Double, Double, Double) {
        let p = lat * .pi / 180, l = lng * .pi / 180
        return (cos(p) * cos(l), cos(p) * sin(l), sin(p))
    }
    let a = vector(lat1, lng1), b = vector(lat2, lng2)
    let cross = (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
    let sine = sqrt(cross.0 * cross.0 + cross.1 * cross.1 + cross.2 * cross.2)
    let cosine = a.0 * b.0 + a.1 * b.1 + a.2 * b.2
    return atan2(sine, cosine) * 6_371_008.8
}

extension TestResponse {
    var json: Any? { try? JSONSerialization.jsonObject(with: Data(buffer: body)) }
    var object: [String: Any] { json as? [String: Any] ?? [:] }
    var array: [[String: Any]] { json as? [[String: Any]] ?? [] }
}

@Suite("Content queries and the Kinvey-compatible API", .serialized)
struct ContentQueryTests {
    @Test(
        "geo answers equal a brute-force great-circle search, also at the antimeridian and the poles",
        arguments: StoreKind.available)
    func geoCrossCheck(_ kind: StoreKind) async throws {
        let fixture = try await ContentFixture(kind)
        let deals = ContentSamples.deals(count: 4_000, seed: 19)
        try await fixture.test { client in
            try await fixture.publish(
                client, project: "dealhunter", sequence: 1, files: ["canonical/deals.json": ContentSamples.canonicalDeals(deals)])
            let content = try await fixture.server.content.content(project: "dealhunter", channel: "production")
            var random = SeededRandom(7)
            var checked = 0
            for round in 0..<80 {
                let lat: Double, lng: Double
                switch round % 4 {
                case 0: (lat, lng) = (random.uniform(-89.99, 89.99), random.uniform(-180, 180))
                case 1:
                    (lat, lng) = (
                        random.uniform(-60, 60), round % 8 == 1 ? random.uniform(179.5, 180) : random.uniform(-180, -179.5)
                    )
                case 2:
                    (lat, lng) = (
                        round % 8 == 2 ? random.uniform(88.5, 90) : random.uniform(-90, -88.5), random.uniform(-180, 180)
                    )
                default: (lat, lng) = (52.37 + random.uniform(-0.1, 0.1), 4.9 + random.uniform(-0.1, 0.1))
                }
                let radius = [5_000.0, 50_000, 300_000, 1_000_000][Int(random.next() % 4)]
                var query = ContentQuery(pack: content.head.pack, target: "canonical", collection: "deals", limit: 100)
                query.near = GeoCircle(latitude: lat, longitude: lng, radius: radius)
                let expected = deals.map { (id: String($0.id), distance: bruteForceMeters(lat, lng, $0.latitude, $0.longitude)) }
                    .filter { $0.distance <= radius }.sorted { $0.distance < $1.distance }
                // Points within a centimeter of the edge may fall either way; everything else must match.
                let certain = expected.filter { $0.distance < radius - 0.01 }
                // The store's own search, and the catalog's in-memory GeoPointIndex (what the
                // routes use for a near query with no other filter), also its second page.
                var paged = query
                paged.offset = 7
                paged.limit = 10
                let answers = [
                    ("store", 0, try await fixture.server.content.index!.queryContent(query)),
                    ("memory", 0, try await fixture.server.content.query(query)),
                    ("memory, offset 7", 7, try await fixture.server.content.query(paged)),
                ]
                for (path, offset, rows) in answers {
                    let limit = path == "memory, offset 7" ? 10 : 100
                    let context = "\(path) at \(lat),\(lng) r=\(radius)"
                    #expect(
                        rows.count >= max(0, min(certain.count - offset, limit))
                            && rows.count <= max(0, min(expected.count - offset, limit)),
                        "\(context)")
                    for (row, want) in zip(rows, expected.dropFirst(offset)) {
                        #expect(abs((row.distance ?? -1) - want.distance) < 0.5, "\(context): \(row.id) vs \(want.id)")
                        if row.id != want.id {
                            // Only a tie in distance may swap two items.
                            let other = expected.first { $0.id == row.id }
                            #expect(abs((other?.distance ?? .infinity) - want.distance) < 0.5, "\(context): order")
                        }
                    }
                    checked += rows.count
                }
            }
            #expect(checked > 500)
            // And through HTTP: the same order and distances.
            let answer = try await client.execute(
                uri: "/v1/projects/dealhunter/channels/production/collections/deals?near=89.5,170&within=300km&limit=100",
                method: .get)
            #expect(answer.status == .ok)
            let items = answer.object["items"] as? [[String: Any]] ?? []
            let expected = deals.map { ($0.id, bruteForceMeters(89.5, 170, $0.latitude, $0.longitude)) }.filter {
                $0.1 <= 300_000
            }
            .sorted { $0.1 < $1.1 }.prefix(100)
            #expect(items.count == expected.count)
            #expect(items.map { $0["id"] as? Int ?? -1 } == expected.map(\.0))
        }
        await fixture.tearDown()
    }

    @Test("the query suite: filters, paging, fields, locale, expand, ETag, bad input", arguments: StoreKind.available)
    func querySuite(_ kind: StoreKind) async throws {
        let fixture = try await ContentFixture(kind)
        let deals = ContentSamples.deals(count: 400, seed: 3)
        try await fixture.test { client in
            let base = "/v1/projects/dealhunter/channels/production/collections"
            let none = try await client.execute(uri: "\(base)/deals", method: .get)
            #expect(none.status == .notFound && none.errorCode == "not_found")
            // deals in four chunks (the canonical layout since chunking), stores in one file
            // (packs built before it): both are one collection each, items in order across chunks.
            var files = ["canonical/stores.json": ContentSamples.stores]
            for chunk in 0..<4 {
                files[CanonicalLayout.chunkPath(collection: "deals", index: chunk)] = ContentSamples.canonicalDeals(
                    Array(deals[(chunk * 100)..<(chunk * 100 + 100)]))
            }
            try await fixture.publish(client, project: "dealhunter", sequence: 1, files: files)

            let names = try await client.execute(uri: base, method: .get)
            #expect(names.object["collections"] as? [String] == ["deals", "stores"])
            let across = try await client.execute(uri: "\(base)/deals?cursor=95&limit=10", method: .get)
            #expect((across.object["items"] as? [[String: Any]])?.map { $0["id"] as? Int } == Array(96...105))
            let last = try await client.execute(uri: "\(base)/deals/400", method: .get)
            #expect(last.status == .ok && last.object["id"] as? Int == 400)

            let first = try await client.execute(uri: "\(base)/deals", method: .get)
            #expect(first.status == .ok)
            let etag = try #require(first.headers[.eTag])
            #expect((first.object["items"] as? [[String: Any]])?.map { $0["id"] as? Int } == Array(1...20))
            #expect(first.object["next"] as? String == "20")
            let second = try await client.execute(uri: "\(base)/deals?cursor=20&limit=5", method: .get)
            #expect((second.object["items"] as? [[String: Any]])?.map { $0["id"] as? Int } == Array(21...25))

            let cached = try await client.execute(uri: "\(base)/deals?category=food", method: .get, headers: [.ifNoneMatch: etag])
            #expect(cached.status == .notModified)

            let food = try await client.execute(uri: "\(base)/deals?category=food&limit=100", method: .get)
            let foodIDs = (food.object["items"] as? [[String: Any]] ?? []).map { $0["id"] as? Int ?? 0 }
            #expect(foodIDs == deals.filter { $0.category == "food" }.prefix(100).map(\.id))
            let nested = try await client.execute(
                uri: "\(base)/deals?details.store_name=Store%203&featured=true&limit=100", method: .get)
            #expect(
                (nested.object["items"] as? [[String: Any]] ?? []).map { $0["id"] as? Int ?? 0 }
                    == deals.filter { $0.id % 10 == 3 && $0.id % 5 == 0 }.map(\.id))
            let byID = try await client.execute(uri: "\(base)/deals?id=7,9", method: .get)
            #expect((byID.object["items"] as? [[String: Any]] ?? []).map { $0["id"] as? Int ?? 0 } == [7, 9])

            let near = try await client.execute(
                uri: "\(base)/deals?near=52.3676,4.9041&within=5km&category=leisure&limit=100", method: .get)
            let nearItems = near.object["items"] as? [[String: Any]] ?? []
            let expected = deals.filter { $0.category == "leisure" }
                .map { ($0.id, bruteForceMeters(52.3676, 4.9041, $0.latitude, $0.longitude)) }.filter { $0.1 <= 5_000 }
                .sorted { $0.1 < $1.1 }
            #expect(!expected.isEmpty)
            #expect(nearItems.map { $0["id"] as? Int ?? 0 } == expected.map(\.0))
            for (item, want) in zip(nearItems, expected) {
                #expect(abs((item["_distance"] as? Double ?? -1) - want.1) < 0.5)
            }

            let dutch = try await client.execute(uri: "\(base)/deals?id=2,3&locale=nl&fields=name", method: .get)
            let dutchItems = dutch.object["items"] as? [[String: Any]] ?? []
            #expect(dutchItems.first?["name"] as? String == "Aanbieding 2")
            #expect(dutchItems.last?["name"] as? String == "Deal 3")  // no Dutch: the default locale
            #expect(Set(dutchItems.first?.keys.map { $0 } ?? []) == ["id", "name"])

            let one = try await client.execute(uri: "\(base)/deals/6?expand=store&locale=en", method: .get)
            #expect(one.status == .ok)
            #expect((one.object["store"] as? [String: Any])?["name"] as? String == "One")
            #expect(one.object["name"] as? String == "Deal 6")

            // Bad input: 4xx with a JSON error, nothing from another project.
            for (uri, status, code) in [
                ("/v1/projects/nope/channels/production/collections/deals", HTTPResponse.Status.notFound, "not_found"),
                ("/v1/projects/dealhunter/channels/staging/collections/deals", .notFound, "not_found"),
                ("\(base)/vcs", .notFound, "not_found"),
                ("\(base)/deals/99999", .notFound, "not_found"),
                ("\(base)/deals?near=95,4", .badRequest, "bad_near"),
                ("\(base)/deals?near=52,4&within=5000km", .badRequest, "bad_radius"),
                ("\(base)/deals?near=52,4&within=-1km", .badRequest, "bad_radius"),
                ("\(base)/deals?limit=0", .badRequest, "bad_limit"),
                ("\(base)/deals?locale=fr", .badRequest, "bad_locale"),
                ("\(base)/deals?na%27me=x", .badRequest, "bad_field"),
                ("\(base)/deals/6?expand=nothing", .badRequest, "bad_expand"),
            ] {
                let answer = try await client.execute(uri: uri, method: .get)
                #expect(answer.status == status && answer.errorCode == code, "\(uri): \(answer.status) \(answer.text)")
            }
            let huge = try await client.execute(uri: "\(base)/deals?limit=1000000", method: .get)
            #expect(huge.object["limit"] as? Int == 100 && (huge.object["items"] as? [Any])?.count == 100)

            // The channel moves: a new ETag and the new content.
            try await fixture.publish(
                client, project: "dealhunter", sequence: 2,
                files: ["canonical/deals.json": ContentSamples.canonicalDeals(Array(deals.prefix(3)))])
            let moved = try await client.execute(uri: "\(base)/deals", method: .get, headers: [.ifNoneMatch: etag])
            #expect(moved.status == .ok && moved.headers[.eTag] != etag)
            #expect((moved.object["items"] as? [Any])?.count == 3)
        }
        await fixture.tearDown()
    }

    @Test("Kinvey API: handshake, queries, entities with _acl and _kmd, blobs, errors", arguments: StoreKind.available)
    func kinveyAPI(_ kind: StoreKind) async throws {
        let fixture = try await ContentFixture(kind)
        let auth: HTTPFields = [.authorization: "Basic " + Data("kid_whack:whack-secret".utf8).base64EncodedString()]
        try await fixture.test { client in
            try await fixture.publish(
                client, project: "whack-a-vc", sequence: 1, files: ContentSamples.whackAVC(images: ContentSamples.images()))
            let hello = try await client.execute(uri: "/appdata/kid_whack", method: .get, headers: auth)
            #expect(hello.object["kinvey"] as? String == "hello Whack-A-VC")

            for headers: HTTPFields in [
                [:], [.authorization: "Basic " + Data("kid_whack:wrong".utf8).base64EncodedString()],
                [.authorization: "Basic " + Data("kid_deals:deal-secret".utf8).base64EncodedString()],
            ] {
                let refused = try await client.execute(uri: "/appdata/kid_whack/phrases", method: .get, headers: headers)
                #expect(refused.status == .unauthorized && refused.object["error"] as? String == "InvalidCredentials")
                #expect(!refused.text.contains("Phrase"))
            }

            let phrases = try await client.execute(uri: "/appdata/kid_whack/phrases", method: .get, headers: auth)
            #expect(phrases.array.count == 23)
            let first = try #require(phrases.array.first)
            #expect(first["Phrase"] as? String == "Phrase number 1" && first["text"] == nil)
            #expect((first["_kmd"] as? [String: Any])?["lmt"] as? String != nil)
            #expect((first["_acl"] as? [String: Any])?["creator"] as? String == "whack-a-vc")

            func query(_ json: String, _ extra: String = "") async throws -> TestResponse {
                let encoded = json.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                return try await client.execute(
                    uri: "/appdata/kid_whack/VC-Details?query=\(encoded)\(extra)", method: .get, headers: auth)
            }
            #expect(try await query(#"{"firm":"Firm 2"}"#).array.map { $0["_id"] as? String } == ["2"])
            #expect(try await query(#"{"_id":{"$in":["1","3","9"]}}"#).array.map { $0["_id"] as? String } == ["1", "3"])
            #expect(try await query(#"{"name":{"$regex":"^VC 4"}}"#).array.map { $0["_id"] as? String } == ["2"])
            #expect(try await query(#"{"gameImageNameInBlob":"vcs/vc5.png"}"#).array.map { $0["_id"] as? String } == ["5"])
            let sorted = try await query("{}", "&sort=%7B%22name%22%3A1%7D&skip=1&limit=2&fields=name")
            #expect(sorted.array.map { $0["name"] as? String } == ["VC 2", "VC 3"])
            #expect(sorted.array.first?["firm"] == nil && sorted.array.first?["_id"] != nil)
            let bad = try await query("{not json")
            #expect(bad.status == .badRequest && bad.object["error"] as? String == "InvalidQuerySyntax")
            let unsupported = try await query(#"{"name":{"$where":"1"}}"#)
            #expect(unsupported.status == .badRequest && (unsupported.object["description"] as? String ?? "").contains("$where"))

            let entity = try await client.execute(uri: "/appdata/kid_whack/VC-Details/3", method: .get, headers: auth)
            #expect(entity.object["profileImageNameInBlob"] as? String == "vcs/vcsnap3.png")
            let missing = try await client.execute(uri: "/appdata/kid_whack/VC-Details/77", method: .get, headers: auth)
            #expect(missing.status == .notFound && missing.object["error"] as? String == "EntityNotFound")
            let noCollection = try await client.execute(uri: "/appdata/kid_whack/whacks", method: .get, headers: auth)
            #expect(noCollection.status == .notFound && noCollection.object["error"] as? String == "CollectionNotFound")
            let write = try await client.execute(
                uri: "/appdata/kid_whack/phrases", method: .post, headers: auth, body: ByteBuffer(string: "{}"))
            #expect(write.status == .methodNotAllowed && write.object["error"] as? String != nil && write.object["debug"] != nil)

            let files = try await client.execute(
                uri: "/blob/kid_whack?query=" + #"{"_filename":"vcs/vc2.png"}"#.addingPercentEncoding(
                    withAllowedCharacters: .alphanumerics)!,
                method: .get, headers: auth)
            let file = try #require(files.array.first)
            #expect(file["mimeType"] as? String == "image/png" && file["_filename"] as? String == "vcs/vc2.png")
            let sha = try #require(file["sha256"] as? String)
            let download = try await client.execute(uri: "/v1/files/\(sha)", method: .get)
            #expect(Digest.sha256Hex(Data(buffer: download.body)) == sha)
            let lmtBefore = (first["_kmd"] as? [String: Any])?["lmt"] as? String

            // A new pack where one phrase changed: only that entity's lmt moves.
            try await Task.sleep(for: .milliseconds(1_100))
            var next = ContentSamples.whackAVC(images: ContentSamples.images(changing: "vcs/vc2.png"))
            next["kinvey/phrases.json"] = Data(
                String(decoding: next["kinvey/phrases.json"]!, as: UTF8.self).replacingOccurrences(
                    of: "Phrase number 2\"", with: "Phrase two\""
                ).utf8)
            try await fixture.publish(client, project: "whack-a-vc", sequence: 2, files: next)
            let again = try await client.execute(uri: "/appdata/kid_whack/phrases", method: .get, headers: auth)
            let lmts = again.array.map { ($0["_id"] as? String ?? "", ($0["_kmd"] as? [String: Any])?["lmt"] as? String ?? "") }
            #expect(lmts.first { $0.0 == "1" }?.1 == lmtBefore)
            #expect(lmts.first { $0.0 == "2" }?.1 != lmtBefore)
            let ect = again.array.first { $0["_id"] as? String == "2" }?["_kmd"] as? [String: Any]
            #expect(ect?["ect"] as? String == lmtBefore)
        }
        await fixture.tearDown()
    }

    @Test("Kinvey geo: $nearSphere with $maxDistance in miles on _geoloc", arguments: StoreKind.available)
    func kinveyGeo(_ kind: StoreKind) async throws {
        let fixture = try await ContentFixture(kind)
        let deals = ContentSamples.deals(count: 200, seed: 5)
        let kinveyDeals = deals.map {
            #"{"_id":"\#($0.id)","name":"Deal \#($0.id)","location":{"latitude":\#($0.latitude),"longitude":\#($0.longitude)}}"#
        }
        let auth: HTTPFields = [.authorization: "Basic " + Data("kid_deals:deal-secret".utf8).base64EncodedString()]
        try await fixture.test { client in
            try await fixture.publish(
                client, project: "dealhunter", sequence: 1,
                files: ["kinvey/deals.json": Data("[\(kinveyDeals.joined(separator: ","))]".utf8)])
            let query = #"{"_geoloc":{"$nearSphere":[4.9041,52.3676],"$maxDistance":10}}"#
            let answer = try await client.execute(
                uri: "/appdata/kid_deals/deals?query=" + query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!,
                method: .get,
                headers: auth)
            let measured: [(String, Double)] = deals.map {
                (String($0.id), bruteForceMeters(52.3676, 4.9041, $0.latitude, $0.longitude))
            }
            let inside = measured.filter { $0.1 <= 10 * 1_609.344 }
            let expected: [String] = inside.sorted { $0.1 < $1.1 }.map(\.0)
            #expect(!expected.isEmpty)
            #expect(answer.array.map { $0["_id"] as? String ?? "" } == expected)
            #expect((answer.array.first?["_geoloc"] as? [Double])?.count == 2)
            let far = #"{"_geoloc":{"$nearSphere":[4.9,52.3],"$maxDistance":100000}}"#
            let refused = try await client.execute(
                uri: "/appdata/kid_deals/deals?query=" + far.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!,
                method: .get,
                headers: auth)
            #expect(refused.status == .badRequest && refused.object["error"] as? String == "InvalidQuerySyntax")
            // Without $maxDistance, Kinvey ranks every entity by distance; gamepack as far as it
            // searches at all (1000 km), so farther than a 5 km default would, nearest first.
            let unbounded = #"{"_geoloc":{"$nearSphere":[4.9041,52.3676]}}"#
            let ranked = try await client.execute(
                uri: "/appdata/kid_deals/deals?limit=150&query=" + unbounded.addingPercentEncoding(
                    withAllowedCharacters: .alphanumerics)!,
                method: .get, headers: auth)
            let reachable = measured.filter { $0.1 <= 1_000_000 }.sorted { $0.1 < $1.1 }.map(\.0)
            #expect(ranked.array.map { $0["_id"] as? String ?? "" } == reachable)
            #expect(reachable.count > measured.filter { $0.1 <= 5_000 }.count + 10)
            let typo = #"{"_geoloc":{"$nearSphere":[4.9,52.3],"$maxDistance":"10"}}"#
            let wrongType = try await client.execute(
                uri: "/appdata/kid_deals/deals?query=" + typo.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!,
                method: .get,
                headers: auth)
            #expect(wrongType.status == .badRequest && wrongType.object["error"] as? String == "InvalidQuerySyntax")
        }
        await fixture.tearDown()
    }

    @Test(
        "an independent Python client plays a Whack-A-VC session, then fetches only the changed image",
        .tags(.python), .requires(.requests))
    func whackAVCSession() async throws {
        let fixture = try await ContentFixture(.sqlite)
        let cache = fixture.storeFixture.directory.appendingPathComponent("client-cache")
        let script = TestPaths.repoRoot.appendingPathComponent("scripts/kinvey-session.py")
        try await fixture.test(live: true) { client in
            let port = try #require(client.port)
            // _downloadURL is built from the server's public URL, never from the Host header.
            fixture.server.listening.withLockedValue { $0 = "http://127.0.0.1:\(port)" }
            try await fixture.publish(
                client, project: "whack-a-vc", sequence: 1, files: ContentSamples.whackAVC(images: ContentSamples.images()))
            func session() async throws -> [String: Any] {
                let result = try await CommandRunner.runOffPool(
                    URL(fileURLWithPath: "/usr/bin/env"),
                    ["python3", script.path, "http://127.0.0.1:\(port)", "kid_whack", "whack-secret", cache.path])
                #expect(result.status == 0, "\(result.stderr)")
                return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
            }
            let one = try await session()
            #expect(one["phrases"] as? Int == 23 && one["vcs"] as? Int == 5)
            #expect((one["downloaded"] as? [String])?.count == 10)
            try await fixture.publish(
                client, project: "whack-a-vc", sequence: 2,
                files: ContentSamples.whackAVC(images: ContentSamples.images(changing: "vcs/vc4.png")))
            let two = try await session()
            #expect(two["downloaded"] as? [String] == ["vcs/vc4.png"])
            #expect((two["kept"] as? [String])?.count == 9)
        }
        await fixture.tearDown()
    }
}

@Suite("Answer assembly")
struct ContentJSONTests {
    @Test("members are appended inside an item's object, with a comma only after other members")
    func appending() {
        let distance = #""_distance":12.5"#
        #expect(ContentJSON.appending([distance], to: #"{"id":1}"#) == #"{"id":1,"_distance":12.5}"#)
        #expect(ContentJSON.appending([distance], to: "{}") == #"{"_distance":12.5}"#)
        #expect(ContentJSON.appending([distance], to: "{ \t}") == #"{ "# + "\t" + #""_distance":12.5}"#)
        #expect(ContentJSON.appending([distance, #""a":"é""#], to: #"{"n":"ü}"}"#) == #"{"n":"ü}","_distance":12.5,"a":"é"}"#)
        #expect(ContentJSON.appending([], to: #"{"id":1}"#) == #"{"id":1}"#)
        #expect(ContentJSON.appending([distance], to: "[1]") == "[1]")
        #expect(ContentJSON.contains(#"{"a":1,"_geoloc":[4,52]}"#, #""_geoloc":"#))
        #expect(!ContentJSON.contains(#"{"a":"_geoloc"}"#, #""_geoloc":"#) && !ContentJSON.contains("", "x"))
        #expect(ContentJSON.contains("é👩‍💻x", "👩‍💻") && ContentJSON.contains("abc", ""))
    }
}

@Suite("In-memory geo index")
struct GeoPointIndexTests {
    @Test(
        "search agrees with a brute-force haversine at tiny to wide radii (grid cells and the band scan), over the antimeridian and the poles"
    )
    func bruteForce() {
        var random = SeededRandom(1915)
        for (centre, spread) in [((52.37, 4.9), 0.2), ((0.0, 179.99), 0.5), ((89.99, 0.0), 2.0), ((-89.9, 100.0), 2.0)] {
            var points: [ContentPoint] = []
            for n in 0..<3_000 {
                let lat = max(-90, min(90, centre.0 + random.uniform(-0.5, 0.5) * spread))
                let lng = centre.1 + random.uniform(-0.5, 0.5) * spread
                points.append(ContentPoint(id: "\(n)", position: n, latitude: lat, longitude: lng > 180 ? lng - 360 : lng))
            }
            let index = GeoPointIndex(points)
            for radius in [1.0, 150.0, 5_000.0, 40_000.0, 300_000.0] {
                for _ in 0..<10 {
                    let lat = max(-90, min(90, centre.0 + (random.uniform(-0.5, 0.5)) * spread))
                    let lng = centre.1 + (random.uniform(-0.5, 0.5)) * spread
                    let circle = GeoCircle(latitude: lat, longitude: lng > 180 ? lng - 360 : lng, radius: radius)
                    var expected: [GeoPointIndex.Hit] = []
                    for point in points {
                        let distance = SphereGeo.distance(circle.latitude, circle.longitude, point.latitude, point.longitude)
                        if distance <= radius {
                            expected.append(.init(id: point.id, distance: distance, position: point.position))
                        }
                    }
                    expected.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.position < $1.position }
                    let found = index.search(circle, offset: 0, limit: 5_000)
                    #expect(found.count == expected.count, "\(circle)")
                    for (hit, want) in zip(found, expected) {
                        #expect(abs(hit.distance - want.distance) < 1e-6, "\(circle)")
                        #expect(hit.id == want.id || abs(hit.distance - want.distance) < 1e-6, "\(circle)")
                    }
                    let page = index.search(circle, offset: 3, limit: 5)
                    #expect(page.map(\.distance) == Array(found.dropFirst(3).prefix(5)).map(\.distance), "\(circle)")
                    // The members alone (Appacitive's within_circle): the same set, unordered.
                    let members = index.inside(circle)
                    #expect(Set(members.map(\.id)) == Set(expected.map(\.id)) && members.count == expected.count, "\(circle)")
                    #expect(members.allSatisfy { points[$0.position].id == $0.id }, "\(circle)")
                }
            }
        }
    }
}
