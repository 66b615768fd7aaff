import Crypto
import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

@testable import GamePackBuild
@testable import GamePackContent
@testable import GamePackKit
@testable import GamePackLint

/// Compatibility with the real files of the systems gamepack serves: the content file bundled
/// in the Go Take a Hike! Android app, the early unversioned iOS bundle and the Whack-A-VC
/// Kinvey export. They state no licence, so they are not in the repository: ``RealData`` finds
/// them through `GAMEPACK_REAL_DATA` or `../shared/fixtures`. Without them the suite is skipped
/// with a reason; in CI (`CI=true`) it runs anyway and fails, so CI never passes by skipping.
/// Every other test uses the project's own fixtures (`scripts/make-fixtures.py`).
@Suite(
    "Real data: Go Take a Hike! and Whack-A-VC files", .tags(.realData),
    .enabled(if: RealData.shouldRun, Comment(rawValue: RealData.skipReason)))
struct RealDataCompatibilityTests {
    /// The content version the Android file carries (MD5 of its compact profiles JSON).
    static let androidVersion = "924a3f1502d5c7d86f710878d9a3044f"

    static func item(_ project: Project, _ collection: String, _ id: Int) -> ContentItem? {
        GohikeFidelity.item(project, collection, id)
    }

    static func lines(_ old: URL, _ new: URL) async throws -> (DiffReport, [ChangeLine]) {
        let report = try await DiffTesting.diff(old.path, new.path)
        return (report, DiffTesting.lines(report))
    }

    @Test("the Android file: 1 profile, 3 routes, 3 locations, 0 rewards, 6 distinct photos, everything byte for byte")
    func androidImport() async throws {
        guard let files = RealData.require() else { return }
        let temp = try TemporaryDirectory()
        let destination = temp.url.appendingPathComponent("gohike")
        let summary = try GohikeImporter.importContent(from: files.android, to: destination)
        #expect(summary.collections.map(\.itemCount) == [1, 3, 3, 0])
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        #expect(summary.missingAssets.isEmpty)
        // Profile photo, 3 route photos, 2 location photos (location 2's photo is in two routes).
        #expect(summary.assetFiles.count == 6 && summary.assetFiles.allSatisfy { $0.hasSuffix(".jpg") })
        #expect(!FileManager.default.fileExists(atPath: destination.appendingPathComponent("content/rewards").path))

        let project = try await Project.load(at: destination)
        try GohikeFidelity.check(files.android, against: project)
        let route1 = try #require(Self.item(project, "routes", 1))
        #expect(route1.node["waypoints"]?.elements?.compactMap(\.scalarText) == ["3", "1", "2"])
        #expect(route1.node["description"] == nil)  // empty in both languages
        #expect(Self.item(project, "routes", 6)?.node["waypoints"]?.elements?.isEmpty == true)
        #expect(Self.item(project, "profiles", 1)?.node["description"]?["nl"]?.scalarText?.contains("\r\n\r\n") == true)
        let yaml = try String(contentsOf: destination.appendingPathComponent("content/locations/1.yaml"), encoding: .utf8)
        #expect(yaml.contains("position: {latitude: 52.341645271, longitude: 4.88477464}\n"))

        // The real data's translation gaps are warnings, nothing else.
        let found = await Linter.lint(project).map { "\($0.location?.file ?? "-") \($0.rule)" }.sorted()
        #expect(
            found == [
                "content/routes/4.yaml identical-translation", "content/routes/4.yaml missing-translation",
                "content/routes/6.yaml missing-translation", "content/routes/6.yaml missing-translation",
            ])
    }

    @Test("the Android file rebuilds to its own content version 924a3f1502d5c7d86f710878d9a3044f")
    func androidRoundTrip() async throws {
        guard let files = RealData.require() else { return }
        let temp = try TemporaryDirectory()
        let destination = temp.url.appendingPathComponent("gohike")
        _ = try GohikeImporter.importContent(from: files.android, to: destination)
        #expect(try GohikeFidelity.json(files.android)["version"] as? String == Self.androidVersion)
        let rebuilt = try #require(try await GohikeFidelity.rebuild(destination, out: temp.url.appendingPathComponent("out")))
        let text = String(decoding: rebuilt, as: UTF8.self)
        #expect(text.hasPrefix("{\"version\":\"\(Self.androidVersion)\",\"profiles\":["))
    }

    @Test("the unversioned iOS bundle imports; its waypoints without coordinates or photos are reported")
    func iosImport() async throws {
        guard let files = RealData.require() else { return }
        let temp = try TemporaryDirectory()
        let destination = temp.url.appendingPathComponent("gohike-ios")
        let summary = try GohikeImporter.importContent(from: files.ios, to: destination)
        #expect(summary.collections.map(\.itemCount) == [1, 1, 2, 0])
        #expect(summary.assetFiles.count == 2)
        #expect(summary.warnings.count == 2, "\(summary.warnings)")
        #expect(summary.warnings.allSatisfy { $0.contains("`latitude`, `longitude`, `image_data`") })
        let project = try await Project.load(at: destination)
        try GohikeFidelity.check(files.ios, against: project)
        #expect(Self.item(project, "routes", 1)?.node["waypoints"]?.elements?.compactMap(\.scalarText) == ["2", "1"])
        let errors = await Linter.lint(project).filter { $0.severity == .error }
        #expect(errors.map(\.rule) == ["missing-required", "missing-required"])
    }

    @Test("iOS → Android: exactly the changes between the two published files")
    func diffIOSToAndroid() async throws {
        guard let files = RealData.require() else { return }
        let (report, lines) = try await Self.lines(files.ios, files.android)
        #expect(
            lines == [
                ChangeLine("locations", "1", "modified", "content", ["position", "image"]),
                ChangeLine("locations", "2", "modified", "content", ["position", "image"]),
                ChangeLine("locations", "3", "added", "content", []),
                ChangeLine("profiles", "1", "modified", "asset", ["image"]),
                ChangeLine("routes", "1", "modified", "breaking", ["image", "waypoints"]),
                ChangeLine("routes", "4", "added", "content", []),
                ChangeLine("routes", "6", "added", "content", []),
            ])
        let route = try #require(report.items.first { $0.collection == "routes" && $0.id == "1" })
        let waypoints = try #require(route.changes.first { $0.path == "waypoints" })
        #expect(waypoints.list?.inserted == [ListChange.Element(key: "3", from: nil, to: 1)])
        #expect(waypoints.list?.moved == [ListChange.Element(key: "2", from: 1, to: 3)])
        #expect(!route.fields.contains("order"))
        let image = try #require(report.items.first { $0.collection == "profiles" }?.changes.first)
        #expect(image.summary == "replaced 82 KB → 97 KB, 575×386 → 570×380")
        #expect(report.new.version == Self.androidVersion)
        #expect(report.coverage.map(\.locale) == ["nl"])
        #expect(report.coverage[0].old == Coverage(translated: 6, total: 6))
        #expect(report.coverage[0].new == Coverage(translated: 8, total: 12))
    }

    @Test("Android → iOS: the removed routes and walked location are breaking, so is the lost position")
    func diffAndroidToIOS() async throws {
        guard let files = RealData.require() else { return }
        let (report, lines) = try await Self.lines(files.android, files.ios)
        #expect(
            lines == [
                ChangeLine("locations", "1", "modified", "breaking", ["position", "image"]),
                ChangeLine("locations", "2", "modified", "breaking", ["position", "image"]),
                ChangeLine("locations", "3", "removed", "breaking", []),
                ChangeLine("profiles", "1", "modified", "asset", ["image"]),
                ChangeLine("routes", "1", "modified", "breaking", ["image", "waypoints"]),
                ChangeLine("routes", "4", "removed", "breaking", []),
                ChangeLine("routes", "6", "removed", "breaking", []),
            ])
        #expect(report.items.first { $0.collection == "locations" && $0.id == "3" }?.referencedBy == ["routes/1"])
    }

    @Test("the Android file compared with itself, its imported project and that project's pack reports nothing")
    func diffIdentical() async throws {
        guard let files = RealData.require() else { return }
        #expect(try await DiffTesting.diff(files.android.path, files.android.path).items.isEmpty)
        let temp = try TemporaryDirectory()
        let project = temp.url.appendingPathComponent("imported")
        _ = try GohikeImporter.importContent(from: files.android, to: project)
        let fromProject = try await DiffTesting.diff(files.android.path, project.path)
        #expect(fromProject.items.isEmpty, "\(DiffTesting.lines(fromProject))")
        let outcome = try await PackBuilder.build(
            project: try await Project.load(at: project),
            options: BuildOptions(
                outputDirectory: temp.url.appendingPathComponent("out"), targets: ["gohike", "canonical"],
                timestamp: Date(timeIntervalSince1970: 1_700_000_000)))
        guard case .built(let result) = outcome else {
            Issue.record("build failed: \(outcome)")
            return
        }
        let fromPack = try await DiffTesting.diff(files.android.path, result.packURL.path)
        #expect(fromPack.items.isEmpty, "\(DiffTesting.lines(fromPack))")
    }

    @Test("the Whack-A-VC Kinvey export: 23 phrases (the one with a comma whole), 20 VCs, 7 sounds, 47 blobs missing")
    func kinveyExport() async throws {
        guard let files = RealData.require() else { return }
        try await KinveyImportTests.checkExport(
            files.kinveyExport,
            KinveyImportTests.Expected(
                phrases: [1: "You need more market traction", 19: "Go on, scale your business", 23: "Always be selling"],
                handles: [
                    1: "BostonVC", 3: "daltonsean", 15: "bijan", 16: "jeff", 17: "AndySack", 18: "jimihendrixlive",
                    20: "quixotic",
                ],
                lastVC: ("Reid Hoffman", "Greylock Partners", "Reid_Hoffman_p.png", "Reid_Hoffman_g.png")))
    }
}

/// The lookup itself, which needs no real files: an explicitly set folder that is missing,
/// empty or incomplete counts as absent (no fallback to `../shared`), an unset or empty variable
/// means `../shared/fixtures`.
@Suite("Real data: the lookup")
struct RealDataLookupTests {
    @Test("GAMEPACK_REAL_DATA naming a missing, an empty or an incomplete folder means absent; a complete one is used")
    func explicitFolder() throws {
        let temp = try TemporaryDirectory()
        let missing = RealData.lookup(environment: ["GAMEPACK_REAL_DATA": temp.url.appendingPathComponent("nope").path])
        #expect(!missing.isAvailable && missing.missing == RealData.requiredFiles)
        #expect(missing.source == "from GAMEPACK_REAL_DATA")

        let empty = RealData.lookup(environment: ["GAMEPACK_REAL_DATA": temp.url.path])
        #expect(!empty.isAvailable && empty.missing == RealData.requiredFiles)
        #expect(empty.folder.standardizedFileURL.path == temp.url.standardizedFileURL.path)

        for file in RealData.requiredFiles.dropLast() { try temp.write("x", to: file) }
        let incomplete = RealData.lookup(environment: ["GAMEPACK_REAL_DATA": temp.url.path])
        #expect(incomplete.missing == ["whackavc/metaData.csv"])

        try temp.write("x", to: "whackavc/metaData.csv")
        #expect(RealData.lookup(environment: ["GAMEPACK_REAL_DATA": temp.url.path]).isAvailable)
    }

    @Test("without GAMEPACK_REAL_DATA (or with it empty) the folder is ../shared/fixtures beside the checkout")
    func defaultFolder() {
        for environment in [[:], ["GAMEPACK_REAL_DATA": ""]] {
            let found = RealData.lookup(environment: environment)
            // A folder `shared/fixtures` whose `shared` sits beside the checkout.
            #expect(found.folder.path.hasSuffix("/shared/fixtures"))
            #expect(
                found.folder.deletingLastPathComponent().deletingLastPathComponent().standardizedFileURL.path
                    == TestPaths.repoRoot.deletingLastPathComponent().standardizedFileURL.path)
            #expect(found.source == "../shared/fixtures beside the checkout")
        }
    }
}
