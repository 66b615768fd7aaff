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

/// DealHunter's content as the canonical target writes it: deals within 4.5 km of `point` (deal
/// 1 exactly on it), others 20-60 km away, each with a `details` reference to a `dealdetails`
/// item and an image in the pack.
enum DealHunterSamples {
    static let point = (latitude: 52.382420, longitude: 4.886950)
    static let near = 45
    static let count = 60
    /// A small PNG (the signature and an IHDR chunk are all the replay looks at).
    static let image = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("IHDR deal image".utf8)
    static var imageSHA: String { Digest.sha256Hex(image) }

    struct Deal {
        var id: Int
        var latitude: Double
        var longitude: Double
        var price: Double
        var category: String
    }

    static let deals: [Deal] = {
        var random = SeededRandom(29)
        return (1...count).map { id in
            let (lat, lng): (Double, Double)
            if id == 1 {
                (lat, lng) = point
            } else if id <= near {
                (lat, lng) = (point.latitude + random.uniform(-0.03, 0.03), point.longitude + random.uniform(-0.04, 0.04))
            } else {
                let sign = id % 2 == 0 ? 1.0 : -1.0
                (lat, lng) = (point.latitude + sign * random.uniform(0.2, 0.5), point.longitude + random.uniform(-0.5, 0.5))
            }
            return Deal(
                id: id, latitude: lat, longitude: lng, price: Double(id) * 1.5, category: ["food", "drinks", "fashion"][id % 3])
        }
    }()

    static var files: [String: Data] {
        let sha = imageSHA
        let deals = Self.deals.map { deal in
            #"{"id":\#(deal.id),"name":"Deal \#(deal.id)","location":{"latitude":\#(deal.latitude),"longitude":\#(deal.longitude)},"category":"\#(deal.category)","price":\#(deal.price),"featured":\#(deal.id % 2 == 0),"details":"d\#(deal.id)","image":{"sha256":"\#(sha)","format":"png","bytes":\#(image.count),"path":"assets/\#(sha).png"}}"#
        }
        let details = Self.deals.map { deal in
            #"{"id":"d\#(deal.id)","storename":"Store \#(deal.id)","location":{"latitude":\#(deal.latitude),"longitude":\#(deal.longitude)},"details":"Buy one, get one free at store \#(deal.id)"}"#
        }
        return [
            "canonical/deals.json": Data(
                #"{"collection":"deals","locales":["en"],"items":[\#(deals.joined(separator: ","))]}"#.utf8),
            "canonical/dealdetails.json": Data(
                #"{"collection":"dealdetails","locales":["en"],"items":[\#(details.joined(separator: ","))]}"#.utf8),
            "assets/\(sha).png": image,
        ]
    }

    /// The `--appacitive-apps` file of the tests.
    static let appsFile = """
        {"apps": [{"apiKey": "dealhunter-key", "project": "dealhunter", "channel": "production", "environment": "sandbox",
                   "types": {"deal": "deals", "dealdetail": "dealdetails"},
                   "relations": {"details": {"from": "deal", "to": "dealdetail", "property": "details"}},
                   "users": [{"username": "john.doe", "password": "p@ssw0rd", "email": "john.doe@example.com", "firstname": "John"}]},
                  {"apiKey": "other-key", "project": "other", "channel": "production", "environment": "live",
                   "types": {"deal": "deals"}}]}
        """
}

/// A server with the test's Appacitive apps (read from a file as `--appacitive-apps` reads it)
/// over a `ContentFixture`'s fresh store, data folder and keys, with DealHunter's content
/// published through it.
final class AppacitiveFixture: @unchecked Sendable {
    let base: ContentFixture
    let server: ContentServer
    var storeFixture: StoreFixture { base.storeFixture }

    static let headers: HTTPFields = {
        var fields = HTTPFields()
        fields[HTTPField.Name("Appacitive-Apikey")!] = "dealhunter-key"
        fields[HTTPField.Name("Appacitive-Environment")!] = "sandbox"
        fields[.contentType] = "application/json"
        return fields
    }()

    init(_ kind: StoreKind, publicURL: String? = "https://content.example.com") async throws {
        base = try await ContentFixture(kind)
        let file = base.storeFixture.directory.appendingPathComponent("appacitive-apps.json")
        try Data(DealHunterSamples.appsFile.utf8).write(to: file)
        var configuration = base.server.configuration
        configuration.port = 0
        configuration.appacitiveApps = try AppacitiveApp.load(file)
        configuration.publicURL = publicURL
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        server = try ContentServer(configuration: configuration, store: base.storeFixture.store, logger: logger)
    }

    func tearDown() async { await base.tearDown() }

    /// Runs `body` against the router in process, after publishing DealHunter.
    func test(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let app = Application(router: server.makeRouter(), logger: logger)
        try await app.test(.router) { client in
            try await self.base.publish(client, project: "dealhunter", sequence: 1, files: DealHunterSamples.files)
            try await body(client)
        }
    }
}

extension TestResponse {
    /// Appacitive's `status.code`, which must be a string.
    var appacitiveCode: String? { (object["status"] as? [String: Any])?["code"] as? String }
    /// The first of `status.additionalmessages`.
    var appacitiveDetail: String { ((object["status"] as? [String: Any])?["additionalmessages"] as? [String])?.first ?? "" }
}
