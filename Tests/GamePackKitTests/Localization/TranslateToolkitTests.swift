import Foundation
import GamePackBuild
import GamePackContent
import GamePackLocalization
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

    @Test("pocount on a PO export: translated, fuzzy (stale + identical) and untranslated agree with l10n status")
    func pocountAgreesOnPO() async throws {
        let temp = try TemporaryDirectory()
        for (project, locale) in [
            (try await Project.load(at: L10n.coverageProject), "nl"), (try await Project.load(at: L10n.coverageProject), "de"),
            (try await Project.load(at: TestPaths.example("gohike-amsterdam")), "nl"),
        ] {
            let counts = try Self.status(project, locale)
            let file = try temp.write(try POExporter.export(project: project, locale: locale).text, to: "\(locale).po")
            let stats = try Self.pocount(file)
            #expect(stats["translated"] == counts.translated, "\(locale): \(stats) vs \(counts)")
            #expect(stats["untranslated"] == counts.missing, "\(locale): \(stats) vs \(counts)")
            #expect(stats["fuzzy"] == counts.stale + counts.identical, "\(locale): \(stats) vs \(counts)")
            #expect(stats["total"] == counts.total)
        }
    }

    /// Every line of a file that does not mention the locale `nl`, in order: what an import
    /// into `nl` must leave byte for byte.
    static func linesWithoutNL(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("nl:") && !$0.contains("nl=") }
    }

    /// Checks that the project at `root` differs from `before` only in its Dutch texts (and their
    /// hash comments), and that the Dutch texts are `expected`.
    static func expectOnlyTargetsChanged(
        _ root: URL, before: [String: Data], expected: [String: String?],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws {
        let after = try L10n.snapshot(root)
        #expect(Set(after.keys) == Set(before.keys), sourceLocation: sourceLocation)
        for (path, data) in before {
            let old = String(decoding: data, as: UTF8.self), new = String(decoding: after[path] ?? Data(), as: UTF8.self)
            #expect(Self.linesWithoutNL(old) == Self.linesWithoutNL(new), "\(path)\n\(new)", sourceLocation: sourceLocation)
        }
        let project = try await Project.load(at: root)
        for field in TranslationInventory(project: project).fields {
            #expect(field.texts["nl"]?.text == expected[field.unitID] ?? nil, "\(field.unitID)", sourceLocation: sourceLocation)
            // The other locales read back exactly as before.
        }
        let original = try await Project.load(at: L10n.coverageProject)
        let de = TranslationInventory(project: original).fields.map { $0.texts["de"]?.text }
        #expect(TranslationInventory(project: project).fields.map { $0.texts["de"]?.text } == de, sourceLocation: sourceLocation)
    }

    /// The polib script that fills every empty msgstr with `NL:` and its msgid (a translator in
    /// Poedit), then saves the file in polib's own layout. It leaves "Hello" alone: the fixture's
    /// one plain-string text (`text: Hello`), which a first translation turns into a map of
    /// locales, so its line changes by design.
    static let polibEdit = """
        import sys, polib
        po = polib.pofile(sys.argv[1])
        for entry in po:
            if not entry.msgstr and entry.msgid != "Hello":
                entry.msgstr = "NL: " + entry.msgid
        po.save(sys.argv[2])
        """

    @Test(
        "a PO export edited by polib comes back: only the Dutch texts change, byte for byte", .requires(.polib))
    func polibRoundTrip() async throws {
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(L10n.coverageProject, in: temp)
        let before = try L10n.snapshot(root)
        let exported = try temp.write(
            try POExporter.export(project: try await Project.load(at: root), locale: "nl").text, to: "nl.po")
        let python = try #require(try L10n.pythonWithTranslateToolkit())
        let edited = temp.url.appendingPathComponent("edited.po")
        let edit = try CommandRunner.run(python, ["-c", Self.polibEdit, exported.path, edited.path])
        #expect(edit.status == 0, "\(edit.stderr)")
        let result = try await POImporter.importFile(at: edited, into: try await Project.load(at: root))
        #expect(!result.refused && result.wrote, "\(result)")
        #expect(result.applied.map(\.id) == ["locations/1/description"])
        try await Self.expectOnlyTargetsChanged(
            root, before: before,
            expected: [
                "locations/1/name": "Groene Pad", "locations/1/description": "NL: A walk through the park.",
                "locations/2/name": "Rijksmuseum", "locations/2/description": "Kunstmuseum.\r\nDagelijks open.",
                "phrases/hello/text": nil, "phrases/bye/text": "Dag",
            ])
    }

    @Test(
        "xliff2po, a translator's polib edit, then po2xliff -t with the export as template: every unit finds its field again",
        .requires(.polib))
    func xliff2poThenPo2xliff() async throws {
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(L10n.coverageProject, in: temp)
        let before = try L10n.snapshot(root)
        let project = try await Project.load(at: root)
        let xliff = try temp.write(try XLIFFExporter.export(project: project, locale: "nl"), to: "nl.xlf")
        let python = try #require(try L10n.pythonWithTranslateToolkit())
        let po = temp.url.appendingPathComponent("nl.po"), edited = temp.url.appendingPathComponent("edited.po")
        let back = temp.url.appendingPathComponent("back.xlf"), plain = temp.url.appendingPathComponent("plain.xlf")
        for (arguments, what) in [
            (["-c", Self.converter("xliff2po"), xliff.path, po.path], "xliff2po"),
            (["-c", Self.polibEdit, po.path, edited.path], "polib"),
            (["-c", Self.converter("po2xliff"), "-t", xliff.path, edited.path, back.path], "po2xliff -t"),
            (["-c", Self.converter("po2xliff"), edited.path, plain.path], "po2xliff"),
        ] {
            let run = try CommandRunner.run(python, arguments)
            #expect(run.status == 0, "\(what): \(run.stderr)")
        }
        // xliff2po's PO itself (no msgctxt, no Language): every entry found by its reference.
        let direct = try await POImporter.importFile(at: edited, into: project, locale: "nl", dryRun: true)
        #expect(direct.unknownUnits.isEmpty && direct.sourceChanged.isEmpty, "\(direct)")
        #expect(direct.applied.map(\.id) == ["locations/1/description"])
        // po2xliff alone writes XLIFF 1.1 without ids: read, every unit matched by its place.
        let plainText = try String(contentsOf: plain, encoding: .utf8)
        #expect(plainText.contains("urn:oasis:names:tc:xliff:document:1.1"))
        let dry = try await XLIFFImporter.importFile(at: plain, into: project, locale: "nl", dryRun: true)
        #expect(dry.unknownUnits.isEmpty && dry.sourceChanged.isEmpty, "\(dry)")
        #expect(dry.applied.map(\.id) == ["locations/1/description"])

        let result = try await XLIFFImporter.importFile(at: back, into: project)
        #expect(result.unknownUnits.isEmpty && result.sourceChanged.isEmpty, "\(result)")
        #expect(result.wrote)
        #expect(result.applied.map(\.id) == ["locations/1/description"])
        try await Self.expectOnlyTargetsChanged(
            root, before: before,
            expected: [
                "locations/1/name": "Groene Pad", "locations/1/description": "NL: A walk through the park.",
                "locations/2/name": "Rijksmuseum", "locations/2/description": "Kunstmuseum.\r\nDagelijks open.",
                "phrases/hello/text": nil, "phrases/bye/text": "Dag",
            ])
        // Still stale and still an unconfirmed copy: fuzzy in the PO, so not confirmed.
        let counts = try Self.status(try await Project.load(at: root), "nl")
        #expect(counts.stale == 1 && counts.identical == 1 && counts.translated == 3 && counts.missing == 1, "\(counts)")
    }
}
