import Crypto
import Foundation
import GamePackFormat
import GamePackKit
import GamePackTestSupport
import Testing

@Suite("Import: Go Take a Hike! content.json")
struct GohikeImportTests {
    static let android = TestPaths.shared.appendingPathComponent("fixtures/gohike/content-android-1da0296.json")
    static let ios = TestPaths.shared.appendingPathComponent("fixtures/gohike/content-ios-e7517a2-unversioned.json")

    /// The fixture as a JSON tree, for comparing the import with.
    static func fixture(_ url: URL = android) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }

    /// Writes `json` (a JSON text) to a file in `temp` and imports it into `temp/<name>`.
    static func importJSON(_ json: String, in temp: TemporaryDirectory, as name: String = "hike") throws -> (ImportSummary, URL) {
        let file = try temp.write(json, to: "\(name).json")
        let destination = temp.url.appendingPathComponent(name)
        return (try GohikeImporter.importContent(from: file, to: destination), destination)
    }

    static func item(_ project: Project, _ collection: String, _ id: Int) -> ContentItem? {
        project.items.first { $0.collection == collection && $0.id == ItemID(String(id)) }
    }

    static func base64(_ value: Any?) -> Data? {
        (value as? String).flatMap { Data(base64Encoded: $0, options: .ignoreUnknownCharacters) }
    }

    @Test("the Android fixture: 1 profile, 3 routes, 3 locations, 0 rewards, 6 distinct photos named by content")
    func androidCounts() throws {
        let temp = try TemporaryDirectory()
        let destination = temp.url.appendingPathComponent("gohike")
        let summary = try GohikeImporter.importContent(from: Self.android, to: destination)
        #expect(summary.collections.map(\.name) == ["profiles", "routes", "locations", "rewards"])
        #expect(summary.collections.map(\.itemCount) == [1, 3, 3, 0])
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        #expect(summary.missingAssets.isEmpty)

        let fm = FileManager.default
        func files(_ folder: String) throws -> [String] {
            try fm.contentsOfDirectory(atPath: destination.appendingPathComponent(folder).path).sorted()
        }
        #expect(try files("content/profiles") == ["1.yaml"])
        #expect(try files("content/routes") == ["1.yaml", "4.yaml", "6.yaml"])
        #expect(try files("content/locations") == ["1.yaml", "2.yaml", "3.yaml"])
        #expect(!fm.fileExists(atPath: destination.appendingPathComponent("content/rewards").path))

        // Profile photo, 3 route photos, 2 location photos (location 2's photo is in two routes).
        let images = try files("assets/images")
        #expect(images.count == 6)
        #expect(summary.assetFiles == images.map { "assets/images/\($0)" })
        var bytes = 0
        for name in images {
            let data = try Data(contentsOf: destination.appendingPathComponent("assets/images/\(name)"))
            bytes += data.count
            let hash = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
            #expect(name == "\(hash.prefix(16)).jpg")
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
    func androidFidelity() async throws {
        let temp = try TemporaryDirectory()
        let destination = temp.url.appendingPathComponent("gohike")
        _ = try GohikeImporter.importContent(from: Self.android, to: destination)
        let project = try await Project.load(at: destination)
        let profile = (try Self.fixture()["profiles"] as! [[String: Any]])[0]

        func checkTexts(_ source: [String: Any], _ item: ContentItem) {
            for field in ["name", "description"] {
                for locale in ["en", "nl"] {
                    let expected = source["\(field)_\(locale)"] as! String
                    let actual = item.node[field]?[locale]?.scalarText
                    #expect(actual == (expected.isEmpty ? nil : expected), "\(item.collection) \(item.id!) \(field).\(locale)")
                }
            }
        }
        func checkImage(_ source: [String: Any], _ item: ContentItem, key: String = "image_data", field: String = "image") throws
        {
            guard let expected = Self.base64(source[key]) else {
                #expect(item.node[field] == nil, "\(item.collection) \(item.id!) \(field)")
                return
            }
            let path = try #require(item.node[field]?.scalarText)
            #expect(try Data(contentsOf: project.assetURL(path)) == expected, "\(item.collection) \(item.id!)")
        }

        let importedProfile = try #require(Self.item(project, "profiles", 1))
        checkTexts(profile, importedProfile)
        try checkImage(profile, importedProfile)
        #expect(importedProfile.node["icon"] == nil)
        #expect(importedProfile.node["order"]?.scalarText == "0")
        #expect((profile["description_nl"] as! String).contains("\r\n\r\n"))
        #expect(importedProfile.node["description"]?["nl"]?.scalarText?.contains("\r\n\r\n") == true)

        let routes = profile["routes"] as! [[String: Any]]
        #expect(routes.map { $0["id"] as! Int } == [6, 4, 1])
        for (index, route) in routes.enumerated() {
            let item = try #require(Self.item(project, "routes", route["id"] as! Int))
            #expect(item.node["order"]?.scalarText == String(index))
            #expect(item.node["profile"]?.scalarText == "1")
            #expect(item.node["reward"] == nil)
            checkTexts(route, item)
            try checkImage(route, item)
            let waypoints = (route["waypoints"] as! [[String: Any]]).sorted { ($0["rank"] as! Int) < ($1["rank"] as! Int) }
            #expect(
                item.node["waypoints"]?.elements?.compactMap(\.scalarText) == waypoints.map { String($0["location_id"] as! Int) })
            for waypoint in waypoints {
                let location = try #require(Self.item(project, "locations", waypoint["location_id"] as! Int))
                checkTexts(waypoint, location)
                try checkImage(waypoint, location)
                #expect(location.node["position"]?["latitude"]?.raw == waypoint["latitude"] as? String)
                #expect(location.node["position"]?["longitude"]?.raw == waypoint["longitude"] as? String)
            }
        }
        let route1 = try #require(Self.item(project, "routes", 1))
        #expect(route1.node["waypoints"]?.elements?.compactMap(\.scalarText) == ["3", "1", "2"])
        #expect(route1.node["description"] == nil)  // empty in both languages
        #expect(Self.item(project, "routes", 6)?.node["waypoints"]?.elements?.isEmpty == true)
        let yaml = try String(contentsOf: destination.appendingPathComponent("content/locations/1.yaml"), encoding: .utf8)
        #expect(yaml.contains("position: {latitude: 52.341645271, longitude: 4.88477464}\n"))
        #expect(yaml.contains(#"\r\nDe RAI Vereniging"#))
    }

    @Test("the imported project lints without errors; the real data's translation gaps are warnings")
    func androidLints() async throws {
        let temp = try TemporaryDirectory()
        let destination = temp.url.appendingPathComponent("gohike")
        _ = try GohikeImporter.importContent(from: Self.android, to: destination)
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

    @Test("a rebuild gives the original content version: the import loses nothing the gohike target writes")
    func androidRoundTrip() async throws {
        let temp = try TemporaryDirectory()
        let destination = temp.url.appendingPathComponent("gohike")
        _ = try GohikeImporter.importContent(from: Self.android, to: destination)
        let outcome = try await PackBuilder.build(
            project: try await Project.load(at: destination),
            options: BuildOptions(
                outputDirectory: temp.url.appendingPathComponent("out"), targets: ["gohike"],
                timestamp: Date(timeIntervalSince1970: 1_700_000_000)))
        guard case .built(let result) = outcome else {
            Issue.record("build failed: \(outcome)")
            return
        }
        let original = try Self.fixture()["version"] as? String
        #expect(result.manifest.versions["gohike"] == original)
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

    @Test("invalid base64 is an error naming its JSON path, and nothing is written")
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
        #expect(throws: ImportError.invalidBase64(path: "profiles[0].routes[2].image_data")) {
            try GohikeImporter.importContent(from: file, to: destination)
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
            guard case .several(let problems) = error else {
                Issue.record("expected several problems, got \(error)")
                return
            }
            #expect(problems.contains(.missingField(path: "profiles[0]", key: "id")))
            #expect(
                problems.contains { if case .notAnImage(let path, _) = $0 { path == "profiles[1].image_data" } else { false } })
            #expect(problems.contains(.invalidValue(path: "profiles[1].routes[0].id", reason: "expected a whole number")))
            #expect(problems.contains(.wrongShape(path: "profiles[1].routes[1].waypoints", expected: "an array of waypoints")))
            #expect(error.description.contains("profiles[1].routes[1].waypoints: expected an array of waypoints"))
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
        #expect(throws: ImportError.missingField(path: "", key: "profiles")) {
            try Self.importJSON(#"{"version":"abc"}"#, in: temp, as: "b")
        }
        #expect(throws: ImportError.wrongShape(path: "profiles[0]", expected: "a profile object")) {
            try Self.importJSON(#"{"profiles":[42]}"#, in: temp, as: "c")
        }
    }

    @Test("a destination that exists and is not empty is refused and left alone; an empty one is used")
    func destination() throws {
        let temp = try TemporaryDirectory()
        let kept = try temp.write("keep me", to: "taken/notes.txt")
        #expect(throws: GamePackError.destinationNotEmpty(path: temp.url.appendingPathComponent("taken").path)) {
            try GohikeImporter.importContent(from: Self.android, to: temp.url.appendingPathComponent("taken"))
        }
        #expect(try String(contentsOf: kept, encoding: .utf8) == "keep me")
        #expect(try FileManager.default.contentsOfDirectory(atPath: kept.deletingLastPathComponent().path) == ["notes.txt"])
        #expect(throws: GamePackError.self) {
            try KinveyImporter.importExport(from: KinveyImportTests.export, to: temp.url.appendingPathComponent("taken"))
        }

        let empty = temp.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        _ = try GohikeImporter.importContent(from: Self.android, to: empty)
        #expect(FileManager.default.fileExists(atPath: empty.appendingPathComponent("gamepack.yaml").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path).sorted() == ["empty", "taken"])
    }
}

@Suite("Import: Whack-A-VC Kinvey exports")
struct KinveyImportTests {
    static let export = TestPaths.shared.appendingPathComponent("fixtures/whackavc")

    /// The Twitter handles of VC-Details.csv that are not `NA`, by VC id (row number).
    static let handles = [
        1: "BostonVC", 3: "daltonsean", 15: "bijan", 16: "jeff", 17: "AndySack", 18: "jimihendrixlive", 20: "quixotic",
    ]

    static func item(_ project: Project, _ collection: String, _ id: String) -> ContentItem? {
        project.items.first { $0.collection == collection && $0.id == ItemID(id) }
    }

    @Test("the export: 23 phrases (the one with a comma whole), 20 VCs, 7 sounds, 47 blobs reported missing")
    func export() async throws {
        let temp = try TemporaryDirectory()
        let destination = temp.url.appendingPathComponent("whack-a-vc")
        let summary = try KinveyImporter.importExport(from: Self.export, to: destination)
        #expect(summary.collections.map(\.name) == ["phrases", "vcs", "sounds"])
        #expect(summary.collections.map(\.itemCount) == [23, 20, 7])
        #expect(summary.assetFiles.isEmpty)

        // Every resource of metaData.csv is missing: the export has no binaries.
        let metadata = try String(contentsOf: Self.export.appendingPathComponent("metaData.csv"), encoding: .utf8)
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
        #expect(Self.item(project, "phrases", "19")?.node["text"]?.scalarText == "Go on, scale your business")
        #expect(Self.item(project, "phrases", "1")?.node["text"]?.scalarText == "You need more market traction")
        #expect(Self.item(project, "phrases", "23")?.node["text"]?.scalarText == "Always be selling")
        for id in 1...20 {
            let vc = try #require(Self.item(project, "vcs", String(id)))
            #expect(vc.node["twitter"]?.scalarText == Self.handles[id], "vc \(id)")
        }
        let reid = try #require(Self.item(project, "vcs", "20"))
        #expect(reid.node["name"]?.scalarText == "Reid Hoffman")
        #expect(reid.node["firm"]?.scalarText == "Greylock Partners")
        #expect(reid.node["profile_image"]?.scalarText == "vcs/Reid_Hoffman_p.png")
        #expect(reid.node["game_image"]?.scalarText == "vcs/Reid_Hoffman_g.png")
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
