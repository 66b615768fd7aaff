import Foundation
import GamePackBuild
import GamePackTestSupport
import Testing

@testable import GamePackContent
@testable import GamePackLocalization

/// `TranslationFallback.missing` skips the full inventory when a quick walk finds every
/// translation present; the walk must never miss a gap the inventory would report.
@Suite("Localization: missing translations")
struct TranslationFallbackTests {
    static let complete = """
        id: 1
        name: {en: "Green Trail", nl: "Groene Pad"}
        description:
          en: "A walk through the park."
          nl: "Een wandeling door het park."
        position: {latitude: 52.35, longitude: 4.89}

        """

    /// A two-locale project whose one location is `location`.
    static func project(_ location: String, in temp: TemporaryDirectory) async throws -> Project {
        let root = temp.url.appendingPathComponent("p-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("content/locations"), withIntermediateDirectories: true)
        try Data("id: fallback-test\nname: Fallback test\nlocales: [en, nl]\n".utf8).write(
            to: root.appendingPathComponent("gamepack.yaml"))
        try Data(location.utf8).write(to: root.appendingPathComponent("content/locations/1.yaml"))
        return try await Project.load(at: root)
    }

    @Test("a fully translated project has none, and the quick walk says so")
    func complete() async throws {
        let temp = try TemporaryDirectory()
        let project = try await Self.project(Self.complete, in: temp)
        #expect(project.diagnostics.isEmpty, "\(project.diagnostics)")
        #expect(!(await TranslationFallback.mayMiss(in: project, locales: ["nl"])))
        #expect(await TranslationFallback.missing(in: project).isEmpty)
    }

    @Test("the quick walk, made in runs on all cores, finds one gap wherever it is among many items", arguments: [0, 150, 299])
    func gapAmongMany(at gap: Int) async throws {
        let temp = try TemporaryDirectory()
        var project = try await Self.project(Self.complete, in: temp)
        let item = project.items[0]
        project.items = (0..<300).map { _ in item }
        #expect(!(await TranslationFallback.mayMiss(in: project, locales: ["nl"])))
        let gappy = try await Self.project(
            Self.complete.replacingOccurrences(of: "nl: \"Groene Pad\"", with: "nl: \"\""), in: temp)
        project.items[gap] = gappy.items[0]
        // More items than runs: the gap is in the first, a middle or the last run.
        #expect([ContentItem].runs(count: 300, cores: ProcessInfo.processInfo.activeProcessorCount).count > 2)
        #expect(await TranslationFallback.mayMiss(in: project, locales: ["nl"]))
    }

    @Test(
        "every kind of gap is found, at the translation's place",
        arguments: [
            ("nl: \"Een wandeling door het park.\"", "nl: \"\"", 5),
            ("nl: \"Een wandeling door het park.\"", "nl: \"   \"", 5),
            ("nl: \"Een wandeling door het park.\"", "nl: null", 5),
            ("nl: \"Een wandeling door het park.\"", "de: \"Ein Spaziergang.\"", 4),
        ])
    func gaps(replacing: String, with replacement: String, line: Int) async throws {
        let temp = try TemporaryDirectory()
        let project = try await Self.project(Self.complete.replacingOccurrences(of: replacing, with: replacement), in: temp)
        #expect(await TranslationFallback.mayMiss(in: project, locales: ["nl"]))
        let missing = await TranslationFallback.missing(in: project)
        #expect(missing.map(\.field) == ["description"])
        #expect(missing.map(\.locale) == ["nl"])
        #expect(missing.first?.location.line == line)
    }

    @Test("a plain string (default locale only) is a gap")
    func plainString() async throws {
        let temp = try TemporaryDirectory()
        let project = try await Self.project(
            Self.complete.replacingOccurrences(of: "name: {en: \"Green Trail\", nl: \"Groene Pad\"}", with: "name: Green Trail"),
            in: temp)
        #expect(await TranslationFallback.mayMiss(in: project, locales: ["nl"]))
        #expect(await TranslationFallback.missing(in: project).map(\.field) == ["name"])
    }

    @Test("the fixture's gaps are those of the full inventory")
    func fixture() async throws {
        let project = try await Project.load(at: L10n.coverageProject)
        let inventory = TranslationInventory(project: project)
        let expected = inventory.translationLocales.flatMap { locale in
            inventory.fields.filter { ($0.texts[locale]?.text ?? "").trimmedWhitespace.isEmpty }.map {
                $0.state(for: locale).unitID + "." + locale
            }
        }
        #expect(!expected.isEmpty)
        #expect(await TranslationFallback.missing(in: project).map { $0.unitID + "." + $0.locale } == expected)
    }
}
