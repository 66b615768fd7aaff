import Foundation
import GamePackKit
import GamePackTestSupport
import Testing

/// What translators' tools see in gamepack's exports: translate-toolkit's `pocount`, `xliff2po`
/// and `po2xliff` (the converters Pootle, Weblate and Virtaal users run), read as they run them.
@Suite("Localization: translate-toolkit reads the exports as gamepack means them", .tags(.python), .requires(.translateToolkit))
struct TranslateToolkitTests {
    /// `pocount`'s figures for one file, from translate-toolkit's own counting function.
    static func pocount(_ file: URL) throws -> [String: Int] {
        let python = try #require(try L10n.pythonWithTranslateToolkit())
        let script = """
            import json, sys
            from translate.tools import pocount
            stats = pocount.calcstats(sys.argv[1])
            print(json.dumps({k: stats[k] for k in ("translated", "fuzzy", "untranslated", "review", "total")}))
            """
        let run = try CommandRunner.run(python, ["-c", script, file.path])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Int])
    }

    /// A `python3 -c` script that runs one of translate-toolkit's converters (`xliff2po`,
    /// `po2xliff`) with the arguments after it, as its command does.
    static func converter(_ name: String) -> String {
        "import sys; from translate.convert import \(name); \(name).main(sys.argv[1:])"
    }

    /// The fixture's Dutch counts as `l10n status` gives them.
    static func status(_ project: Project, _ locale: String) throws -> TranslationCounts {
        let report = try LocalizationReport(project: project, locales: [locale])
        return try #require(report.locales.first?.counts)
    }

    @Test("pocount on an XLIFF export: translated, fuzzy (stale + identical), untranslated and to-review agree with l10n status")
    func pocountAgreesOnXLIFF() async throws {
        let temp = try TemporaryDirectory()
        for (project, locale) in [
            (try await Project.load(at: L10n.coverageProject), "nl"), (try await Project.load(at: L10n.coverageProject), "de"),
            (try await Project.load(at: TestPaths.example("gohike-amsterdam")), "nl"),
        ] {
            let counts = try Self.status(project, locale)
            let file = try temp.write(try XLIFFExporter.export(project: project, locale: locale), to: "\(locale).xlf")
            let stats = try Self.pocount(file)
            #expect(stats["translated"] == counts.translated, "\(locale): \(stats) vs \(counts)")
            #expect(stats["untranslated"] == counts.missing, "\(locale): \(stats) vs \(counts)")
            #expect(stats["review"] == counts.stale, "\(locale): \(stats) vs \(counts)")
            #expect(stats["fuzzy"] == counts.stale + counts.identical, "\(locale): \(stats) vs \(counts)")
            #expect(stats["total"] == counts.total)
        }
        // The fixture has one of each, so no count agrees by accident of being zero.
        let nl = try Self.status(try await Project.load(at: L10n.coverageProject), "nl")
        #expect(nl.translated == 2 && nl.missing == 2 && nl.stale == 1 && nl.identical == 1)
    }

    @Test("xliff2po keeps each unit's place (file and line of its field) as the PO reference")
    func xliff2poKeepsPlaces() async throws {
        let temp = try TemporaryDirectory()
        let project = try await Project.load(at: L10n.coverageProject)
        let xliff = try temp.write(try XLIFFExporter.export(project: project, locale: "nl"), to: "nl.xlf")
        let python = try #require(try L10n.pythonWithTranslateToolkit())
        let po = temp.url.appendingPathComponent("nl.po")
        let convert = try CommandRunner.run(python, ["-c", Self.converter("xliff2po"), xliff.path, po.path])
        #expect(convert.status == 0, "\(convert.stderr)")
        let text = try String(contentsOf: po, encoding: .utf8)
        let inventory = TranslationInventory(project: project)
        for field in inventory.fields {
            let line = try #require(field.line)
            #expect(text.contains("#: \(field.file):\(line)\n"), "\(field.unitID) has no reference in\n\(text)")
        }
        #expect(text.contains("#: content/locations/1.yaml:4\n#, fuzzy\nmsgid \"Green Trail\""), "\(text)")
    }
}
