import Foundation
import GamePackBuild
import GamePackContent
import GamePackLocalization
import GamePackTestSupport
import Testing

/// `l10n export --format po` and the import of PO files: the entries, and untrusted files
/// refused with file, line and reason, nothing written.
@Suite("Localization: gettext PO export and import")
struct POTests {
    /// Imports `text` as the PO file `name` into the project at `root`.
    static func importing(_ text: String, into root: URL, name: String = "nl.po") async throws -> XLIFFImportResult {
        try await POImporter.importPO(Data(text.utf8), name: name, into: try await Project.load(at: root))
    }

    @Test("the fixture's PO: header, msgctxt ids, references, translator comments, fuzzy for stale and identical texts")
    func export() async throws {
        let project = try await Project.load(at: L10n.coverageProject)
        let (po, entries) = try POExporter.export(project: project, locale: "nl")
        #expect(entries == 6)
        #expect(po.contains("\"Language: nl\\n\"\n\"MIME-Version: 1.0\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\""))
        #expect(po.contains("\"X-Gamepack-Project: l10n-fixture\\n\""))
        #expect(
            po.contains(
                """
                # collection: locations
                # item: 1 (Green Trail)
                # field: name
                # length limit: 80 characters
                # review: the English text changed after this translation was made; update it, or confirm it by removing the fuzzy mark
                #: content/locations/1.yaml:4
                #, fuzzy
                msgctxt "locations/1/name"
                msgid "Green Trail"
                msgstr "Groene Pad"

                """), "\(po)")
        // Line breaks split the string after each \n; \r is escaped.
        #expect(
            po.contains(
                "msgctxt \"locations/2/description\"\nmsgid \"\"\n\"Art museum.\\r\\n\"\n\"Open daily.\"\nmsgstr \"\"\n\"Kunstmuseum.\\r\\n\"\n\"Dagelijks open.\"\n"
            ), "\(po)")
        // The identical name is fuzzy too; translated and missing ones are not.
        #expect(po.contains("#, fuzzy\nmsgctxt \"locations/2/name\"\nmsgid \"Rijksmuseum\"\nmsgstr \"Rijksmuseum\"\n"))
        #expect(
            po.contains("#: content/phrases/phrases.yaml:5\nmsgctxt \"phrases/bye/text\"\nmsgid \"Goodbye\"\nmsgstr \"Dag\"\n"))
        #expect(po.contains("msgctxt \"phrases/hello/text\"\nmsgid \"Hello\"\nmsgstr \"\"\n"))
        #expect(po.components(separatedBy: "#, fuzzy\n").count - 1 == 2)
        let missing = try POExporter.export(project: project, locale: "nl", only: .missing)
        #expect(missing.entries == 2)
    }

    @Test("a PO file comes back: new and changed translations written with their source hash, fuzzy ones left alone")
    func roundTrip() async throws {
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(L10n.coverageProject, in: temp)
        var (po, _) = try POExporter.export(project: try await Project.load(at: root), locale: "nl")
        po = po.replacingOccurrences(
            of: "msgctxt \"phrases/hello/text\"\nmsgid \"Hello\"\nmsgstr \"\"",
            with: "msgctxt \"phrases/hello/text\"\nmsgid \"Hello\"\nmsgstr \"Hallo \\\"daar\\\"\"")
        // The stale name: confirmed by removing the fuzzy mark.
        po = po.replacingOccurrences(of: "#, fuzzy\nmsgctxt \"locations/1/name\"", with: "msgctxt \"locations/1/name\"")
        // The identical name gets a new text but stays fuzzy: a draft, not applied.
        po = po.replacingOccurrences(
            of: "msgid \"Rijksmuseum\"\nmsgstr \"Rijksmuseum\"", with: "msgid \"Rijksmuseum\"\nmsgstr \"Rijks Museum\"")
        let before = try L10n.snapshot(root)
        let result = try await Self.importing(po, into: root)
        #expect(!result.refused && result.wrote)
        #expect(result.applied.map(\.id).sorted() == ["locations/1/name", "phrases/hello/text"])
        #expect(result.drafts.map(\.id) == ["locations/2/name"], "the fuzzy new text is a draft")
        #expect(try await LocalizationXLIFFImportTests.texts(root, "nl")["locations/2/name"] == "Rijksmuseum")
        let after = try L10n.snapshot(root)
        #expect(Set(after.keys) == Set(before.keys))
        let phrases = try L10n.read(root, "content/phrases/phrases.yaml")
        #expect(phrases.contains("gamepack:source nl=\(SourceHash.of("Hello"))"), "\(phrases)")
        #expect(try await LocalizationXLIFFImportTests.texts(root, "nl")["phrases/hello/text"] == "Hallo \"daar\"")
        let report = try LocalizationReport(project: try await Project.load(at: root), locales: ["nl"])
        #expect(report.locales.first?.counts.stale == 0 && report.locales.first?.counts.identical == 1)
    }

    /// Every file of the project at `root`, to compare before and after a refused import.
    static func expectRefused(
        _ po: String, into root: URL, line: Int, reason: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws {
        let before = try L10n.snapshot(root)
        do {
            let result = try await Self.importing(po, into: root)
            #expect(result.refused && !result.wrote, "\(result)", sourceLocation: sourceLocation)
            let units = result.unknownUnits + result.sourceChanged
            #expect(units.contains { $0.line == line }, "\(units)", sourceLocation: sourceLocation)
            #expect(reason.isEmpty || (reason == "unknown" ? !result.unknownUnits.isEmpty : !result.sourceChanged.isEmpty))
        } catch let error as LocalizationError {
            let text = "\(error)"
            #expect(text.contains("nl.po:\(line):"), "\(text)", sourceLocation: sourceLocation)
            #expect(text.contains(reason), "\(text)", sourceLocation: sourceLocation)
        }
        #expect(try L10n.snapshot(root) == before, "nothing is written", sourceLocation: sourceLocation)
    }

    @Test(
        "untrusted PO: unknown msgctxt, stale msgid, plural, broken escape, wrong charset, over the cap; refused, nothing written"
    )
    func badInput() async throws {
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(L10n.coverageProject, in: temp)
        let (po, _) = try POExporter.export(project: try await Project.load(at: root), locale: "nl")
        let lines = po.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func line(of text: String) throws -> Int { try #require(lines.firstIndex(of: text)) + 1 }
        // Each case also translates "Hello", which must not be written either.
        let base = po.replacingOccurrences(of: "msgid \"Hello\"\nmsgstr \"\"", with: "msgid \"Hello\"\nmsgstr \"Hallo\"")

        try await Self.expectRefused(
            base.replacingOccurrences(of: "msgctxt \"phrases/bye/text\"", with: "msgctxt \"phrases/gone/text\""), into: root,
            line: try line(of: "msgctxt \"phrases/bye/text\""), reason: "unknown")
        try await Self.expectRefused(
            base.replacingOccurrences(of: "msgid \"Goodbye\"", with: "msgid \"Good bye\""), into: root,
            line: try line(of: "msgctxt \"phrases/bye/text\""), reason: "stale")
        let byeString = try line(of: "msgstr \"Dag\"")
        try await Self.expectRefused(
            base.replacingOccurrences(of: "msgstr \"Dag\"", with: "msgid_plural \"Goodbyes\"\nmsgstr[0] \"Dag\""), into: root,
            line: byeString, reason: "plural form")
        try await Self.expectRefused(
            base.replacingOccurrences(of: "msgstr \"Dag\"", with: "msgstr \"Dag\\q\""), into: root, line: byeString,
            reason: "broken escape")
        try await Self.expectRefused(
            base.replacingOccurrences(of: "msgstr \"Dag\"", with: "msgstr \"Dag"), into: root, line: byeString,
            reason: "no closing quote")
        try await Self.expectRefused(
            base.replacingOccurrences(of: "charset=UTF-8", with: "charset=ISO-8859-1"), into: root,
            line: try line(of: "msgid \"\""), reason: "charset=ISO-8859-1")

        // Over the size cap: refused before it is read.
        let big = temp.url.appendingPathComponent("big.po")
        FileManager.default.createFile(atPath: big.path, contents: Data(base.utf8))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(XLIFFImporter.maxFileBytes) + 1)
        try handle.close()
        let before = try L10n.snapshot(root)
        await #expect(throws: LocalizationError.self) {
            _ = try await POImporter.importFile(at: big, into: try await Project.load(at: root))
        }
        do {
            _ = try await POImporter.importFile(at: big, into: try await Project.load(at: root))
        } catch {
            #expect("\(error)".contains("big.po") && "\(error)".contains("over the"), "\(error)")
        }
        #expect(try L10n.snapshot(root) == before)

        // Poedit's `Language: nl_NL` is the project's `nl`.
        let poedit = try await Self.importing(
            base.replacingOccurrences(of: "Language: nl\\n", with: "Language: nl_NL\\n"), into: root)
        #expect(poedit.locale == "nl" && poedit.applied.map(\.id) == ["phrases/hello/text"], "\(poedit)")

        // A PO file for another project.
        await #expect(throws: LocalizationError.wrongProject(file: "nl.po", found: "other", expected: "l10n-fixture")) {
            _ = try await Self.importing(
                base.replacingOccurrences(of: "X-Gamepack-Project: l10n-fixture", with: "X-Gamepack-Project: other"), into: root)
        }
    }
}
