import Foundation
import GamePackBuild
import GamePackContent
import GamePackKit
import GamePackTestSupport
import Testing

/// One reported change in the compact form the tests compare: what CI scripts read.
struct ChangeLine: Hashable, Comparable, CustomStringConvertible, Decodable {
    var collection: String
    var id: String
    var change: String
    var `class`: String
    var fields: [String]

    static func < (a: ChangeLine, b: ChangeLine) -> Bool {
        (a.collection, ItemID(a.id), a.change) < (b.collection, ItemID(b.id), b.change)
    }

    var description: String { "\(collection)/\(id) \(change) \(self.class) [\(fields.joined(separator: ","))]" }

    init(_ collection: String, _ id: String, _ change: String, _ changeClass: String, _ fields: [String]) {
        self.collection = collection
        self.id = id
        self.change = change
        self.class = changeClass
        self.fields = fields
    }

    init(_ item: ItemChange) {
        self.init(item.collection, item.id, item.change.rawValue, item.class.rawValue, item.fields)
    }
}

enum DiffTesting {
    /// The project's Go Take a Hike! fixtures (scripts/make-fixtures.py): an early unversioned
    /// iOS bundle, a versioned v1 file and its next version v2.
    static let ios = LegacyFixtures.gohikeIOS.path
    static let v1 = LegacyFixtures.gohikeV1.path
    static let v2 = LegacyFixtures.gohikeV2.path

    /// Loads both inputs and compares them.
    static func diff(_ old: DiffInput, _ new: DiffInput, collections: [String] = []) async throws -> DiffReport {
        let before = try await SnapshotLoader.load(old)
        let after = try await SnapshotLoader.load(new)
        return try await DiffEngine.compare(before, after, options: DiffOptions(collections: collections))
    }

    static func diff(_ old: String, _ new: String) async throws -> DiffReport {
        try await diff(.path(old), .path(new))
    }

    /// The report's changes in compact form, sorted.
    static func lines(_ report: DiffReport) -> [ChangeLine] { report.items.map(ChangeLine.init).sorted() }

    /// Runs `python3` with `arguments`; fails the test when it fails.
    @discardableResult
    static func python(_ arguments: [String]) throws -> String {
        let result = try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3"] + arguments)
        #expect(result.status == 0, "python3 \(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout
    }

    /// A small generated project `a` in `temp` (generate.py), and a copy `name` changed by
    /// mutate.py with the given extra arguments; returns the copy and the changes mutate.py made.
    static func generatedPair(in temp: TemporaryDirectory, name: String = "b", arguments: [String] = [], seed: Int = 1)
        throws -> (URL, URL, [ChangeLine])
    {
        let a = temp.url.appendingPathComponent("a")
        if !FileManager.default.fileExists(atPath: a.path) {
            try python([
                TestPaths.repoRoot.appendingPathComponent("benchmarks/generate.py").path, a.path, "--items", "300",
                "--images", "30", "--image-bytes", "2000", "--seed", String(seed),
            ])
        }
        let b = temp.url.appendingPathComponent(name)
        let expected = temp.url.appendingPathComponent("\(name).expected.json")
        try python(
            [
                TestPaths.repoRoot.appendingPathComponent("benchmarks/mutate.py").path, a.path, b.path, "--expected",
                expected.path, "--seed", String(seed),
            ] + arguments)
        let lines = try JSONDecoder().decode([ChangeLine].self, from: Data(contentsOf: expected)).sorted()
        return (a, b, lines)
    }
}
