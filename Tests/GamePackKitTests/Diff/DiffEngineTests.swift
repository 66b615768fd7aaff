import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

@testable import GamePackBuild
@testable import GamePackContent
@testable import GamePackKit
@testable import GamePackLocalization

/// The engine on the project's Go Take a Hike! fixtures (the real files are compared in the
/// real-data suite), on generated version pairs with known changes, and on small edits of the
/// gohike example that each exercise one rule.
@Suite("Diff engine")
struct DiffEngineTests {
    @Test("iOS bundle → v1 content.json: exactly the changes between the two files")
    func gohikeFixtures() async throws {
        let report = try await DiffTesting.diff(DiffTesting.ios, DiffTesting.v1)
        #expect(
            DiffTesting.lines(report) == [
                ChangeLine("locations", "1", "modified", "content", ["position", "image"]),
                ChangeLine("locations", "2", "modified", "content", ["position", "image"]),
                ChangeLine("locations", "3", "added", "content", []),
                ChangeLine("locations", "4", "added", "content", []),
                ChangeLine("profiles", "1", "modified", "asset", ["image"]),
                ChangeLine("profiles", "2", "added", "content", []),
                ChangeLine("rewards", "1", "added", "content", []),
                ChangeLine("routes", "1", "modified", "breaking", ["image", "waypoints"]),
                ChangeLine("routes", "2", "added", "content", []),
                ChangeLine("routes", "4", "added", "content", []),
                ChangeLine("routes", "6", "added", "content", []),
            ])
        let route = try #require(report.items.first { $0.collection == "routes" && $0.id == "1" })
        let waypoints = try #require(route.changes.first { $0.path == "waypoints" })
        #expect(waypoints.list?.inserted == [ListChange.Element(key: "3", from: nil, to: 1)])
        #expect(waypoints.list?.moved == [ListChange.Element(key: "2", from: 1, to: 3)])
        #expect(waypoints.list?.removed == [])
        let image = try #require(report.items.first { $0.collection == "profiles" }?.changes.first)
        #expect(image.summary.hasPrefix("replaced ") && image.summary.hasSuffix(", 48×32 → 64×48"), "\(image.summary)")
        // Route 1 is third in v1 but the only route in both: its position among the routes
        // present in both versions did not change, so no `order` change.
        #expect(!route.fields.contains("order"))
        #expect(report.totals.added == 7 && report.totals.modified == 4 && report.totals.removed == 0)
        #expect(report.old.version == nil)
        #expect(report.new.version == (try GohikeFidelity.json(LegacyFixtures.gohikeV1)["version"] as? String))
        // nl: the iOS file translates all 6 texts; v1 has 20 English texts, of which route 6's
        // two and route 4's two (one missing, one identical) are not translated.
        #expect(report.coverage.map(\.locale) == ["nl"])
        #expect(report.coverage[0].old == Coverage(translated: 6, total: 6))
        #expect(report.coverage[0].new == Coverage(translated: 16, total: 20))
    }

    @Test("v1 → iOS bundle: removing routes, rewards and walked locations is breaking, so is a lost required position")
    func gohikeFixturesReversed() async throws {
        let report = try await DiffTesting.diff(DiffTesting.v1, DiffTesting.ios)
        #expect(
            DiffTesting.lines(report) == [
                ChangeLine("locations", "1", "modified", "breaking", ["position", "image"]),
                ChangeLine("locations", "2", "modified", "breaking", ["position", "image"]),
                ChangeLine("locations", "3", "removed", "breaking", []),
                ChangeLine("locations", "4", "removed", "breaking", []),
                ChangeLine("profiles", "1", "modified", "asset", ["image"]),
                ChangeLine("profiles", "2", "removed", "breaking", []),
                ChangeLine("rewards", "1", "removed", "breaking", []),
                ChangeLine("routes", "1", "modified", "breaking", ["image", "waypoints"]),
                ChangeLine("routes", "2", "removed", "breaking", []),
                ChangeLine("routes", "4", "removed", "breaking", []),
                ChangeLine("routes", "6", "removed", "breaking", []),
            ])
        let location = try #require(report.items.first { $0.collection == "locations" && $0.id == "3" })
        #expect(location.referencedBy == ["routes/1"])
    }

    @Test(
        "v1 → v2: profiles reordered, a location moved 1 km with a stale translation, a translated name, a new badge, a route removed"
    )
    func gohikeNextVersion() async throws {
        let report = try await DiffTesting.diff(DiffTesting.v1, DiffTesting.v2)
        let lines = DiffTesting.lines(report)
        #expect(
            lines == [
                ChangeLine("locations", "1", "modified", "content", ["description.en", "position"]),
                ChangeLine("profiles", "1", "modified", "content", ["order"]),
                ChangeLine("rewards", "1", "modified", "asset", ["image"]),
                ChangeLine("routes", "4", "modified", "translation", ["name.nl"]),
                ChangeLine("routes", "6", "removed", "breaking", []),
            ], "\(lines)")
        let location = try #require(report.items.first { $0.collection == "locations" })
        let move = try #require(location.changes.first { $0.path == "position" })
        #expect(move.change == .moved && move.summary.hasPrefix("moved 1.0 km"))
        #expect(abs((move.meters ?? 0) - 1000.7) < 2)  // 0.009° of latitude
        #expect(location.changes.first { $0.path == "description.en" }?.staleTranslations == ["nl"])
        #expect(report.items.first { $0.collection == "profiles" }?.changes.first?.change == .position)
        #expect(report.items.first { $0.collection == "rewards" }?.changes.first?.change == .replaced)
        #expect(report.coverage.first?.newlyStale == 1)
        #expect(report.has(atLeast: .breaking))
    }

    @Test("a file compared with itself, and a content.json with its own project and pack, report nothing")
    func identical() async throws {
        #expect(try await DiffTesting.diff(DiffTesting.v1, DiffTesting.v1).items.isEmpty)
        let temp = try TemporaryDirectory()
        let project = temp.url.appendingPathComponent("imported")
        _ = try GohikeImporter.importContent(from: URL(fileURLWithPath: DiffTesting.v1), to: project)
        let fromProject = try await DiffTesting.diff(DiffTesting.v1, project.path)
        #expect(fromProject.items.isEmpty, "\(DiffTesting.lines(fromProject))")
        let loaded = try await Project.load(at: project)
        let outcome = try await PackBuilder.build(
            project: loaded,
            options: BuildOptions(
                outputDirectory: temp.url.appendingPathComponent("out"), targets: ["gohike", "canonical"],
                timestamp: Date(timeIntervalSince1970: 1_700_000_000)))
        guard case .built(let result) = outcome else {
            Issue.record("build failed: \(outcome)")
            return
        }
        let fromPack = try await DiffTesting.diff(DiffTesting.v1, result.packURL.path)
        #expect(fromPack.items.isEmpty, "\(DiffTesting.lines(fromPack))")
        #expect(fromPack.new.kind == .pack)
    }

    @Test("generated version pair: exactly the changes mutate.py made, as folders and as packs")
    func generatedPair() async throws {
        let temp = try TemporaryDirectory()
        let (a, b, expected) = try DiffTesting.generatedPair(in: temp, arguments: ["--items", "0.15", "--images", "0.2"])
        #expect(expected.count > 40)
        #expect(Set(expected.map(\.class)) == ["breaking", "content", "translation", "asset", "cosmetic"])
        let report = try await DiffTesting.diff(a.path, b.path)
        #expect(DiffTesting.lines(report) == expected)

        var packs: [String] = []
        for project in [a, b] {
            let outcome = try await PackBuilder.build(
                project: try await Project.load(at: project),
                options: BuildOptions(
                    outputDirectory: project.appendingPathComponent("build"),
                    timestamp: Date(timeIntervalSince1970: 1_700_000_000)))
            guard case .built(let result) = outcome else {
                Issue.record("build failed: \(outcome)")
                return
            }
            packs.append(result.packURL.path)
        }
        let fromPacks = try await DiffTesting.diff(packs[0], packs[1])
        #expect(DiffTesting.lines(fromPacks) == expected)
        let mixed = try await DiffTesting.diff(a.path, packs[1])
        #expect(DiffTesting.lines(mixed) == expected)
    }

    @Test("a second generated pair with another seed and every item kind")
    func generatedPairOtherSeed() async throws {
        let temp = try TemporaryDirectory()
        let (a, b, expected) = try DiffTesting.generatedPair(
            in: temp, arguments: ["--items", "0.3", "--images", "0.3"], seed: 7)
        let report = try await DiffTesting.diff(a.path, b.path)
        #expect(DiffTesting.lines(report) == expected)
    }

    @Test(
        "reordering items, moving them between files and reformatting YAML yields no change",
        .tags(.python), .requires(.pyyaml))
    func reformatted() async throws {
        let temp = try TemporaryDirectory()
        let (a, b, expected) = try DiffTesting.generatedPair(in: temp, arguments: ["--reformat"])
        #expect(expected.isEmpty)
        // The copy really is laid out differently.
        let files = try FileManager.default.subpathsOfDirectory(atPath: b.appendingPathComponent("content").path)
        #expect(files.contains { $0.hasSuffix(".yml") } && !files.contains { $0.hasSuffix(".yaml") })
        let report = try await DiffTesting.diff(a.path, b.path)
        #expect(report.items.isEmpty, "\(DiffTesting.lines(report))")
        #expect(report.coverage.isEmpty)
    }

    @Test("--collection narrows the comparison; an unknown collection is an error")
    func collectionFilter() async throws {
        let report = try await DiffTesting.diff(
            .path(DiffTesting.ios), .path(DiffTesting.v1), collections: ["routes"])
        #expect(Set(report.items.map(\.collection)) == ["routes"])
        #expect(report.collections == ["routes"])
        await #expect(throws: DiffError.self) {
            _ = try await DiffTesting.diff(.path(DiffTesting.ios), .path(DiffTesting.v1), collections: ["nope"])
        }
    }
}

/// One rule at a time, on edits of the gohike example project.
@Suite("Diff rules")
struct DiffRuleTests {
    /// A copy `old` of the gohike example and a copy `new` edited by `edit`.
    static func pair(_ edit: (TemporaryDirectory) throws -> Void) async throws -> DiffReport {
        let temp = try TemporaryDirectory()
        let old = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "old")
        _ = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "new")
        try edit(temp)
        return try await DiffTesting.diff(old.path, temp.url.appendingPathComponent("new").path)
    }

    static func replace(_ temp: TemporaryDirectory, _ file: String, _ old: String, _ new: String) throws {
        let url = temp.url.appendingPathComponent("new/\(file)")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(old), "\(file) has no \(old)")
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
    }

    @Test("a geo move is reported in meters")
    func geoMove() async throws {
        let report = try await Self.pair { temp in
            try Self.replace(temp, "content/locations/1.yaml", "latitude: 52.340512", "latitude: 52.351512")
        }
        let change = try #require(report.items.first?.changes.first)
        #expect(change.path == "position" && change.change == .moved)
        #expect(change.summary.hasPrefix("moved 1.2 km"))
        #expect(abs((change.meters ?? 0) - 1223) < 5)
    }

    @Test("source text change marks the unchanged translation stale; word diff for long texts")
    func staleTranslation() async throws {
        let report = try await Self.pair { temp in
            try Self.replace(temp, "content/locations/1.yaml", "In 1970 the Eurovision", "In 1970 the famous Eurovision")
        }
        #expect(DiffTesting.lines(report) == [ChangeLine("locations", "1", "modified", "content", ["description.en"])])
        let change = try #require(report.items.first?.changes.first)
        #expect(change.staleTranslations == ["nl"])
        #expect(change.words?.filter { $0.op != .equal } == [WordSegment(.insert, "famous ")])
        #expect(report.coverage.first?.newlyStale == 1)
    }

    @Test("stored source hashes decide staleness when a translation has one")
    func storedSourceHashes() async throws {
        let report = try await Self.pair { temp in
            for side in ["old", "new"] {
                let one = temp.url.appendingPathComponent("\(side)/content/locations/1.yaml")
                let two = temp.url.appendingPathComponent("\(side)/content/locations/2.yaml")
                var first = try String(contentsOf: one, encoding: .utf8)
                var second = try String(contentsOf: two, encoding: .utf8)
                let source = side == "old" ? "RAI Congress Center" : "RAI Congress Centre"
                first = first.replacingOccurrences(of: "en: \"RAI Congress Center\"", with: "en: \"\(source)\"")
                // Re-translated: the marker holds the new source's hash.
                first = first.replacingOccurrences(
                    of: "nl: \"RAI Congrescentrum\"",
                    with: "nl: \"RAI Congrescentrum\"  # gamepack:source nl=\(SourceHash.of(source))")
                // Edited, but still made from the old source.
                let oldHash = SourceHash.of("Synagoge Liberaal Joodse Gemeente")
                if side == "new" {
                    second = second.replacingOccurrences(
                        of: "en: \"Synagoge Liberaal Joodse Gemeente\"", with: "en: \"Synagoge LJG\"")
                    second = second.replacingOccurrences(
                        of: "nl: \"Liberal Jewish Community Synagogue\"", with: "nl: \"Liberale Synagoge\"")
                }
                second = second.replacingOccurrences(of: "Synagogue\"\n", with: "Synagogue\"  # gamepack:source nl=\(oldHash)\n")
                second = second.replacingOccurrences(
                    of: "Liberale Synagoge\"\n", with: "Liberale Synagoge\"  # gamepack:source nl=\(oldHash)\n")
                try Data(first.utf8).write(to: one)
                try Data(second.utf8).write(to: two)
            }
        }
        let lines = DiffTesting.lines(report)
        #expect(
            lines == [
                ChangeLine("locations", "1", "modified", "content", ["name.en"]),
                ChangeLine("locations", "2", "modified", "content", ["name.en", "name.nl"]),
            ], "\(lines)")
        #expect(report.items[0].changes[0].staleTranslations == nil)
        #expect(report.items[1].changes[0].staleTranslations == ["nl"])
    }

    @Test("translation added, removed and changed are translation changes; whitespace only is cosmetic")
    func translations() async throws {
        let report = try await Self.pair { temp in
            try Self.replace(temp, "content/routes/1.yaml", "  nl: \"Groene Pad\"\n", "")
            try Self.replace(temp, "content/locations/2.yaml", "nl: \"Liberal Jewish", "nl: \"Liberale Joodse")
            let old = temp.url.appendingPathComponent("old/content/locations/3.yaml")
            let text = try String(contentsOf: old, encoding: .utf8)
            let line = try #require(text.range(of: "  nl: \"(test)\"\n"))
            try Data(text.replacingCharacters(in: line, with: "").utf8).write(to: old)
            try Self.replace(temp, "content/locations/1.yaml", "RAI Congress Center", "RAI  Congress Center ")
        }
        let lines = DiffTesting.lines(report)
        #expect(
            lines == [
                ChangeLine("locations", "1", "modified", "cosmetic", ["name.en"]),
                ChangeLine("locations", "2", "modified", "translation", ["name.nl"]),
                ChangeLine("locations", "3", "modified", "translation", ["name.nl"]),
                ChangeLine("routes", "1", "modified", "translation", ["name.nl"]),
            ], "\(lines)")
        let kinds = report.items.map { $0.changes[0].change }
        #expect(kinds == [.changed, .changed, .added, .removed])
    }

    @Test("removing a location a route walks is breaking and names the route")
    func referencedRemoval() async throws {
        let report = try await Self.pair { temp in
            try FileManager.default.removeItem(at: temp.url.appendingPathComponent("new/content/locations/2.yaml"))
        }
        #expect(DiffTesting.lines(report) == [ChangeLine("locations", "2", "removed", "breaking", [])])
        #expect(report.items[0].referencedBy == ["routes/1"])
        #expect(report.has(atLeast: .breaking))
    }

    @Test("a renumbered item is breaking on both ids")
    func renumbered() async throws {
        let report = try await Self.pair { temp in
            try Self.replace(temp, "content/rewards/1.yaml", "id: 1", "id: 9")
            try Self.replace(temp, "content/routes/1.yaml", "reward: 1", "reward: 9")
        }
        let lines = DiffTesting.lines(report)
        #expect(
            lines == [
                ChangeLine("rewards", "1", "removed", "breaking", []),
                ChangeLine("rewards", "9", "added", "breaking", []),
                ChangeLine("routes", "1", "modified", "content", ["reward"]),
            ], "\(lines)")
        #expect(report.items.first { $0.id == "1" && $0.collection == "rewards" }?.renumberedTo == "9")
    }

    @Test("swapping two waypoints is a breaking reorder")
    func waypointSwap() async throws {
        let report = try await Self.pair { temp in
            try Self.replace(temp, "content/routes/1.yaml", "waypoints: [3, 1, 2]", "waypoints: [3, 2, 1]")
        }
        #expect(DiffTesting.lines(report) == [ChangeLine("routes", "1", "modified", "breaking", ["waypoints"])])
        let waypoints = try #require(report.items.first?.changes.first)
        #expect(waypoints.list?.moved.count == 1 && waypoints.list?.inserted == [] && waypoints.list?.removed == [])
    }

    @Test("removing a route's whole waypoint list is breaking, like shortening it")
    func waypointsRemoved() async throws {
        let report = try await Self.pair { temp in
            try Self.replace(temp, "content/routes/1.yaml", "waypoints: [3, 1, 2]\n", "")
        }
        #expect(DiffTesting.lines(report) == [ChangeLine("routes", "1", "modified", "breaking", ["waypoints"])])
        #expect(report.items.first?.changes.first?.change == .removed)
    }

    @Test("asset paths leaving the project are never read: compared by their text")
    func outsidePaths() async throws {
        let report = try await Self.pair { temp in
            try Self.replace(
                temp, "content/locations/1.yaml", "image: photos/rai-congress-center.jpg", "image: ../../../etc/passwd")
            try FileManager.default.createSymbolicLink(
                atPath: temp.url.appendingPathComponent("new/assets/photos/link.jpg").path, withDestinationPath: "/etc/hostname")
            try Self.replace(
                temp, "content/locations/2.yaml", "image: photos/synagoge-liberaal-joodse-gemeente.jpg", "image: photos/link.jpg")
        }
        #expect(
            DiffTesting.lines(report) == [
                ChangeLine("locations", "1", "modified", "asset", ["image"]),
                ChangeLine("locations", "2", "modified", "asset", ["image"]),
            ])
        for item in report.items {
            guard case .object(let new)? = item.changes.first?.new else {
                Issue.record("no new asset value")
                continue
            }
            #expect(new["bytes"] == nil && new["sha256"] == nil)
        }
    }

    @Test("profiles swapping places by `order` are reported as a position change, content class")
    func position() async throws {
        let temp = try TemporaryDirectory()
        for side in ["old", "new"] {
            let (first, second) = side == "old" ? (1, 2) : (2, 1)
            try temp.write("id: 1\norder: \(first)\nname: {en: One}\n", to: "\(side)/content/profiles/1.yaml")
            try temp.write("id: 2\norder: \(second)\nname: {en: Two}\n", to: "\(side)/content/profiles/2.yaml")
            try temp.write("id: 3\norder: \(side == "old" ? 3 : 30)\nname: {en: Three}\n", to: "\(side)/content/profiles/3.yaml")
            try temp.write("id: p\nname: P\nlocales: [en]\n", to: "\(side)/gamepack.yaml")
        }
        let report = try await DiffTesting.diff(
            temp.url.appendingPathComponent("old").path, temp.url.appendingPathComponent("new").path)
        let lines = DiffTesting.lines(report)
        #expect(lines == [ChangeLine("profiles", "1", "modified", "content", ["order"])], "\(lines)")
        #expect(report.items[0].changes[0].change == .position)
    }

    @Test("an image replaced under the same path is an asset change with bytes and dimensions")
    func imageReplaced() async throws {
        let report = try await Self.pair { temp in
            let source = temp.url.appendingPathComponent("new/assets/photos/rai-congress-center.jpg")
            let other = temp.url.appendingPathComponent("new/assets/routes/green-trail.jpg")
            try FileManager.default.removeItem(at: source)
            try FileManager.default.copyItem(at: other, to: source)
        }
        #expect(DiffTesting.lines(report) == [ChangeLine("locations", "1", "modified", "asset", ["image"])])
        let change = try #require(report.items.first?.changes.first)
        #expect(change.change == .replaced)
        #expect(change.summary.contains("→"))
    }

    @Test("among many items, walked in runs on all cores, same-size images are hashed and the replaced ones found")
    func sameSizeImagesAmongMany() async throws {
        let temp = try TemporaryDirectory()
        let count = 300
        #expect([Int].runs(count: count, cores: ProcessInfo.processInfo.activeProcessorCount).count > 2)
        let png = try Data(
            contentsOf: TestPaths.example("gohike-amsterdam").appendingPathComponent("assets/photos/rai-congress-center.jpg"))
        for side in ["old", "new"] {
            try temp.write("id: many\nname: Many\nlocales: [en]\n", to: "\(side)/gamepack.yaml")
            for n in 1...count {
                try temp.write(
                    "id: \(n)\nname: Place \(n)\nposition: {latitude: 52.3, longitude: 4.9}\nimage: photos/\(n).jpg\n",
                    to: "\(side)/content/locations/\(n).yaml")
                // Every image has the size of every other, so only their hashes tell them apart.
                var bytes = png
                bytes.append(contentsOf: withUnsafeBytes(of: UInt32(n).bigEndian, Array.init))
                if side == "new" && [1, 150, count].contains(n) { bytes[bytes.count - 5] ^= 0xFF }
                let url = temp.url.appendingPathComponent("\(side)/assets/photos/\(n).jpg")
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try bytes.write(to: url)
            }
        }
        let report = try await DiffTesting.diff(
            temp.url.appendingPathComponent("old").path, temp.url.appendingPathComponent("new").path)
        #expect(
            DiffTesting.lines(report)
                == [1, 150, count].map { ChangeLine("locations", "\($0)", "modified", "asset", ["image"]) })
    }
}

@Suite("Word diff")
struct WordDiffTests {
    @Test("segments keep every character and mark words")
    func segments() {
        let segments = WordDiff.segments("the quick brown fox", "the slow brown dog")
        #expect(segments.map(\.op) == [.equal, .delete, .insert, .equal, .delete, .insert])
        #expect(segments.filter { $0.op != .insert }.map(\.text).joined() == "the quick brown fox")
        #expect(segments.filter { $0.op != .delete }.map(\.text).joined() == "the slow brown dog")
    }

    @Test("changed words separated only by spaces form one run: all removed words, then all added ones")
    func grouped() {
        let segments = WordDiff.segments(
            "alpha beta gamma delta epsilon zeta eta theta", "alpha beta ONE TWO THREE zeta eta theta")
        #expect(
            segments == [
                WordSegment(.equal, "alpha beta "), WordSegment(.delete, "gamma delta epsilon"),
                WordSegment(.insert, "ONE TWO THREE"), WordSegment(.equal, " zeta eta theta"),
            ])
        // Two runs split by an unchanged word; a line break between changed words joins them too.
        let two = WordDiff.segments("a b c d e f g h i j", "a X\nY d Z f g h i j")
        #expect(
            two == [
                WordSegment(.equal, "a "), WordSegment(.delete, "b c"), WordSegment(.insert, "X\nY"), WordSegment(.equal, " d "),
                WordSegment(.delete, "e"), WordSegment(.insert, "Z"), WordSegment(.equal, " f g h i j"),
            ])
    }

    @Test("a text rewritten with under 40% of its words kept is shown as plain before and after")
    func rewrite() {
        let old = "Open daily from nine to five, with guided tours on Sundays and a cafe on the roof terrace."
        let new = "Closed for renovation until the spring of next year; the collection is shown elsewhere."
        let segments = WordDiff.segments(old, new)
        #expect(segments == [WordSegment(.delete, old), WordSegment(.insert, new)])
        #expect(WordDiff.isRewrite(segments))
        #expect(WordDiff.segments("", "new text") == [WordSegment(.insert, "new text")])

        // The threshold: 20 words each; keeping 8 in place (2·8/40 = 0.4) is a word diff, 7 is a rewrite.
        let words = (1...20).map { "w\($0)" }
        func replacing(keeping kept: Int) -> String {
            words.enumerated().map { $0.offset < kept ? $0.element : "new\($0.offset)" }.joined(separator: " ")
        }
        let eight = WordDiff.segments(words.joined(separator: " "), replacing(keeping: 8))
        #expect(!WordDiff.isRewrite(eight))
        #expect(eight.map(\.op) == [.equal, .delete, .insert])
        #expect(WordDiff.isRewrite(WordDiff.segments(words.joined(separator: " "), replacing(keeping: 7))))
    }

    @Test("segments always join back to the old and the new text")
    func roundTrip() {
        var generator = SystemRandomNumberGenerator()
        let vocabulary = ["de", "het", "een", "park", "route", "\n", "  ", "museum", "Amsterdam", "is"]
        for _ in 0..<200 {
            func text() -> String {
                (0..<Int.random(in: 0...30, using: &generator)).map { _ in vocabulary.randomElement(using: &generator)! }
                    .joined(separator: Bool.random(using: &generator) ? " " : "\t")
            }
            let old = text(), new = text()
            let segments = WordDiff.segments(old, new)
            #expect(segments.filter { $0.op != .insert }.map(\.text).joined() == old)
            #expect(segments.filter { $0.op != .delete }.map(\.text).joined() == new)
            // Never a removal and an addition interleaved around mere whitespace.
            for (a, b) in zip(segments, segments.dropFirst()) { #expect(!(a.op == .insert && b.op == .delete)) }
            for window in zip(zip(segments, segments.dropFirst()), segments.dropFirst(2)) {
                let ((a, b), c) = window
                if a.op != .equal, c.op != .equal, b.op == .equal {
                    let onlySpace = b.text.allSatisfy { $0.isWhitespace }
                    #expect(!onlySpace, "\(segments)")
                }
            }
        }
    }

    @Test("whitespace-only differences")
    func whitespace() {
        #expect(WordDiff.differOnlyInWhitespace("a  b", "a b\n"))
        #expect(!WordDiff.differOnlyInWhitespace("a b", "a b"))
        #expect(!WordDiff.differOnlyInWhitespace("ab", "a b"))
        // ASCII text is split by bytes, the rest by characters: both give the same words.
        let texts = [
            "", " ", "a", "  a  b\t\tc\r\nd\u{0B}e\u{0C}f  ", "\r\n\r\n", "x\u{1F}y", "Grüße  aus\u{00A0}Köln",
            "a\u{2003}b", "e\u{301} f", "tab\there", "\n\nlines\n",
        ]
        for text in texts {
            let byCharacters = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            #expect(WordDiff.normalizedWhitespace(text) == byCharacters, "\(text.debugDescription)")
        }
    }

    @Test("below U+0300 every scalar is a character but CR LF, and the white space is the eight the byte split knows")
    func scalarsBelowCombiningMarks() {
        let scalars = (0..<0x300).compactMap(Unicode.Scalar.init(_:))
        let whitespace = scalars.filter { $0.properties.isWhitespace }.map(\.value)
        #expect(whitespace == [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0])
        var joined: [(UInt32, UInt32)] = []
        for first in scalars {
            #expect(Character(first).isWhitespace == first.properties.isWhitespace)
            for second in scalars {
                var pair = ""
                pair.unicodeScalars.append(first)
                pair.unicodeScalars.append(second)
                if pair.count != 2 { joined.append((first.value, second.value)) }
            }
        }
        #expect(joined.count == 1 && joined.first! == (0x0D, 0x0A))
    }

    @Test("words split by bytes are the words split by characters, on random mixed texts")
    func tokensByBytes() {
        // Latin letters, every kind of white space below U+0300, and characters the byte split
        // leaves to the character split (a combining accent, an em space, an emoji).
        let alphabet: [String] = [
            "a", "Z", "é", "ß", "ł", "ɐ", "ˆ", " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}",
            "\u{1F}", ".", "\u{301}", "\u{2003}", "😀",
        ]
        var generator = SystemRandomNumberGenerator()
        var byBytes = 0
        for round in 0..<3000 {
            let pool = round % 2 == 0 ? Array(alphabet.prefix(18)) : alphabet
            let text = (0..<Int.random(in: 0...24, using: &generator)).map { _ in pool.randomElement(using: &generator)! }
                .joined()
            if WordDiff.whitespaceRuns(text) != nil { byBytes += 1 }
            var expected: [Substring] = []
            var start = text.startIndex
            for index in text.indices.dropFirst() where text[index].isWhitespace != text[text.index(before: index)].isWhitespace {
                expected.append(text[start..<index])
                start = index
            }
            if start < text.endIndex { expected.append(text[start...]) }
            let tokens = WordDiff.tokens(text)
            #expect(tokens.map(String.init) == expected.map(String.init), "\(text.debugDescription)")
            #expect(tokens.joined() == text)
            #expect(tokens.map(WordDiff.isSpace) == expected.map { $0.first!.isWhitespace })
            let byCharacters = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            #expect(WordDiff.normalizedWhitespace(text) == byCharacters, "\(text.debugDescription)")
        }
        // Both ways were taken.
        #expect(byBytes > 1000 && byBytes < 3000)
    }

    @Test("stable keys are a longest common subsequence")
    func stable() {
        #expect(WordDiff.stableKeys(["1", "2", "3", "4"], ["2", "3", "4", "1"]) == ["2", "3", "4"])
        #expect(WordDiff.stableKeys([], []) == [])
    }
}

@Suite("JSON scanner")
struct JSONScannerTests {
    @Test("values, escapes and surrogate pairs read like JSONDecoder reads them")
    func values() throws {
        let text = #"{"a": [1, -2.5e3, true, false, null], "s": "q\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00 é", "o": {}}"#
        let value = try JSONScanner.parse(Data(text.utf8))
        #expect(
            value
                == .object([
                    "a": .array([.int(1), .number(-2500), .bool(true), .bool(false), .null]),
                    "s": .string("q\"\\/\u{8}\u{C}\n\r\té😀 é"), "o": .object([:]),
                ]))
        // JSONDecoder reads an integral exponent number (-2.5e3) as an int; the rest alike.
        let plain = text.replacingOccurrences(of: "-2.5e3", with: "-2.5")
        #expect(try JSONScanner.parse(Data(plain.utf8)) == (try JSONDecoder().decode(JSONValue.self, from: Data(plain.utf8))))
    }

    @Test(
        "bad input is refused with the byte offset",
        arguments: [
            "{\"a\": 1,}", "[1 2]", "\"unterminated", "{\"a\" 1}", "tru", "[1] x", "\"\u{1}\"", "-", "\"\\x\"",
        ])
    func refused(_ text: String) {
        #expect(throws: JSONScanner.Failure.self) { _ = try JSONScanner.parse(Data(text.utf8)) }
    }

    @Test("a failure reads as line and column: a missing comma, and a file cut off mid-object")
    func failureMessage() throws {
        for (text, expected) in [
            ("{\n  \"a\": 1\n  \"b\": 2\n}", "line 3, column 3: "),
            ("[\n {\"id\": 1,\n  \"name", "line 3, column 8: "),
        ] {
            let data = Data(text.utf8)
            let error = #expect(throws: JSONScanner.Failure.self) { _ = try JSONScanner.parse(data) }
            let message = try #require(error).message(in: data)
            #expect(message.hasPrefix(expected), "\(message)")
            #expect(JSONScanner.explain(try #require(error), in: data) == message)
        }
    }

    @Test("deep nesting is refused, not a stack overflow")
    func deep() {
        let text = String(repeating: "[", count: 100_000)
        #expect(throws: JSONScanner.Failure.self) { _ = try JSONScanner.parse(Data(text.utf8)) }
    }
}
