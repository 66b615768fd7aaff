import Foundation
import GamePackBuild
import GamePackContent
import GamePackLint
import GamePackTestSupport
import Testing

/// Every lint rule's examples are linted: a triggering example reports the rule exactly where
/// its `↓` markers stand, a non-triggering one never. What the markers cannot say (a finding in
/// a base file or an asset, a finding without a place, a case beyond the examples) has a fixture
/// under `Fixtures/lint/rules/<rule>/`: files laid over the clean `Fixtures/lint/base/` project,
/// an optional `setup` (symlink, truncate, copy) and `expected`, the exact findings as
/// `file:line:col rule`.
@Suite("Lint rules")
struct LintRuleTests {
    static let lintFixtures = TestPaths.fixtures("GamePackKitTests").appendingPathComponent("lint")

    @Test("the clean base project has no findings")
    func cleanBase() async throws {
        let findings = try await lintSummary(of: Self.lintFixtures.appendingPathComponent("base"))
        #expect(findings == [])
    }

    /// The rules with a fixture folder.
    static let fixtureRules = LintRule.allCases.filter {
        FileManager.default.fileExists(atPath: lintFixtures.appendingPathComponent("rules/\($0.rawValue)").path)
    }

    @Test("each fixture's rule fires exactly where the fixture expects", arguments: fixtureRules)
    func ruleFixture(_ rule: LintRule) async throws {
        let folder = Self.lintFixtures.appendingPathComponent("rules/\(rule.rawValue)")
        let temp = try TemporaryDirectory()
        let project = try temp.copy(Self.lintFixtures.appendingPathComponent("base"), as: "project")
        try overlay(folder, onto: project)
        let expected = try String(contentsOf: folder.appendingPathComponent("expected"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty }.sorted()
        #expect(expected.contains { $0.hasSuffix(" \(rule.rawValue)") }, "the fixture must expect its own rule")
        let actual = try await lintSummary(of: project)
        #expect(actual == expected)
    }

    @Test("each rule's examples fire exactly where their ↓ markers stand, or stay quiet", arguments: LintRule.allCases)
    func ruleExamples(_ rule: LintRule) async throws {
        let examples = rule.definition.examples
        #expect(examples.contains { $0.triggers }, "rule \(rule.rawValue) has no triggering example")
        #expect(examples.contains { !$0.triggers }, "rule \(rule.rawValue) has no non-triggering example")
        #expect(
            examples.contains { !$0.markedPlaces.isEmpty } || Self.fixtureRules.contains(rule),
            "rule \(rule.rawValue): mark its findings with ↓ in a triggering example, or give it a fixture")
        for (index, example) in examples.enumerated() {
            let temp = try TemporaryDirectory()
            let project = try temp.copy(Self.lintFixtures.appendingPathComponent("base"), as: "project")
            for (path, text) in example.files {
                try temp.write(text, to: "project/\(path)")
            }
            try runSetup(example.setup, in: project)
            let diagnostics = await Linter.lint(try await Project.load(at: project))
            let own = diagnostics.filter { $0.rule == rule.rawValue }
            let findings = diagnostics.map { "\($0.location.map { "\($0)" } ?? "-") \($0.rule): \($0.message)" }
            #expect(
                own.isEmpty != example.triggers,
                "example \(index + 1) of \(rule.rawValue) should \(example.triggers ? "" : "not ")fire; findings: \(findings)")
            if !example.markedPlaces.isEmpty {
                #expect(
                    own.map { $0.location.map { "\($0)" } ?? "-" }.sorted() == example.markedPlaces,
                    "example \(index + 1) of \(rule.rawValue) should fire where its markers stand; findings: \(findings)")
            }
            #expect(
                example.markedFiles.values.allSatisfy { !$0.contains(LintExample.marker) } || example.triggers,
                "example \(index + 1) of \(rule.rawValue) marks a place but does not trigger")
            if let fix = example.fix {
                #expect(
                    own.contains { $0.fix == fix },
                    "example \(index + 1) of \(rule.rawValue) should offer the fix \(fix); offered: \(own.map(\.fix))")
            }
        }
    }

    /// Copies the fixture's files over the project and runs its `setup` lines.
    func overlay(_ fixture: URL, onto project: URL) throws {
        let fm = FileManager.default
        let enumerator = fm.enumerator(at: fixture, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(fixture.standardizedFileURL.path.count + 1))
            if relative == "expected" || relative == "setup" { continue }
            let destination = project.appendingPathComponent(relative)
            try fm.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? fm.removeItem(at: destination)
            try fm.copyItem(at: url, to: destination)
        }
        let setup = fixture.appendingPathComponent("setup")
        guard let text = try? String(contentsOf: setup, encoding: .utf8) else { return }
        try runSetup(text.split(separator: "\n").map(String.init), in: project)
    }

    /// Runs `setup` commands (`symlink LINK DESTINATION`, `truncate FILE BYTES`, `copy FROM TO`)
    /// in `project`.
    func runSetup(_ lines: [String], in project: URL) throws {
        let fm = FileManager.default
        for line in lines {
            let words = line.split(separator: " ").map(String.init)
            switch words[0] {
            case "symlink":
                try fm.createSymbolicLink(atPath: project.appendingPathComponent(words[1]).path, withDestinationPath: words[2])
            case "truncate":
                let url = project.appendingPathComponent(words[1])
                let data = try Data(contentsOf: url).prefix(Int(words[2])!)
                try data.write(to: url)
            case "copy":
                let destination = project.appendingPathComponent(words[2])
                try? fm.removeItem(at: destination)
                try fm.copyItem(at: project.appendingPathComponent(words[1]), to: destination)
            default:
                Issue.record("unknown setup command \(words[0])")
            }
        }
    }

    @Test("a rule turned off in gamepack.yaml reports nothing; a changed severity is used")
    func ruleSettings() async throws {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(Self.lintFixtures.appendingPathComponent("base"), as: "project")
        try temp.write(
            "id: 1\nname: {en: Art Lover, nl: Art Lover}\nimage: badges/art-lover.png\n", to: "project/content/rewards/1.yaml")
        try temp.write("extra", to: "project/assets/extra.txt")
        let loaded = try await Project.load(at: project)
        let before = await Linter.lint(loaded)
        #expect(before.map(\.rule).sorted() == ["identical-translation", "unused-asset"])
        #expect(before.allSatisfy { $0.severity == .warning })

        var config = try String(contentsOf: project.appendingPathComponent("gamepack.yaml"), encoding: .utf8)
        config += "  rules:\n    identical-translation: off\n    unused-asset: error\n"
        try temp.write(config, to: "project/gamepack.yaml")
        let after = await Linter.lint(try await Project.load(at: project))
        #expect(after.map(\.rule) == ["unused-asset"])
        #expect(after.first?.severity == .error)
    }

    @Test("a file that fails to load is the only finding: no dangling references into it, no unused assets")
    func noCascadeFromUnloadedFile() async throws {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(Self.lintFixtures.appendingPathComponent("base"), as: "project")
        let location = project.appendingPathComponent("content/locations/1.yaml")
        let text = try String(contentsOf: location, encoding: .utf8)
        try (text + "broken: [unclosed\n").write(to: location, atomically: true, encoding: .utf8)
        let findings = try await lintSummary(of: project)
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.hasPrefix("content/locations/1.yaml:") == true)
        #expect(findings.first?.hasSuffix(" syntax") == true)

        // Once it loads, a reference to a missing location is reported again.
        try text.write(to: location, atomically: true, encoding: .utf8)
        let routes = project.appendingPathComponent("content/routes/1.yaml")
        let route = try String(contentsOf: routes, encoding: .utf8)
        let changed = route.replacingOccurrences(of: "waypoints: [", with: "waypoints: [99, ")
        #expect(changed != route)
        try changed.write(to: routes, atomically: true, encoding: .utf8)
        #expect(try await lintSummary(of: project).contains { $0.hasSuffix(" dangling-reference") })
    }

    @Test("waypoint distance limit comes from gamepack.yaml")
    func waypointLimit() async throws {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(Self.lintFixtures.appendingPathComponent("base"), as: "project")
        // The base's two waypoints are 310 m apart.
        try temp.write(
            "id: lint-base\nname: Lint Base\nlocales: [en, nl]\nlint:\n  waypoint_max_meters: 200\n", to: "project/gamepack.yaml")
        let findings = try await lintSummary(of: project)
        #expect(findings == ["content/routes/1.yaml:5:16 waypoint-distance"])
    }

    @Test("suggestions name the closest spelling and the nearest existing id")
    func suggestions() {
        #expect(Suggestions.closest(to: "descripton", among: ["name", "description", "image"]) == "description")
        #expect(Suggestions.closest(to: "zzz", among: ["name", "description"]) == nil)
        #expect(Suggestions.editDistance("kitten", "sitting") == 3)
    }
}
