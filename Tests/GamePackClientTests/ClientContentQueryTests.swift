import Foundation
import GamePackClient
import GamePackFormat
import GamePackTestSupport
import Testing

/// A deal as the tests decode it from the installed canonical target.
struct TestDeal: Decodable, Equatable {
    struct Details: Decodable, Equatable {
        var store_name: String
    }
    var id: Int
    var name: String
    var location: GeoPoint
    var category: String?
    var featured: Bool?
    var details: Details
}

/// The great-circle distance in meters by the haversine formula, written here apart from the
/// client's so that the tests check `nearby` against a second implementation. The radius is
/// the mean Earth radius (IUGG), the one the client documents.
func bruteForceDistance(_ a: GeoPoint, _ b: GeoPoint) -> Double {
    let radians = Double.pi / 180
    let lat1 = a.latitude * radians, lat2 = b.latitude * radians
    let halfLat = (lat2 - lat1) / 2, halfLng = (b.longitude - a.longitude) * radians / 2
    let s = sin(halfLat) * sin(halfLat) + cos(lat1) * cos(lat2) * sin(halfLng) * sin(halfLng)
    return 2 * 6_371_008.8 * atan2(sqrt(s), sqrt(max(0, 1 - s)))
}

/// A small deterministic generator (SplitMix64), so a failing case can be run again.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Signed packs installed from the bundled-pack path of the client (no network): the DealHunter
/// example, and a synthetic deals project with points at the antimeridian and the poles.
actor InstalledDeals {
    static let shared = InstalledDeals()
    /// One install per name: tests that ask while it runs wait for the same task (the actor is
    /// reentrant at each `await`, and two installs into one storage folder collide).
    var cache: [String: Task<(InstalledContent, TestPacks.Built), Error>] = [:]
    let temp: TemporaryDirectory
    let key = MinisignSecretKey.generate()

    init() {
        temp = try! TemporaryDirectory()
    }

    /// The example's pack, built, signed and installed.
    func example() async throws -> (InstalledContent, TestPacks.Built) {
        try await install("example", project: TestPaths.example("dealhunter"))
    }

    /// A project of deals around the antimeridian and both poles (see `extremePoints`).
    func extremes() async throws -> (InstalledContent, TestPacks.Built) {
        if cache["extremes"] == nil {
            var lines = ["# Deals at the edges of the map, for the client's nearby tests."]
            for (index, point) in Self.extremePoints().enumerated() {
                lines += [
                    "- id: \(index + 1)",
                    "  name: \"Deal \(index + 1)\"",
                    String(format: "  location: {latitude: %.6f, longitude: %.6f}", point.latitude, point.longitude),
                    "  details:",
                    "    store_name: \"Shop \(index + 1)\"",
                ]
            }
            try temp.write("id: dealhunter\nname: Edges\nlocales: [en]\ntargets: [canonical]\n", to: "extremes/gamepack.yaml")
            try temp.write(lines.joined(separator: "\n") + "\n", to: "extremes/content/deals/deals.yaml")
        }
        return try await install("extremes", project: temp.url.appendingPathComponent("extremes"))
    }

    /// Points near (0, ±180), near (±60, ±180), within a few km of both poles, and exactly on
    /// the antimeridian and at ±90 latitude; fixed by the seed.
    static func extremePoints() -> [GeoPoint] {
        var random = SeededGenerator(state: 19)
        var points: [GeoPoint] = [
            GeoPoint(latitude: 0, longitude: 180), GeoPoint(latitude: 0, longitude: -180),
            GeoPoint(latitude: 90, longitude: 0), GeoPoint(latitude: -90, longitude: 45),
            GeoPoint(latitude: 89.999, longitude: -179.5), GeoPoint(latitude: -89.9995, longitude: 179.9),
        ]
        for centre in hotspots {
            for _ in 0..<60 {
                let lat = min(90, max(-90, centre.latitude + Double.random(in: -0.6...0.6, using: &random)))
                var lng = centre.longitude + Double.random(in: -1.5...1.5, using: &random)
                if lng > 180 { lng -= 360 }
                if lng < -180 { lng += 360 }
                points.append(GeoPoint(latitude: (lat * 1e6).rounded() / 1e6, longitude: (lng * 1e6).rounded() / 1e6))
            }
        }
        return points
    }

    static let hotspots = [
        GeoPoint(latitude: 0, longitude: 180), GeoPoint(latitude: 60, longitude: -180), GeoPoint(latitude: -45, longitude: 179.8),
        GeoPoint(latitude: 89.7, longitude: 0), GeoPoint(latitude: -89.7, longitude: 120),
        GeoPoint(latitude: 52.37, longitude: 4.9),
    ]

    func install(_ name: String, project: URL) async throws -> (InstalledContent, TestPacks.Built) {
        if let task = cache[name] { return try await task.value }
        let (temp, key) = (temp, key)
        let task = Task {
            let built = try await TestPacks.build(
                project, out: temp.url.appendingPathComponent("out-\(name)"), key: key, sequence: 1)
            let client = GamePackClient(
                configuration: .init(
                    baseURL: URL(string: "http://127.0.0.1:9/")!, project: built.manifest.project, channel: "production",
                    publicKey: key.publicKey, storageDirectory: temp.url.appendingPathComponent("storage-\(name)"),
                    bundledPack: built.pack, bundledSignature: built.signature))
            return (try await client.current, built)
        }
        cache[name] = task
        return try await task.value
    }
}

/// `InstalledContent.collection(_:)` and its queries over DealHunter content.
@Suite("Client offline content queries")
struct ClientContentQueryTests {
    static let dealsFolder = TestPaths.example("dealhunter").appendingPathComponent("content/deals")

    /// Every line of the example's deal files.
    static func sourceLines() throws -> [String] {
        let files = try FileManager.default.contentsOfDirectory(atPath: dealsFolder.path).filter { $0.hasSuffix(".yaml") }
        return try files.sorted().flatMap {
            try String(contentsOf: dealsFolder.appendingPathComponent($0), encoding: .utf8).components(separatedBy: "\n")
        }
    }

    /// The `name:` of deal file `<id>.yaml`, unquoted.
    static func sourceName(of id: Int) throws -> String {
        let text = try String(contentsOf: dealsFolder.appendingPathComponent("\(id).yaml"), encoding: .utf8)
        let line = try #require(text.components(separatedBy: "\n").first { $0.hasPrefix("name: ") })
        return String(line.dropFirst(6)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }

    @Test("a collection lists every deal of the example, in id order, decoded")
    func listsCollection() async throws {
        let (content, _) = try await InstalledDeals.shared.example()
        let deals = try content.collection("deals")
        let all = try deals.all(as: TestDeal.self)
        let sourceCount = try Self.sourceLines().filter { $0.hasPrefix("id: ") || $0.hasPrefix("- id: ") }.count
        #expect(sourceCount > 300)
        #expect(all.count == sourceCount)
        #expect(deals.count == sourceCount)
        #expect(all.map(\.id) == all.map(\.id).sorted())
        #expect(deals.name == "deals")
        #expect(deals.locales == ["en"])
        #expect(throws: GamePackClientError.self) { try content.collection("no-such-collection") }
    }

    @Test("item(_:as:) gets a deal by id as its source file wrote it, and nil for an unknown id")
    func getsById() async throws {
        let deals = try await InstalledDeals.shared.example().0.collection("deals")
        for id in [1, 7, 12] {
            let deal = try #require(try deals.item(id, as: TestDeal.self))
            #expect(deal.id == id)
            #expect(deal.name == (try Self.sourceName(of: id)))
        }
        #expect(try deals.item("7", as: TestDeal.self)?.id == 7)
        #expect(try deals.item(99_999, as: TestDeal.self) == nil)
    }

    @Test("items(_:as:) resolves a list of references in the list's order, skipping unknown ids")
    func resolvesReferences() async throws {
        let deals = try await InstalledDeals.shared.example().0.collection("deals")
        let picked = try deals.items([12, 99_999, 3, 250], as: TestDeal.self)
        #expect(picked.map(\.id) == [12, 3, 250])
        #expect(picked[0].name == (try Self.sourceName(of: 12)))
        #expect(picked[1].name == (try Self.sourceName(of: 3)))
    }

    @Test("filter(as:) keeps the deals the predicate accepts, as many as the source has")
    func filters() async throws {
        let deals = try await InstalledDeals.shared.example().0.collection("deals")
        let lines = try Self.sourceLines().map { $0.trimmingCharacters(in: .whitespaces) }
        let food = try deals.filter(as: TestDeal.self) { $0.category == "food" }
        #expect(food.count == lines.filter { $0 == "category: food" }.count)
        #expect(!food.isEmpty && food.allSatisfy { $0.category == "food" })
        let featured = try deals.filter(as: TestDeal.self) { $0.featured == true }
        #expect(featured.count == lines.filter { $0 == "featured: true" }.count)
    }

    /// `nearby` against a brute-force scan of `all`: the same ids, nearest first, the same
    /// distances; items within a micrometre of the radius may fall either way.
    static func checkNearby(_ deals: ContentCollection, centre: GeoPoint, radius: Double) throws {
        let all = try deals.all(as: TestDeal.self)
        let hits = try deals.nearby(latitude: centre.latitude, longitude: centre.longitude, within: radius, as: TestDeal.self)
        let expected = all.map { ($0, bruteForceDistance(centre, $0.location)) }.filter { $0.1 <= radius }
        let borderline = Set(all.filter { abs(bruteForceDistance(centre, $0.location) - radius) < 1e-6 }.map(\.id))
        let context = "around \(centre.latitude),\(centre.longitude) within \(radius) m"
        #expect(
            Set(hits.map(\.item.id)).subtracting(borderline) == Set(expected.map(\.0.id)).subtracting(borderline),
            "\(context)")
        for hit in hits {
            let distance = bruteForceDistance(centre, hit.item.location)
            #expect(abs(hit.distance - distance) <= max(1e-6, distance * 1e-9), "\(context): deal \(hit.item.id)")
            #expect(hit.distance <= radius + 1e-6, "\(context): deal \(hit.item.id)")
        }
        #expect(zip(hits, hits.dropFirst()).allSatisfy { $0.distance <= $1.distance }, "\(context): not nearest first")
    }

    @Test("nearby(latitude:longitude:within:) over the example matches a brute-force haversine at random points")
    func nearbyInAmsterdam() async throws {
        let deals = try await InstalledDeals.shared.example().0.collection("deals")
        var random = SeededGenerator(state: 7)
        var nonEmpty = 0
        for _ in 0..<40 {
            let centre = GeoPoint(
                latitude: Double.random(in: 52.28...52.45, using: &random),
                longitude: Double.random(in: 4.75...5.05, using: &random))
            let radius = Double.random(in: 200...8_000, using: &random)
            try Self.checkNearby(deals, centre: centre, radius: radius)
            if try !deals.nearby(latitude: centre.latitude, longitude: centre.longitude, within: radius, as: TestDeal.self)
                .isEmpty
            {
                nonEmpty += 1
            }
        }
        #expect(nonEmpty > 20)
        // The README's 5 km around the Dam leaves some of the example's deals out.
        let five = try deals.nearby(latitude: 52.3676, longitude: 4.9041, within: 5_000, as: TestDeal.self)
        #expect(!five.isEmpty && five.count < deals.count)
        #expect(try deals.nearby(latitude: 52.3676, longitude: 4.9041, within: 0, as: TestDeal.self).isEmpty)
    }

    @Test("nearby matches a brute-force haversine near the antimeridian and the poles")
    func nearbyAtTheEdges() async throws {
        let deals = try await InstalledDeals.shared.extremes().0.collection("deals")
        #expect(deals.count == InstalledDeals.extremePoints().count)
        var random = SeededGenerator(state: 23)
        for hotspot in InstalledDeals.hotspots {
            for _ in 0..<12 {
                let lat = min(90, max(-90, hotspot.latitude + Double.random(in: -0.8...0.8, using: &random)))
                var lng = hotspot.longitude + Double.random(in: -2...2, using: &random)
                if lng > 180 { lng -= 360 }
                if lng < -180 { lng += 360 }
                let radius = [1_000.0, 20_000, 80_000, 250_000].randomElement(using: &random)!
                try Self.checkNearby(deals, centre: GeoPoint(latitude: lat, longitude: lng), radius: radius)
            }
        }
        // Across the antimeridian: a point just east of it finds deals just west of it.
        let east = try deals.nearby(latitude: 0, longitude: 179.999, within: 50_000, as: TestDeal.self)
        #expect(east.contains { $0.item.location.longitude < 0 })
        #expect(east.contains { $0.item.location.longitude > 0 })
        // At a pole every longitude is near.
        let north = try deals.nearby(latitude: 90, longitude: 0, within: 40_000, as: TestDeal.self)
        #expect(Set(north.map { $0.item.location.longitude > 0 }).count == 2)
        try Self.checkNearby(deals, centre: GeoPoint(latitude: -90, longitude: -180), radius: 60_000)
    }

    @Test("dealhunter-demo prints the deals within 5 km of a point, nearest first, in English and Dutch")
    func dealHunterDemo() async throws {
        let (content, built) = try await InstalledDeals.shared.example()
        let pub = try InstalledDeals.shared.temp.write(InstalledDeals.shared.key.publicKey.fileContents, to: "demo-release.pub")
        let storage = InstalledDeals.shared.temp.url.appendingPathComponent("demo-storage-\(UUID().uuidString)")
        let demo = TestPaths.gamepackBinary.deletingLastPathComponent().appendingPathComponent("dealhunter-demo")
        let result = try CommandRunner.run(
            demo,
            [
                "--bundled", built.pack.path, "--pubkey", pub.path, "--storage", storage.path, "--near", "52.3676,4.9041",
                "--within", "5000",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let centre = GeoPoint(latitude: 52.3676, longitude: 4.9041)
        let all: [TestDeal] = try content.collection("deals").all(as: TestDeal.self)
        let measured: [(TestDeal, Double)] = all.map { ($0, bruteForceDistance(centre, $0.location)) }
        let expected: [(TestDeal, Double)] = measured.filter { $0.1 <= 5_000 }.sorted { (a, b) -> Bool in
            a.1 != b.1 ? a.1 < b.1 : a.0.id < b.0.id
        }
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let english = "\(expected.count) deals within 5.0 km of 52.3676,4.9041"
        let dutch = "\(expected.count) aanbiedingen binnen 5,0 km van 52.3676,4.9041"
        let englishAt = try #require(lines.firstIndex(of: english), "no line \"\(english)\" in:\n\(result.stdout)")
        let dutchAt = try #require(lines.firstIndex(of: dutch), "no line \"\(dutch)\" in:\n\(result.stdout)")
        #expect(dutchAt == englishAt + expected.count + 1)
        #expect(lines.count == 2 * (expected.count + 1))
        let categories = [
            "en": ["food": "food", "drinks": "drinks", "services": "services"],
            "nl": ["food": "eten", "drinks": "drinken", "services": "diensten"],
        ]
        for (locale, start) in [("en", englishAt), ("nl", dutchAt)] {
            for (offset, (deal, distance)) in expected.enumerated() {
                let line = lines[start + 1 + offset]
                var km = String(format: "%.1f km", distance / 1000)
                if locale == "nl" { km = km.replacingOccurrences(of: ".", with: ",") }
                #expect(line.hasPrefix("  \(km)  \(deal.name) (\(deal.details.store_name)"), "\(locale) line \(offset): \(line)")
                if let category = deal.category, let word = categories[locale]?[category] {
                    #expect(line.hasSuffix(", \(word))"), "\(locale) line \(offset): \(line)")
                }
            }
        }
        #expect(expected.count > 10)
        #expect(result.stderr.contains("nearby over"))
    }
}

/// The Python Whack-A-VC session (scripts/kinvey-session.py, written from Kinvey's REST docs)
/// against the real thing: examples/whack-a-vc built with the `kinvey` target, signed,
/// published with `gamepack publish` to a `gamepack serve --kinvey-apps` process.
@Suite("Whack-A-VC session against the example's kinvey pack", .serialized, .tags(.python))
struct WhackAVCExampleSessionTests {
    static let example = TestPaths.example("whack-a-vc")

    /// The apps file of the README: the game's names for the project's collections and fields.
    static let apps = """
        {"apps": [{"appKey": "kid_whackavc", "appSecret": "a-long-secret", "project": "whack-a-vc",
                   "channel": "production", "name": "Whack-A-VC",
                   "collections": {"VC-Details": "vcs"},
                   "fields": {"VC-Details": {"gameImageNameInBlob": "game_image",
                                             "profileImageNameInBlob": "profile_image",
                                             "twitter_handle": "twitter"},
                              "phrases": {"Phrase": "text"}}}]}
        """

    /// Values of `key:` lines in the example's sources below `content/<folder>`.
    static func sourceValues(_ key: String, in folder: String) throws -> [String] {
        let directory = example.appendingPathComponent("content/\(folder)")
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted().flatMap { file in
            try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8).components(separatedBy: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .compactMap { line -> String? in
                    let bare = line.hasPrefix("- ") ? String(line.dropFirst(2)) : line
                    return bare.hasPrefix("\(key): ") ? String(bare.dropFirst(key.count + 2)) : nil
                }
        }
    }

    @Test(
        "kinvey-session.py plays against the example's kinvey pack, then fetches only the image a new pack replaced",
        .requires(.python3, .requests))
    func session() async throws {
        let temp = try TemporaryDirectory()
        let key = MinisignSecretKey.generate()
        let publicKey = try temp.write(key.publicKey.fileContents, to: "release.pub")
        let secretKey = try temp.write(key.fileContents, to: "release.key")
        chmod(secretKey.path, 0o600)
        let appsFile = try temp.write(Self.apps, to: "kinvey-apps.json")
        let v1 = try await TestPacks.build(
            Self.example, out: temp.url.appendingPathComponent("out1"), key: key, sequence: 1, targets: ["kinvey"])
        // Version 2: one VC's game image replaced under the same name.
        let changed = try temp.copy(Self.example, as: "project2")
        let image = changed.appendingPathComponent("assets/vcs/vc4.png")
        try FileManager.default.removeItem(at: image)
        try FileManager.default.copyItem(at: changed.appendingPathComponent("assets/vcs/Arjun_Mehta_g.png"), to: image)
        let v2 = try await TestPacks.build(
            changed, out: temp.url.appendingPathComponent("out2"), key: key, sequence: 2, targets: ["kinvey"])

        let server = try ContentServer(folder: temp.url, trustedKeys: [publicKey], extra: ["--kinvey-apps", appsFile.path])
        defer { server.stop() }
        let published = try server.publish(v1, key: secretKey)
        #expect(published.status == 0, "\(published.stderr)")
        let cache = temp.url.appendingPathComponent("client-cache")
        func play() throws -> [String: Any] {
            let result = try CommandRunner.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "python3", TestPaths.repoRoot.appendingPathComponent("scripts/kinvey-session.py").path,
                    server.baseURL.absoluteString, "kid_whackavc", "a-long-secret", cache.path,
                ])
            #expect(result.status == 0, "\(result.stderr)")
            return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
        }
        let images = Set(try Self.sourceValues("game_image", in: "vcs") + Self.sourceValues("profile_image", in: "vcs"))
        let first = try play()
        #expect(first["greeting"] as? String == "hello Whack-A-VC")
        #expect(first["phrases"] as? Int == (try Self.sourceValues("id", in: "phrases").count))
        #expect(first["vcs"] as? Int == (try Self.sourceValues("id", in: "vcs").count))
        #expect(Set(first["downloaded"] as? [String] ?? []) == images)
        #expect(images.count == 40)
        let again = try play()
        #expect((again["downloaded"] as? [String])?.isEmpty == true)
        #expect(Set(again["kept"] as? [String] ?? []) == images)
        let republished = try server.publish(v2, key: secretKey)
        #expect(republished.status == 0, "\(republished.stderr)")
        let after = try play()
        #expect(after["downloaded"] as? [String] == ["vcs/vc4.png"])
        #expect((after["kept"] as? [String])?.count == images.count - 1)
    }
}

@Suite("Client offline queries over a pack of the layout before chunking")
struct ClientPreChunkingTests {
    @Test("a pack with one canonical/deals.json lists, gets and finds the same deals as the chunked pack")
    func oldLayout() async throws {
        let temp = try TemporaryDirectory()
        let key = MinisignSecretKey.generate()
        let chunked = try await TestPacks.build(
            TestPaths.example("dealhunter"), out: temp.url.appendingPathComponent("new"), key: key, sequence: 1)
        let old = try PreChunkingPack.signed(chunked, out: temp.url.appendingPathComponent("old"), key: key)
        #expect(old.manifest.files.contains { $0.path == "canonical/deals.json" })
        #expect(!old.manifest.files.contains { $0.path.hasPrefix("canonical/deals/") })
        var collections: [ContentCollection] = []
        for (name, built) in [("new", chunked), ("old", old)] {
            let client = GamePackClient(
                configuration: .init(
                    baseURL: URL(string: "http://127.0.0.1:9/")!, project: built.manifest.project, channel: "production",
                    publicKey: key.publicKey, storageDirectory: temp.url.appendingPathComponent("storage-\(name)"),
                    bundledPack: built.pack, bundledSignature: built.signature))
            collections.append(try await client.current.collection("deals"))
        }
        let (new, before) = (collections[0], collections[1])
        #expect(new.count > 300 && before.count == new.count)
        #expect(try before.all(as: TestDeal.self) == (try new.all(as: TestDeal.self)))
        #expect(try before.item(12, as: TestDeal.self) == (try new.item(12, as: TestDeal.self)))
        let near = { (deals: ContentCollection) in
            try deals.nearby(latitude: 52.37, longitude: 4.89, within: 3_000, as: TestDeal.self).map(\.item.id)
        }
        #expect(try near(before) == (try near(new)) && !(try near(new)).isEmpty)
    }
}
