import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

@testable import GamePackBuild
@testable import GamePackContent

/// The canonical target's chunked layout: small changes touch few files, and packs of the
/// layout before chunking stay readable.
@Suite("Canonical target in chunks")
struct CanonicalLayoutTests {
    @Test("pack paths name their collection and chunk, in both layouts; other paths are not canonical")
    func paths() {
        #expect(CanonicalLayout.collection(ofPath: "canonical/deals.json")! == ("deals", 0))
        #expect(CanonicalLayout.collection(ofPath: "canonical/deals/0003.json")! == ("deals", 3))
        #expect(CanonicalLayout.chunkPath(collection: "deals", index: 3) == "canonical/deals/0003.json")
        #expect(CanonicalLayout.chunkPath(collection: "deals", index: 12_345) == "canonical/deals/12345.json")
        for path in [
            "kinvey/deals.json", "canonical/.json", "canonical/deals/+3.json", "canonical/deals/x.json",
            "canonical/a/b/0001.json", "canonical//0001.json", "canonical/deals.txt", "assets/ab.json",
        ] {
            #expect(CanonicalLayout.collection(ofPath: path) == nil, "\(path)")
        }
        let grouped = CanonicalLayout.collections(in: [
            "canonical/deals/0010.json", "canonical/deals/0002.json", "canonical/stores.json", "manifest.json",
        ])
        #expect(
            grouped == [
                "deals": ["canonical/deals/0002.json", "canonical/deals/0010.json"], "stores": ["canonical/stores.json"],
            ])
    }

    /// The canonical files of a built pack: path to SHA-256.
    static func canonicalFiles(_ result: BuildResult) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: result.manifest.files.filter { $0.path.hasPrefix("canonical/") }.map { ($0.path, $0.sha256) })
    }

    static func build(_ project: URL, _ out: URL) async throws -> BuildResult {
        let outcome = try await PackBuilder.build(
            project: try await Project.load(at: project),
            options: BuildOptions(
                outputDirectory: out, targets: ["canonical"], timestamp: Date(timeIntervalSince1970: 1_700_000_000)))
        guard case .built(let result) = outcome else { throw CancellationError() }
        return result
    }

    @Test(
        "deals are cut into chunks of at most 256 at id-chosen ends; one edited deal changes one chunk, one added deal at most two"
    )
    func chunksFollowIDs() async throws {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.example("dealhunter"), as: "project")
        let before = try await Self.build(project, temp.url.appendingPathComponent("out1"))
        let reader = try PackArchive.Reader(url: before.packURL)
        let chunks = CanonicalLayout.collections(in: before.manifest.files.map(\.path))["deals"] ?? []
        #expect(chunks.count >= 3, "\(chunks)")
        var ids: [Int] = []
        for path in chunks {
            let chunk = try JSONSerialization.jsonObject(with: try reader.data(at: path)) as! [String: Any]
            #expect(chunk["collection"] as? String == "deals")
            #expect(chunk["locales"] as? [String] == ["en"])
            let items = chunk["items"] as! [[String: Any]]
            #expect(!items.isEmpty && items.count <= CanonicalLayout.maxItemsPerChunk)
            // Every chunk but the last ends where the rule says, and nowhere before.
            let chunkIDs = items.map { $0["id"] as! Int }
            for (n, id) in chunkIDs.enumerated() where n < chunkIDs.count - 1 {
                #expect(!CanonicalLayout.endsChunk(afterID: String(id), count: n + 1), "\(path): \(id)")
            }
            if path != chunks.last {
                #expect(CanonicalLayout.endsChunk(afterID: String(chunkIDs.last!), count: chunkIDs.count), "\(path)")
            }
            ids += chunkIDs
        }
        #expect(ids == ids.sorted() && Set(ids).count == ids.count && ids.count > 300)

        // One deal's name edited: exactly one chunk file differs.
        let one = project.appendingPathComponent("content/deals/1.yaml")
        let text = try String(contentsOf: one, encoding: .utf8)
        try text.replacingOccurrences(of: "Two croissants", with: "Three croissants").write(
            to: one, atomically: true, encoding: .utf8)
        let edited = try await Self.build(project, temp.url.appendingPathComponent("out2"))
        let (a, b) = (Self.canonicalFiles(before), Self.canonicalFiles(edited))
        #expect(Set(a.keys) == Set(b.keys))
        #expect(a.filter { b[$0.key] != $0.value }.count == 1)

        // One deal added: at most two chunk files differ or appear.
        try
            "id: 100000\nname: \"One more\"\nlocation: {latitude: 52.3, longitude: 4.9}\ncategory: food\ndetails:\n  store_name: \"Shop\"\n"
            .write(to: project.appendingPathComponent("content/deals/100000.yaml"), atomically: true, encoding: .utf8)
        let added = try await Self.build(project, temp.url.appendingPathComponent("out3"))
        let c = Self.canonicalFiles(added)
        let changed = Set(c.keys).union(b.keys).filter { b[$0] != c[$0] }
        #expect(!changed.isEmpty && changed.count <= 2, "\(changed.sorted())")
    }

    @Test("diff reads a pack of the layout before chunking: the same content as the chunked pack, no changes")
    func diffReadsOldLayout() async throws {
        let temp = try TemporaryDirectory()
        let built = try await Self.build(TestPaths.example("whack-a-vc"), temp.url.appendingPathComponent("out"))
        let old = temp.url.appendingPathComponent("old.gamepack")
        try PreChunkingPack.write(from: built.packURL, to: old)
        let oldPaths = try PackArchive.Reader(url: old).manifest().files.map(\.path).filter { $0.hasPrefix("canonical/") }
        #expect(!oldPaths.isEmpty && oldPaths.allSatisfy { $0.split(separator: "/").count == 2 }, "\(oldPaths)")
        let report = try await DiffTesting.diff(old.path, built.packURL.path)
        #expect(report.items.isEmpty, "\(DiffTesting.lines(report))")
        let (before, after) = (
            try await SnapshotLoader.load(.path(old.path)), try await SnapshotLoader.load(.path(built.packURL.path))
        )
        let count = { (snapshot: ContentSnapshot) in snapshot.items.values.reduce(0) { $0 + $1.count } }
        #expect(count(before) == count(after) && count(before) >= 50)
    }

    @Test(
        "the examples' canonical files (paths, sizes, SHA-256) match their golden list", arguments: ["dealhunter", "whack-a-vc"])
    func golden(_ example: String) async throws {
        let temp = try TemporaryDirectory()
        let built = try await Self.build(TestPaths.example(example), temp.url.appendingPathComponent("out"))
        let lines = built.manifest.files.filter { $0.path.hasPrefix("canonical/") }.map { "\($0.path) \($0.size) \($0.sha256)" }
        let text = "canonical \(built.manifest.versions["canonical"] ?? "?")\n" + lines.joined(separator: "\n") + "\n"
        let golden = TestPaths.repoRoot.appendingPathComponent("Tests/GamePackKitTests/Fixtures/golden/canonical-\(example).txt")
        let difference = try Golden.compare(text, to: golden)
        #expect(difference == nil, "\(difference ?? "")")
    }
}
