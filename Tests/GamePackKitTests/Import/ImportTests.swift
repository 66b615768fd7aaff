import Crypto
import Foundation
import GamePackBuild
import GamePackContent
import GamePackFormat
import GamePackKit
import GamePackLint
import GamePackTestSupport
import Testing

/// Compares a project imported from a Go Take a Hike! content file with the file itself:
/// every text byte for byte, every image byte for byte, coordinates digit for digit, the order
/// of profiles, routes and waypoints, and rewards (the old server's `"": null` meaning none).
/// Used on the project's fixtures and, in the real-data suite, on the real files.
enum GohikeFidelity {
    /// The file as a JSON tree.
    static func json(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }

    static func item(_ project: Project, _ collection: String, _ id: Int) -> ContentItem? {
        project.items.first { $0.collection == collection && $0.id == ItemID(String(id)) }
    }

    static func base64(_ value: Any?) -> Data? {
        (value as? String).flatMap { Data(base64Encoded: $0, options: .ignoreUnknownCharacters) }
    }

    /// Records an issue for every difference between `file` and the project imported from it.
    static func check(_ file: URL, against project: Project) throws {
        func checkTexts(_ source: [String: Any], _ item: ContentItem) {
            for field in ["name", "description"] {
                for locale in ["en", "nl"] {
                    let expected = source["\(field)_\(locale)"] as! String
                    let actual = item.node[field]?[locale]?.scalarText
                    #expect(actual == (expected.isEmpty ? nil : expected), "\(item.collection) \(item.id!) \(field).\(locale)")
                }
            }
        }
        func checkImage(_ source: [String: Any], _ item: ContentItem) throws {
            guard let expected = base64(source["image_data"]) else {
                #expect(item.node["image"] == nil, "\(item.collection) \(item.id!) image")
                return
            }
            let path = try #require(item.node["image"]?.scalarText)
            #expect(try Data(contentsOf: project.assetURL(path)) == expected, "\(item.collection) \(item.id!)")
        }

        let profiles = try json(file)["profiles"] as! [[String: Any]]
        for (profileIndex, profile) in profiles.enumerated() {
            let importedProfile = try #require(item(project, "profiles", profile["id"] as! Int))
            checkTexts(profile, importedProfile)
            try checkImage(profile, importedProfile)
            #expect(importedProfile.node["icon"] == nil)
            #expect(importedProfile.node["order"]?.scalarText == String(profileIndex))
            for (index, route) in (profile["routes"] as! [[String: Any]]).enumerated() {
                let imported = try #require(item(project, "routes", route["id"] as! Int))
                #expect(imported.node["order"]?.scalarText == String(index))
                #expect(imported.node["profile"]?.scalarText == String(profile["id"] as! Int))
                checkTexts(route, imported)
                try checkImage(route, imported)
                if let reward = route["reward"] as? [String: Any] {
                    #expect(imported.node["reward"]?.scalarText == String(reward["id"] as! Int))
                    let importedReward = try #require(item(project, "rewards", reward["id"] as! Int))
                    checkTexts(reward, importedReward)
                    try checkImage(reward, importedReward)
                } else {
                    #expect(imported.node["reward"] == nil, "route \(route["id"]!)")
                }
                let waypoints = (route["waypoints"] as! [[String: Any]]).sorted { ($0["rank"] as! Int) < ($1["rank"] as! Int) }
                #expect(
                    imported.node["waypoints"]?.elements?.compactMap(\.scalarText)
                        == waypoints.map { String($0["location_id"] as! Int) })
                for waypoint in waypoints {
                    let location = try #require(item(project, "locations", waypoint["location_id"] as! Int))
                    checkTexts(waypoint, location)
                    try checkImage(waypoint, location)
                    #expect(location.node["position"]?["latitude"]?.raw == waypoint["latitude"] as? String)
                    #expect(location.node["position"]?["longitude"]?.raw == waypoint["longitude"] as? String)
                }
            }
        }
    }

    /// Builds the gohike target of the project at `project` into `out` and returns the
    /// `content.json` it wrote.
    static func rebuild(_ project: URL, out: URL) async throws -> Data? {
        let outcome = try await PackBuilder.build(
            project: try await Project.load(at: project),
            options: BuildOptions(
                outputDirectory: out, targets: ["gohike"], timestamp: Date(timeIntervalSince1970: 1_700_000_000)))
        guard case .built(let result) = outcome else {
            Issue.record("build failed: \(outcome)")
            return nil
        }
        return try PackArchive.Reader(url: result.packURL).data(at: "gohike/content.json", limit: 1 << 30)
    }
}

@Suite("Import: Go Take a Hike! content.json")
struct GohikeImportTests {
    static let v1 = LegacyFixtures.gohikeV1
    static let v2 = LegacyFixtures.gohikeV2
    static let ios = LegacyFixtures.gohikeIOS

    /// The fixture as a JSON tree, for comparing the import with.
    static func fixture(_ url: URL = v1) throws -> [String: Any] { try GohikeFidelity.json(url) }

    /// Writes `json` (a JSON text) to a file in `temp` and imports it into `temp/<name>`.
    static func importJSON(_ json: String, in temp: TemporaryDirectory, as name: String = "hike") throws -> (ImportSummary, URL) {
        let file = try temp.write(json, to: "\(name).json")
        let destination = temp.url.appendingPathComponent(name)
        return (try GohikeImporter.importContent(from: file, to: destination), destination)
    }

    static func item(_ project: Project, _ collection: String, _ id: Int) -> ContentItem? {
        GohikeFidelity.item(project, collection, id)
    }

    @Test("the v1 fixture: 2 profiles, 4 routes, 4 locations, 1 reward, 7 distinct images named by content")
    func v1Counts() throws {
        let temp = try TemporaryDirectory()
        let destination = temp.url.appendingPathComponent("gohike")
        let summary = try GohikeImporter.importContent(from: Self.v1, to: destination)
        #expect(summary.collections.map(\.name) == ["profiles", "routes", "locations", "rewards"])
        #expect(summary.collections.map(\.itemCount) == [2, 4, 4, 1])
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        #expect(summary.missingAssets.isEmpty)

        let fm = FileManager.default
        func files(_ folder: String) throws -> [String] {
            try fm.contentsOfDirectory(atPath: destination.appendingPathComponent(folder).path).sorted()
        }
        #expect(try files("content/profiles") == ["1.yaml", "2.yaml"])
        #expect(try files("content/routes") == ["1.yaml", "2.yaml", "4.yaml", "6.yaml"])
        #expect(try files("content/locations") == ["1.yaml", "2.yaml", "3.yaml", "4.yaml"])
        #expect(try files("content/rewards") == ["1.yaml"])

        // Profile 1's photo, 3 route photos, 2 location photos (location 2's photo is in two
        // routes), the reward's PNG.
        let images = try files("assets/images")
        #expect(images.count == 7)
        #expect(images.filter { $0.hasSuffix(".jpg") }.count == 6 && images.filter { $0.hasSuffix(".png") }.count == 1)
        #expect(summary.assetFiles == images.map { "assets/images/\($0)" })
        var bytes = 0
        for name in images {
            let data = try Data(contentsOf: destination.appendingPathComponent("assets/images/\(name)"))
            bytes += data.count
            let hash = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
            #expect(name.hasPrefix("\(hash.prefix(16))."))
        }
        #expect(summary.assetBytes == bytes)

        let config = try String(contentsOf: destination.appendingPathComponent("gamepack.yaml"), encoding: .utf8)
        #expect(config.contains("id: gohike\n"))
        #expect(config.contains("name: \"Go Take a Hike!\"\n"))
        #expect(config.contains("locales: [en, nl]\n"))
        #expect(config.contains("targets: [gohike]\n"))
        // Nothing is left beside the project.
        #expect(try fm.contentsOfDirectory(atPath: temp.url.path) == ["gohike"])
    }

    @Test("texts byte-exact with \\r\\n, coordinates digit for digit, images decode to the fixture's bytes, order kept")
    func v1Fidelity() async throws {
        let temp = try TemporaryDirectory()
        let destination = temp.url.appendingPathComponent("gohike")
        _ = try GohikeImporter.importContent(from: Self.v1, to: destination)
        let project = try await Project.load(at: destination)
        try GohikeFidelity.check(Self.v1, against: project)

        let profile = (try Self.fixture()["profiles"] as! [[String: Any]])[0]
        #expect((profile["description_nl"] as! String).contains("\r\n\r\n"))
        let nl = try #require(Self.item(project, "profiles", 1)?.node["description"]?["nl"]?.scalarText)
        #expect(nl.contains("\r\n\r\n") && nl.hasSuffix("café, markt en kerk."))
        #expect((profile["routes"] as! [[String: Any]]).map { $0["id"] as! Int } == [6, 4, 1])
        let route1 = try #require(Self.item(project, "routes", 1))
        #expect(route1.node["waypoints"]?.elements?.compactMap(\.scalarText) == ["3", "1", "2"])
        #expect(route1.node["description"] == nil)  // empty in both languages
        #expect(route1.node["reward"] == nil)  // `"": null`
        #expect(Self.item(project, "routes", 4)?.node["reward"]?.scalarText == "1")
        #expect(Self.item(project, "routes", 6)?.node["waypoints"]?.elements?.isEmpty == true)
        let yaml = try String(contentsOf: destination.appendingPathComponent("content/locations/2.yaml"), encoding: .utf8)
        #expect(yaml.contains("position: {latitude: 52.362594310, longitude: 4.898441752}\n"))  // trailing zero kept
        let park = try String(contentsOf: destination.appendingPathComponent("content/locations/1.yaml"), encoding: .utf8)
        #expect(park.contains(#"1880.\r\nIn het midden"#))
        #expect(park.contains(#"\"\"arts en stadsvernieuwer\"\""#))
    }

    @Test("the imported project lints without errors; the fixture's translation gaps are warnings")
    func v1Lints() async throws {
        let temp = try TemporaryDirectory()
        let destination = temp.url.appendingPathComponent("gohike")
        _ = try GohikeImporter.importContent(from: Self.v1, to: destination)
        let diagnostics = await Linter.lint(try await Project.load(at: destination))
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        #expect(Set(diagnostics.map(\.rule)) == ["missing-translation", "identical-translation"])
        // Route 6 lacks Dutch name and description, route 4 its Dutch description; route 4's
        // Dutch name equals the English one.
        let found = diagnostics.map { "\($0.location?.file ?? "-") \($0.rule)" }.sorted()
        #expect(
            found == [
                "content/routes/4.yaml identical-translation", "content/routes/4.yaml missing-translation",
                "content/routes/6.yaml missing-translation", "content/routes/6.yaml missing-translation",
            ])
    }

    @Test("a rebuild of v2 gives v2's content version: the import loses nothing the gohike target writes")
    func v2RoundTrip() async throws {
        let temp = try TemporaryDirectory()
        let destination = temp.url.appendingPathComponent("gohike")
        _ = try GohikeImporter.importContent(from: Self.v2, to: destination)
        let rebuilt = try #require(try await GohikeFidelity.rebuild(destination, out: temp.url.appendingPathComponent("out")))
        let version = try #require(try JSONSerialization.jsonObject(with: rebuilt) as? [String: Any])["version"] as? String
        #expect(version == (try Self.fixture(Self.v2)["version"] as? String))
    }

    @Test("a rebuild of v1 has the same profiles, minus the `\"\": null` quirk, so its version differs")
    func v1RoundTrip() async throws {
        let temp = try TemporaryDirectory()
        let destination = temp.url.appendingPathComponent("gohike")
        _ = try GohikeImporter.importContent(from: Self.v1, to: destination)
        let rebuilt = try #require(try await GohikeFidelity.rebuild(destination, out: temp.url.appendingPathComponent("out")))
        let built = try #require(try JSONSerialization.jsonObject(with: rebuilt) as? [String: Any])
        let original = try Self.fixture()
        var profiles = original["profiles"] as! [[String: Any]]
        var quirks = 0
        for p in profiles.indices {
            var routes = profiles[p]["routes"] as! [[String: Any]]
            for r in routes.indices where routes[r].keys.contains("") {
                routes[r][""] = nil
                quirks += 1
            }
            profiles[p]["routes"] = routes
        }
        #expect(quirks == 1)
        func canonical(_ value: Any) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
        }
        #expect(try canonical(built["profiles"]!) == canonical(profiles))
        #expect(built["version"] as? String != original["version"] as? String)
    }

    @Test("waypoints follow their rank, not their position in the array")
    func waypointRank() async throws {
        let temp = try TemporaryDirectory()
        var content = try Self.fixture()
        var profiles = content["profiles"] as! [[String: Any]]
        var routes = profiles[0]["routes"] as! [[String: Any]]
        routes[2]["waypoints"] = Array((routes[2]["waypoints"] as! [[String: Any]]).reversed())
        profiles[0]["routes"] = routes
        content["profiles"] = profiles
        let file = temp.url.appendingPathComponent("reversed.json")
        try JSONSerialization.data(withJSONObject: content).write(to: file)
        let destination = temp.url.appendingPathComponent("hike")
        let summary = try GohikeImporter.importContent(from: file, to: destination)
        #expect(summary.warnings.isEmpty)
        let project = try await Project.load(at: destination)
        #expect(Self.item(project, "routes", 1)?.node["waypoints"]?.elements?.compactMap(\.scalarText) == ["3", "1", "2"])
    }

    @Test("the unversioned iOS bundle imports; waypoints without coordinates or photos are reported")
    func iosUnversioned() async throws {
        let temp = try TemporaryDirectory()
        let destination = temp.url.appendingPathComponent("gohike-ios")
        let summary = try GohikeImporter.importContent(from: Self.ios, to: destination)
        #expect(summary.collections.map(\.itemCount) == [1, 1, 2, 0])
        #expect(summary.assetFiles.count == 2)  // the profile's and the route's photos
        #expect(summary.warnings.count == 2, "\(summary.warnings)")
        for (index, location) in [(0, 2), (1, 1)] {
            let warning = summary.warnings.first {
                $0.hasPrefix("profiles[0].routes[0].waypoints[\(index)] (location \(location))")
            }
            #expect(warning?.contains("`latitude`, `longitude`, `image_data`") == true, "\(summary.warnings)")
            #expect(warning?.contains("missing-required") == true)
        }
        let project = try await Project.load(at: destination)
        try GohikeFidelity.check(Self.ios, against: project)
        #expect(Self.item(project, "locations", 1)?.node["position"] == nil)
        #expect(Self.item(project, "locations", 1)?.node["description"]?["nl"]?.scalarText?.contains("\r\n") == true)
        #expect(Self.item(project, "routes", 1)?.node["waypoints"]?.elements?.compactMap(\.scalarText) == ["2", "1"])
        let config = try String(contentsOf: destination.appendingPathComponent("gamepack.yaml"), encoding: .utf8)
        #expect(config.contains("id: gohike-ios\n"))
        let errors = await Linter.lint(project).filter { $0.severity == .error }
        #expect(Set(errors.map(\.rule)) == ["missing-required"])
        #expect(errors.count == 2)
    }

    @Test("the old server's `\"\": null` means no reward; a reward object becomes a rewards item")
    func rewardQuirk() async throws {
        let temp = try TemporaryDirectory()
        let png = try Data(
            contentsOf: TestPaths.example("gohike-amsterdam").appendingPathComponent("assets/rewards/green-trail.png"))
        // Wrapped at 60 characters with a final newline, as Ruby's encode64 writes it.
        let wrapped =
            png.base64EncodedString(options: [.lineLength64Characters])
            .replacingOccurrences(of: "\r\n", with: "").chunked(60) + "\n"
        let json = """
            {"profiles":[{"id":1,"name_en":"P","name_nl":"P nl","description_en":"","description_nl":"","image_data":null,"icon_data":null,
              "routes":[
                {"id":1,"name_en":"A","name_nl":"A nl","description_en":"","description_nl":"","image_data":null,"icon_data":null,
                 "waypoints":[],"profile_id":1,"":null},
                {"id":2,"name_en":"B","name_nl":"B nl","description_en":"","description_nl":"","image_data":null,"icon_data":null,
                 "waypoints":[],"profile_id":1,
                 "reward":{"id":7,"name_en":"Badge","name_nl":"Insigne","description_en":"","description_nl":"","image_data":\(jsonString(wrapped))}},
                {"id":3,"name_en":"C","name_nl":"C nl","description_en":"","description_nl":"","image_data":null,"icon_data":null,
                 "waypoints":[],"profile_id":1,"reward":null}]}]}
            """
        let (summary, destination) = try Self.importJSON(json, in: temp)
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        #expect(summary.itemCount("rewards") == 1)
        let project = try await Project.load(at: destination)
        #expect(Self.item(project, "routes", 1)?.node["reward"] == nil)
        #expect(Self.item(project, "routes", 2)?.node["reward"]?.scalarText == "7")
        #expect(Self.item(project, "routes", 3)?.node["reward"] == nil)
        let reward = try #require(Self.item(project, "rewards", 7))
        #expect(reward.node["name"]?["nl"]?.scalarText == "Insigne")
        let image = try #require(reward.node["image"]?.scalarText)
        #expect(image.hasSuffix(".png"))
        #expect(try Data(contentsOf: project.assetURL(image)) == png)
        #expect(await Linter.lint(project).isEmpty)
    }

    @Test("a location whose waypoints disagree keeps the first copy and is reported with both routes")
    func disagreeingWaypoints() async throws {
        let temp = try TemporaryDirectory()
        func waypoint(route: Int, rank: Int, nl: String) -> String {
            """
            {"rank":\(rank),"location_id":5,"name_en":"Dam","name_nl":"\(nl)","description_en":"","description_nl":"",
             "latitude":"52.373","longitude":"4.8932","image_data":null,"route_id":\(route)}
            """
        }
        let json = """
            {"version":"x","profiles":[{"id":1,"name_en":"P","name_nl":"P nl","description_en":"","description_nl":"","image_data":null,"icon_data":null,
              "routes":[
                {"id":10,"name_en":"A","name_nl":"A nl","description_en":"","description_nl":"","image_data":null,"icon_data":null,
                 "waypoints":[\(waypoint(route: 10, rank: 0, nl: "Dam"))],"profile_id":1},
                {"id":11,"name_en":"B","name_nl":"B nl","description_en":"","description_nl":"","image_data":null,"icon_data":null,
                 "waypoints":[\(waypoint(route: 11, rank: 0, nl: "De Dam"))],"profile_id":1}]}]}
            """
        let (summary, destination) = try Self.importJSON(json, in: temp)
        #expect(summary.itemCount("locations") == 1)
        #expect(
            summary.warnings == [
                "location 5 differs between route 10 (profiles[0].routes[0].waypoints[0]) and route 11 (profiles[0].routes[1].waypoints[0]) in `name_nl`; kept the copy of route 10"
            ])
        let project = try await Project.load(at: destination)
        #expect(Self.item(project, "locations", 5)?.node["name"]?["nl"]?.scalarText == "Dam")
        #expect(Self.item(project, "locations", 5)?.node["position"]?["longitude"]?.raw == "4.8932")
    }

    @Test(
        "a location's later copies: one the same as written is that location, one that differs is reported, and a warning of the first is given for every copy"
    )
    func repeatedWaypoints() async throws {
        let temp = try TemporaryDirectory()
        func waypoint(route: Int, nl: String, latitude: String = "52.373") -> String {
            """
            {"rank":0,"location_id":5,"name_en":"Dam","name_nl":"\(nl)","description_en":"","description_nl":"",
             "latitude":"\(latitude)","longitude":"4.8932","image_data":null,"route_id":\(route)}
            """
        }
        func route(_ id: Int, _ waypoints: String...) -> String {
            """
            {"id":\(id),"name_en":"R\(id)","name_nl":"R\(id) nl","description_en":"","description_nl":"","image_data":null,"icon_data":null,
             "waypoints":[\(waypoints.joined(separator: ","))],"profile_id":1}
            """
        }
        func content(_ routes: String...) -> String {
            """
            {"version":"x","profiles":[{"id":1,"name_en":"P","name_nl":"P nl","description_en":"","description_nl":"","image_data":null,"icon_data":null,
              "routes":[\(routes.joined(separator: ","))]}]}
            """
        }
        // The second copy is the first as written; the third differs; the fourth is the first
        // written with an escape (the same text, other bytes).
        let (summary, destination) = try Self.importJSON(
            content(
                route(10, waypoint(route: 10, nl: "Dam")), route(11, waypoint(route: 11, nl: "Dam")),
                route(12, waypoint(route: 12, nl: "De Dam")), route(13, waypoint(route: 13, nl: "D\\u0061m"))),
            in: temp)
        #expect(summary.itemCount("locations") == 1)
        #expect(
            summary.warnings == [
                "location 5 differs between route 10 (profiles[0].routes[0].waypoints[0]) and route 12 (profiles[0].routes[2].waypoints[0]) in `name_nl`; kept the copy of route 10"
            ])
        let project = try await Project.load(at: destination)
        #expect(Self.item(project, "locations", 5)?.node["name"]?["nl"]?.scalarText == "Dam")
        let routes = try #require(project.items.filter { $0.collection == "routes" }.sorted { $0.id! < $1.id! })
        #expect(routes.map { $0.node["waypoints"]?.elements?.map(\.scalarText) ?? [] } == Array(repeating: ["5"], count: 4))

        // A copy of a location whose reading warned is read again, and warns again.
        let other = try TemporaryDirectory()
        let (warned, _) = try Self.importJSON(
            content(
                route(10, waypoint(route: 10, nl: "Dam", latitude: "52,373")),
                route(11, waypoint(route: 11, nl: "Dam", latitude: "52,373"))),
            in: other)
        #expect(
            warned.warnings == [
                "profiles[0].routes[0].waypoints[0].latitude: \"52,373\" is not a decimal number; the position is left out",
                "profiles[0].routes[1].waypoints[0].latitude: \"52,373\" is not a decimal number; the position is left out",
            ])
    }

    @Test("texts with quotes, backslashes, control and line-break characters read back byte for byte")
    func escapes() async throws {
        let temp = try TemporaryDirectory()
        let tricky =
            "tab\there \"quoted\" back\\slash nul\u{0} bell\u{7} del\u{7F} nel\u{85} ls\u{2028} ps\u{2029} bom\u{FEFF} é ü 😀 crlf\r\nend\n"
        let json = """
            {"profiles":[{"id":1,"name_en":\(jsonString(tricky)),"name_nl":"  leading and trailing spaces  ","description_en":"",
              "description_nl":"#not a comment: really","image_data":null,"icon_data":null,"routes":[]}]}
            """
        let (summary, destination) = try Self.importJSON(json, in: temp)
        #expect(summary.warnings.isEmpty)
        let project = try await Project.load(at: destination)
        #expect(project.diagnostics.isEmpty, "\(project.diagnostics)")
        let profile = try #require(Self.item(project, "profiles", 1))
        #expect(profile.node["name"]?["en"]?.scalarText == tricky)
        #expect(profile.node["name"]?["nl"]?.scalarText == "  leading and trailing spaces  ")
        #expect(profile.node["description"]?["nl"]?.scalarText == "#not a comment: really")
        #expect(profile.node["description"]?["en"] == nil)
    }

    @Test("coordinates that are not decimal numbers are left out with a warning")
    func badCoordinates() throws {
        let temp = try TemporaryDirectory()
        let json = """
            {"profiles":[{"id":1,"name_en":"P","name_nl":"","description_en":"","description_nl":"","image_data":null,"icon_data":null,
              "routes":[{"id":1,"name_en":"R","name_nl":"","description_en":"","description_nl":"","image_data":null,"icon_data":null,"profile_id":1,
                "waypoints":[{"rank":0,"location_id":1,"name_en":"L","name_nl":"","description_en":"","description_nl":"",
                  "latitude":"52,37","longitude":"4.89","image_data":null,"route_id":1}]}]}]}
            """
        let (summary, destination) = try Self.importJSON(json, in: temp)
        #expect(
            summary.warnings == [
                #"profiles[0].routes[0].waypoints[0].latitude: "52,37" is not a decimal number; the position is left out"#
            ])
        let yaml = try String(contentsOf: destination.appendingPathComponent("content/locations/1.yaml"), encoding: .utf8)
        #expect(!yaml.contains("position"))
    }

    @Test("invalid base64 is an error naming its JSON path, line and column, and nothing is written")
    func invalidBase64() throws {
        let temp = try TemporaryDirectory()
        var content = try Self.fixture()
        var profiles = content["profiles"] as! [[String: Any]]
        var routes = profiles[0]["routes"] as! [[String: Any]]
        routes[2]["image_data"] = "/9j/4AAQ*not base64*"
        profiles[0]["routes"] = routes
        content["profiles"] = profiles
        let file = temp.url.appendingPathComponent("broken.json")
        try JSONSerialization.data(withJSONObject: content).write(to: file)
        let destination = temp.url.appendingPathComponent("out")
        do {
            _ = try GohikeImporter.importContent(from: file, to: destination)
            Issue.record("expected an error")
        } catch let error as ImportError {
            // JSONSerialization writes one line (and escapes `/`): the column is where the
            // string's quote is.
            let written = try String(contentsOf: file, encoding: .utf8)
            let quote = try #require(written.range(of: #""\/9j\/4AAQ*not base64*""#))
            let column = written.utf8.distance(from: written.startIndex, to: quote.lowerBound) + 1
            #expect(
                error
                    == .inFile(
                        file.path,
                        .located(
                            .invalidBase64(path: "profiles[0].routes[2].image_data"), at: JSONLocation(line: 1, column: column))))
            #expect(
                error.description
                    == "\(file.path): line 1, column \(column): profiles[0].routes[2].image_data: not valid base64; write the "
                    + "image file's bytes as standard base64 (A–Z, a–z, 0–9, + and /, padded with =), as `base64 -w0 photo.jpg` "
                    + "prints them, or null for no image")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path) == ["broken.json"])
    }

    @Test("bytes that are no image, wrong shapes and missing ids are errors with their paths, all at once")
    func shapeErrors() throws {
        let temp = try TemporaryDirectory()
        let json = """
            {"profiles":[{"name_en":"no id","routes":[]},
              {"id":2,"name_en":"P","image_data":"aGVsbG8gd29ybGQ=","routes":[{"id":"x"},{"id":3,"waypoints":{}}]}]}
            """
        do {
            _ = try Self.importJSON(json, in: temp)
            Issue.record("expected an error")
        } catch let error as ImportError {
            // The routes' missing keys were warned of before the errors stopped the read: the
            // error keeps those warnings, each naming the file, for the command to print.
            guard case .warned(.inFile(let file, .several(let problems)), let warnings) = error else {
                Issue.record("expected several problems, got \(error)")
                return
            }
            #expect(file == temp.url.appendingPathComponent("hike.json").path)
            #expect(!warnings.isEmpty && warnings == error.keptWarnings)
            #expect(warnings.allSatisfy { $0.hasPrefix(file + ": profiles[1]") }, "\(warnings)")
            #expect(warnings.contains { $0.contains("profiles[1].routes[1] (route 3) has no `name_en`") }, "\(warnings)")
            // Each problem with the line and column of the value it is about (the object whose
            // key is missing), and what was found instead of what was expected.
            #expect(problems.contains(.located(.missingField(path: "profiles[0]", key: "id"), at: .init(line: 1, column: 14))))
            #expect(
                problems.contains {
                    if case .located(.notAnImage(let path, _), let location) = $0 {
                        path == "profiles[1].image_data" && location == .init(line: 2, column: 38)
                    } else {
                        false
                    }
                })
            #expect(
                problems.contains(
                    .located(
                        .invalidValue(
                            path: "profiles[1].routes[0].id", reason: "expected a whole number (like 12), found the string \"x\""),
                        at: .init(line: 2, column: 73))))
            #expect(
                problems.contains(
                    .located(
                        .wrongShape(path: "profiles[1].routes[1].waypoints", expected: "an array of waypoints, found an object"),
                        at: .init(line: 2, column: 98))))
            #expect(
                error.description.contains(
                    "line 2, column 98: profiles[1].routes[1].waypoints: expected an array of waypoints, found an object"))
        }
        #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("hike").path))
    }

    @Test("input that is not JSON, or JSON of another shape, is an error naming the file or path")
    func notJSON() throws {
        let temp = try TemporaryDirectory()
        let file = try temp.write("<html>not json</html>", to: "content.json")
        do {
            _ = try GohikeImporter.importContent(from: file, to: temp.url.appendingPathComponent("a"))
            Issue.record("expected an error")
        } catch let error as ImportError {
            guard case .notJSON(let path, _) = error else {
                Issue.record("expected notJSON, got \(error)")
                return
            }
            #expect(path == file.path)
            #expect(error.description.hasPrefix("\(file.path) is not JSON: line 1, column 1"))
        }
        #expect(
            throws: ImportError.inFile(
                temp.url.appendingPathComponent("b.json").path,
                .located(.missingField(path: "", key: "profiles"), at: .init(line: 1, column: 1)))
        ) {
            try Self.importJSON(#"{"version":"abc"}"#, in: temp, as: "b")
        }
        #expect(
            throws: ImportError.inFile(
                temp.url.appendingPathComponent("c.json").path,
                .located(
                    .wrongShape(path: "profiles[0]", expected: "a profile object, found the number 42"),
                    at: .init(line: 1, column: 14)))
        ) {
            try Self.importJSON(#"{"profiles":[42]}"#, in: temp, as: "c")
        }
    }

    @Test("a destination that exists and is not empty is refused and left alone; an empty one is used")
    func destination() throws {
        let temp = try TemporaryDirectory()
        let kept = try temp.write("keep me", to: "taken/notes.txt")
        #expect(throws: GamePackError.destinationNotEmpty(path: temp.url.appendingPathComponent("taken").path)) {
            try GohikeImporter.importContent(from: Self.v1, to: temp.url.appendingPathComponent("taken"))
        }
        #expect(try String(contentsOf: kept, encoding: .utf8) == "keep me")
        #expect(try FileManager.default.contentsOfDirectory(atPath: kept.deletingLastPathComponent().path) == ["notes.txt"])
        #expect(throws: GamePackError.self) {
            try KinveyImporter.importExport(from: KinveyImportTests.export, to: temp.url.appendingPathComponent("taken"))
        }

        let empty = temp.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        _ = try GohikeImporter.importContent(from: Self.v1, to: empty)
        #expect(FileManager.default.fileExists(atPath: empty.appendingPathComponent("gamepack.yaml").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path).sorted() == ["empty", "taken"])
    }
}

@Suite("Import: Whack-A-VC Kinvey exports")
struct KinveyImportTests {
    static let export = LegacyFixtures.kinveyExport

    static func item(_ project: Project, _ collection: String, _ id: String) -> ContentItem? {
        project.items.first { $0.collection == collection && $0.id == ItemID(id) }
    }

    /// What one export is known to hold, beyond the shape every export shares.
    struct Expected {
        /// Phrase texts by id (row number).
        var phrases: [Int: String]
        /// The Twitter handles that are not `NA`, by VC id (row number).
        var handles: [Int: String]
        /// VC 20: name, firm, profile image, game image.
        var lastVC: (name: String, firm: String, profileImage: String, gameImage: String)
    }

    /// Imports the export in `folder` (23 phrases, 20 VCs, 47 blobs of which 7 sounds, no
    /// binaries) and checks the project; used on the fixture and on the real export.
    static func checkExport(_ folder: URL, _ expected: Expected) async throws {
        let temp = try TemporaryDirectory()
        let destination = temp.url.appendingPathComponent("whack-a-vc")
        let summary = try KinveyImporter.importExport(from: folder, to: destination)
        #expect(summary.collections.map(\.name) == ["phrases", "vcs", "sounds"])
        #expect(summary.collections.map(\.itemCount) == [23, 20, 7])
        #expect(summary.assetFiles.isEmpty)

        // Every resource of metaData.csv is missing: the export has no binaries.
        let metadata = try String(contentsOf: folder.appendingPathComponent("metaData.csv"), encoding: .utf8)
        let resources = metadata.split(whereSeparator: \.isNewline).dropFirst().map { String($0.split(separator: ",")[1]) }
        #expect(resources.count == 47)
        #expect(summary.missingAssets.count == resources.count)
        #expect(Set(summary.missingAssets.map { ($0 as NSString).lastPathComponent }) == Set(resources))
        #expect(summary.missingAssets.contains("assets/vcs/vcsnap1.png"))
        #expect(summary.missingAssets.contains("assets/sounds/A.wav"))
        #expect(summary.warnings.count == 1, "\(summary.warnings)")
        let warning = try #require(summary.warnings.first)
        #expect(warning.hasPrefix("47 blob files are not in the export"))
        #expect(warning.contains("asset-missing"))
        for resource in resources { #expect(warning.contains(resource)) }

        let project = try await Project.load(at: destination)
        #expect(project.diagnostics.isEmpty, "\(project.diagnostics)")
        #expect(project.config.id == "whack-a-vc")
        #expect(project.config.locales == ["en"])
        for (id, text) in expected.phrases {
            #expect(Self.item(project, "phrases", String(id))?.node["text"]?.scalarText == text, "phrase \(id)")
        }
        for id in 1...20 {
            let vc = try #require(Self.item(project, "vcs", String(id)))
            #expect(vc.node["twitter"]?.scalarText == expected.handles[id], "vc \(id)")
        }
        let last = try #require(Self.item(project, "vcs", "20"))
        #expect(last.node["name"]?.scalarText == expected.lastVC.name)
        #expect(last.node["firm"]?.scalarText == expected.lastVC.firm)
        #expect(last.node["profile_image"]?.scalarText == "vcs/\(expected.lastVC.profileImage)")
        #expect(last.node["game_image"]?.scalarText == "vcs/\(expected.lastVC.gameImage)")
        #expect(Self.item(project, "sounds", "a")?.node["file"]?.scalarText == "sounds/A.wav")
        #expect(Self.item(project, "sounds", "sound2")?.node["name"]?.scalarText == "sound2")
        let schema = try String(contentsOf: destination.appendingPathComponent("schema/sounds.yaml"), encoding: .utf8)
        let exampleSchema = try String(
            contentsOf: TestPaths.example("whack-a-vc").appendingPathComponent("schema/sounds.yaml"), encoding: .utf8)
        #expect(schema == exampleSchema)

        // Lint: the missing blobs, and nothing else.
        let diagnostics = await Linter.lint(project)
        #expect(Set(diagnostics.map(\.rule)) == ["asset-missing"])
        #expect(diagnostics.count == 47)
    }

    @Test("the export: 23 phrases (those with an unquoted comma whole), 20 VCs, 7 sounds, 47 blobs reported missing")
    func export() async throws {
        try await Self.checkExport(
            Self.export,
            Expected(
                phrases: [
                    1: "Have you thought about the enterprise market?", 8: "We love the team, not the market",
                    19: "Ship it first, polish later", 23: "Have you met our portfolio company?",
                ],
                handles: [
                    1: "marta_hollis_x", 3: "priya_r_fund_x", 15: "leah_g_seed_x", 16: "arjun_m_vc_x", 17: "zoe_fontaine_x",
                    18: "bram_dv_fund_x", 20: "marcus_bell_x",
                ],
                lastVC: ("Marcus Bell", "Greyhaven Orchard Partners", "Marcus_Bell_p.png", "Marcus_Bell_g.png")))
    }

    @Test("with the blob files beside the CSVs or in blobs/, they are copied and the project lints clean")
    func exportWithBlobs() async throws {
        let temp = try TemporaryDirectory()
        let fm = FileManager.default
        let export = temp.url.appendingPathComponent("export")
        try fm.createDirectory(at: export.appendingPathComponent("blobs"), withIntermediateDirectories: true)
        for file in ["Phrases.csv", "VC-Details.csv", "metaData.csv"] {
            try fm.copyItem(at: Self.export.appendingPathComponent(file), to: export.appendingPathComponent(file))
        }
        // The whack-a-vc example's generated images (in blobs/) and sounds (beside the CSVs).
        let example = TestPaths.example("whack-a-vc").appendingPathComponent("assets")
        for name in try fm.contentsOfDirectory(atPath: example.appendingPathComponent("vcs").path) {
            try fm.copyItem(at: example.appendingPathComponent("vcs/\(name)"), to: export.appendingPathComponent("blobs/\(name)"))
        }
        for name in try fm.contentsOfDirectory(atPath: example.appendingPathComponent("sounds").path) {
            try fm.copyItem(at: example.appendingPathComponent("sounds/\(name)"), to: export.appendingPathComponent(name))
        }

        let destination = temp.url.appendingPathComponent("vc")
        let summary = try KinveyImporter.importExport(from: export, to: destination)
        #expect(summary.missingAssets.isEmpty)
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        #expect(summary.assetFiles.count == 47)
        #expect(summary.assetFiles.filter { $0.hasPrefix("assets/sounds/") }.count == 7)
        let copied = try Data(contentsOf: destination.appendingPathComponent("assets/vcs/vcsnap3.png"))
        #expect(copied == (try Data(contentsOf: example.appendingPathComponent("vcs/vcsnap3.png"))))
        #expect(summary.assetBytes > 0)

        let diagnostics = await Linter.lint(try await Project.load(at: destination))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    @Test("CSV: quoted fields, doubled quotes, CRLF, Kinvey's extra columns; a row with a stray comma is an error")
    func csv() async throws {
        let temp = try TemporaryDirectory()
        try temp.write("Phrase\r\n\"Say \"\"hi\"\", then go\"\r\nPlain, with a comma\r\n\r\n", to: "in/Phrases.csv")
        try temp.write(
            "_id,name,firm,twitter_handle,profileImageNameInBlob,gameImageNameInBlob\r\n"
                + "a1,\"Doe, Jane\",\"Firm \"\"X\"\"\",@jane,p.png,g.png\r\n", to: "in/VC-Details.csv")
        let summary = try KinveyImporter.importExport(
            from: temp.url.appendingPathComponent("in"), to: temp.url.appendingPathComponent("out"))
        #expect(summary.collections.map(\.itemCount) == [2, 1, 0])
        #expect(summary.warnings.first == "metaData.csv is not in the export folder; its content is not imported")
        let project = try await Project.load(at: temp.url.appendingPathComponent("out"))
        #expect(Self.item(project, "phrases", "1")?.node["text"]?.scalarText == "Say \"hi\", then go")
        #expect(Self.item(project, "phrases", "2")?.node["text"]?.scalarText == "Plain, with a comma")
        #expect(Self.item(project, "vcs", "1")?.node["name"]?.scalarText == "Doe, Jane")
        #expect(Self.item(project, "vcs", "1")?.node["firm"]?.scalarText == "Firm \"X\"")
        #expect(Self.item(project, "vcs", "1")?.node["twitter"]?.scalarText == "jane")

        // With Kinvey's `_id` column the phrases are read as CSV.
        try temp.write("_id,Phrase\nx1,\"Hello, world\"\nx2,Bye\n", to: "ids/Phrases.csv")
        let withIDs = try KinveyImporter.importExport(
            from: temp.url.appendingPathComponent("ids"), to: temp.url.appendingPathComponent("out-ids"))
        #expect(withIDs.itemCount("phrases") == 2)
        let phrases = try String(
            contentsOf: temp.url.appendingPathComponent("out-ids/content/phrases/phrases.yaml"), encoding: .utf8)
        #expect(phrases == "- id: 1\n  text: Hello, world\n- id: 2\n  text: Bye\n")

        try temp.write(
            "name,firm,twitter_handle,profileImageNameInBlob,gameImageNameInBlob\nA,Firm, Inc,NA,p.png,g.png\n",
            to: "bad/VC-Details.csv")
        #expect(
            throws: ImportError.malformedCSV(
                file: "VC-Details.csv", line: 2, reason: "6 fields where the header has 5 (an unquoted comma?)")
        ) {
            try KinveyImporter.importExport(
                from: temp.url.appendingPathComponent("bad"), to: temp.url.appendingPathComponent("out2"))
        }
        #expect(
            throws: ImportError.notAnExport(folder: temp.url.path, expected: ["Phrases.csv", "VC-Details.csv", "metaData.csv"])
        ) {
            try KinveyImporter.importExport(from: temp.url, to: temp.url.appendingPathComponent("out3"))
        }
    }
}

/// `text` as a JSON string literal.
private func jsonString(_ text: String) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed]), as: UTF8.self)
        .dropFirst().dropLast().description
}

extension String {
    /// The string with a newline after every `length` characters (the last line unterminated).
    fileprivate func chunked(_ length: Int) -> String {
        var lines: [Substring] = []
        var rest = self[...]
        while !rest.isEmpty {
            lines.append(rest.prefix(length))
            rest = rest.dropFirst(length)
        }
        return lines.joined(separator: "\n")
    }
}
