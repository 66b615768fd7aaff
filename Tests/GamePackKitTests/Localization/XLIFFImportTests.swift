import Foundation
import GamePackBuild
import GamePackTestSupport
import Testing

@testable import GamePackContent
@testable import GamePackLint
@testable import GamePackLocalization

@Suite("Localization: XLIFF import")
struct LocalizationXLIFFImportTests {
    /// `xliff` with the target of unit `id` set to `text` (escaped as the exporter does) and
    /// its state to `state`.
    static func setTarget(_ xliff: String, _ id: String, _ text: String, state: String = "translated") -> String {
        guard let unit = xliff.range(of: "<trans-unit id=\"\(id)\""),
            let open = xliff.range(of: "<target", range: unit.upperBound..<xliff.endIndex),
            let close = xliff.range(of: "</target>", range: open.upperBound..<xliff.endIndex)
        else {
            Issue.record("no unit \(id)")
            return xliff
        }
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\r", with: "&#13;")
        return xliff.replacingCharacters(
            in: open.lowerBound..<close.upperBound, with: "<target state=\"\(state)\">\(escaped)</target>")
    }

    static func importing(_ xliff: String, into root: URL, locale: String? = nil, dryRun: Bool = false) async throws
        -> XLIFFImportResult
    {
        let project = try await Project.load(at: root)
        return try await XLIFFImporter.importXLIFF(
            Data(xliff.utf8), name: "nl.xlf", into: project, locale: locale, dryRun: dryRun)
    }

    static func texts(_ root: URL, _ locale: String) async throws -> [String: String] {
        let project = try await Project.load(at: root)
        var result: [String: String] = [:]
        for field in TranslationInventory(project: project).fields { result[field.unitID] = field.texts[locale]?.text }
        return result
    }

    // MARK: Editing the YAML in place

    @Test("block maps, flow maps, plain strings and list files are edited in place, comments kept")
    func editsInPlace() async throws {
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(L10n.coverageProject, in: temp)
        var project = try await Project.load(at: root)
        var xliff = try XLIFFExporter.export(project: project, locale: "nl")
        xliff = Self.setTarget(xliff, "locations/1/name", "Groene Route")
        xliff = Self.setTarget(xliff, "locations/1/description", "Een wandeling door het park.")
        xliff = Self.setTarget(xliff, "locations/2/name", "Rijksmuseum Amsterdam")
        xliff = Self.setTarget(xliff, "locations/2/description", "Kunstmuseum.\r\nElke dag open.")
        xliff = Self.setTarget(xliff, "phrases/hello/text", "Hallo \"daar\"\\ \t!")
        // phrases/bye/text stays "Dag", translated and current: unchanged.
        let result = try await Self.importing(xliff, into: root)
        #expect(result.locale == "nl")
        #expect(
            result.applied.map(\.id) == [
                "locations/1/name", "locations/1/description", "locations/2/name", "locations/2/description",
                "phrases/hello/text",
            ])
        #expect(result.unchanged.map(\.id) == ["phrases/bye/text"])
        #expect(result.unknownUnits.isEmpty && result.sourceChanged.isEmpty && result.untranslated.isEmpty)
        #expect(result.changedFiles == ["content/locations/1.yaml", "content/locations/2.yaml", "content/phrases/phrases.yaml"])
        #expect(result.wrote)

        #expect(
            try L10n.read(root, "content/locations/1.yaml") == """
                # Block maps. The Dutch name was made from "Old Trail" (stale), the German one from the
                # current text; the Dutch description is empty and the German one absent (both missing).
                id: 1
                name:
                  en: "Green Trail"
                  nl: "Groene Route"  # gamepack:source nl=ea336291
                  de: "Grüner Pfad"  # gamepack:source de=ea336291
                description:
                  en: "A walk through the park."
                  nl: "Een wandeling door het park."  # gamepack:source nl=\(SourceHash.of("A walk through the park."))
                position: {latitude: 52.35, longitude: 4.89}

                """)
        #expect(
            try L10n.read(root, "content/locations/2.yaml") == """
                # Flow maps. The name is the same in every language (identical); the Dutch description is
                # tracked and current, the German one missing.
                id: 2
                name: {en: Rijksmuseum, nl: "Rijksmuseum Amsterdam", de: Rijksmuseum}  # gamepack:source nl=\(SourceHash.of("Rijksmuseum"))
                description: {en: "Art museum.\\r\\nOpen daily.", nl: "Kunstmuseum.\\r\\nElke dag open."}  # gamepack:source nl=a89c337e
                position: {latitude: 52.36, longitude: 4.885}

                """)
        #expect(
            try L10n.read(root, "content/phrases/phrases.yaml") == """
                # Several items in one list file; "hello" is a plain string (default locale only).
                - id: hello
                  text:
                    en: "Hello"
                    nl: "Hallo \\"daar\\"\\\\ \\t!"  # gamepack:source nl=\(SourceHash.of("Hello"))
                - id: bye
                  text: {en: Goodbye, nl: Dag}  # gamepack:source nl=c015ad6d

                """)

        // The translations read back exactly, and nl has no stale or missing text left.
        let nl = try await Self.texts(root, "nl")
        #expect(nl["locations/2/description"] == "Kunstmuseum.\r\nElke dag open.")
        #expect(nl["phrases/hello/text"] == "Hallo \"daar\"\\ \t!")
        project = try await Project.load(at: root)
        let coverage = try LocalizationReport(project: project).coverage(of: "nl")!
        #expect(coverage.counts.translated == 6)
        #expect(coverage.counts.percentTranslated == 100)

        // German: new lines and entries are added where the locale is absent.
        var german = try XLIFFExporter.export(project: project, locale: "de", only: .missing)
        german = Self.setTarget(german, "locations/1/description", "Ein Spaziergang durch den Park.")
        german = Self.setTarget(german, "locations/2/description", "Kunstmuseum.\r\nTäglich geöffnet.")
        german = Self.setTarget(german, "phrases/hello/text", "Hallo")
        german = Self.setTarget(german, "phrases/bye/text", "Tschüss")
        let germanResult = try await Self.importing(german, into: root)
        #expect(germanResult.applied.count == 4)
        let one = try L10n.read(root, "content/locations/1.yaml")
        #expect(
            one.contains(
                """
                  nl: "Een wandeling door het park."  # gamepack:source nl=\(SourceHash.of("A walk through the park."))
                  de: "Ein Spaziergang durch den Park."  # gamepack:source de=\(SourceHash.of("A walk through the park."))
                position:
                """))
        let two = try L10n.read(root, "content/locations/2.yaml")
        #expect(
            two.contains(
                """
                description: {en: "Art museum.\\r\\nOpen daily.", nl: "Kunstmuseum.\\r\\nElke dag open.", de: "Kunstmuseum.\\r\\nTäglich geöffnet."}  # gamepack:source nl=a89c337e de=a89c337e
                """))
        let phrases = try L10n.read(root, "content/phrases/phrases.yaml")
        #expect(
            phrases.contains(
                """
                    nl: "Hallo \\"daar\\"\\\\ \\t!"  # gamepack:source nl=\(SourceHash.of("Hello"))
                    de: "Hallo"  # gamepack:source de=\(SourceHash.of("Hello"))
                - id: bye
                  text: {en: Goodbye, nl: Dag, de: "Tschüss"}  # gamepack:source nl=c015ad6d de=c015ad6d
                """))
        project = try await Project.load(at: root)
        #expect(try LocalizationReport(project: project).coverage(of: "de")!.counts.missing == 0)
        #expect(await Linter.lint(project).filter { $0.severity == .error }.isEmpty)
    }

    @Test("the real data's \\r\\n survives export and import byte for byte; only the hash comment is added")
    func crlfRoundTrip() async throws {
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(TestPaths.example("gohike-amsterdam"), in: temp)
        let before = try L10n.snapshot(root)
        let textsBefore = try await Self.texts(root, "nl")
        let project = try await Project.load(at: root)
        let xliff = try XLIFFExporter.export(project: project, locale: "nl")
        #expect(xliff.contains("&#13;\n"))
        #expect(!xliff.contains("\r"))
        let result = try await XLIFFImporter.importXLIFF(Data(xliff.utf8), name: "nl.xlf", into: project)
        // Every translation was confirmed (state translated) but untracked: only hashes are written.
        #expect(result.applied.count == TranslationInventory(project: project).fields.count)
        #expect(try await Self.texts(root, "nl") == textsBefore)
        let after = try L10n.snapshot(root)
        #expect(Set(after.keys) == Set(before.keys))
        for (path, data) in before where path.hasPrefix("content/") {
            let old = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let new = String(decoding: after[path]!, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(old.count == new.count, "\(path)")
            for (o, n) in zip(old, new) where o != n {
                // The changed lines are the Dutch ones, with the comment appended.
                #expect(o.hasPrefix("  nl: \""), "\(path): \(o)")
                #expect(n.hasPrefix(o + "  # gamepack:source nl="), "\(path): \(n)")
            }
        }
        for (path, data) in before where !path.hasPrefix("content/") { #expect(after[path] == data, "\(path)") }
        // Importing the same file again changes nothing.
        let again = try await XLIFFImporter.importXLIFF(Data(xliff.utf8), name: "nl.xlf", into: try await Project.load(at: root))
        #expect(again.applied.isEmpty)
        #expect(again.changedFiles.isEmpty)
        #expect(again.unchanged.count == result.applied.count)
    }

    @Test(
        "export → translate-toolkit edits the targets → import: translations land byte-exact, comments stay, coverage 100%",
        .tags(.python), .requires(.translateToolkit))
    func translateToolkitRoundTrip() async throws {
        guard let python = try L10n.pythonWithTranslateToolkit() else { return }
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(TestPaths.example("gohike-amsterdam"), in: temp)
        // Comments an editor wrote must survive the import.
        let locationFile = "content/locations/1.yaml"
        var location = try L10n.read(root, locationFile)
        location =
            "# The RAI: checked on site in 2013.\n"
            + location.replacingOccurrences(
                of: "position: {latitude: 52.340512, longitude: 4.889103}",
                with: "position: {latitude: 52.340512, longitude: 4.889103}  # from the original app")
        try L10n.write(location, to: root, locationFile)
        // And an item without any Dutch text yet, in a list file with a plain string.
        try L10n.write(
            "# Rewards added later.\n- id: 2\n  name: Night Walker  # nobody translated this\n  description: {en: \"Walked at night.\\r\\nTwice.\"}\n",
            to: root, "content/rewards/more.yaml")

        var project = try await Project.load(at: root)
        #expect(try LocalizationReport(project: project).coverage(of: "nl")!.counts.percentTranslated < 100)
        let exported = try temp.write(try XLIFFExporter.export(project: project, locale: "nl"), to: "nl.xlf")
        let edited = temp.url.appendingPathComponent("nl-translated.xlf")
        let script = """
            import sys
            from translate.storage import xliff
            with open(sys.argv[1], "rb") as f:
                store = xliff.xlifffile(f.read())
            for unit in store.units:
                if unit.isheader():
                    continue
                unit.target = "NL " + str(unit.source) + "\\r\\n(vertaald)"
                unit.marktranslated()
            with open(sys.argv[2], "wb") as f:
                store.serialize(f)
            """
        let run = try CommandRunner.run(python, ["-c", script, exported.path, edited.path])
        #expect(run.status == 0, "\(run.stderr)")
        let editedData = try Data(contentsOf: edited)
        #expect(XLIFFValidator.problems(in: editedData).isEmpty, "\(XLIFFValidator.problems(in: editedData))")

        let result = try await XLIFFImporter.importFile(at: edited, into: project)
        let inventory = TranslationInventory(project: project)
        #expect(result.applied.count == inventory.fields.count)
        #expect(result.unknownUnits.isEmpty && result.sourceChanged.isEmpty && result.untranslated.isEmpty)
        #expect(result.changedFiles.contains(locationFile))
        #expect(result.changedFiles.contains("content/rewards/more.yaml"))

        // The translations are in the source files, exactly.
        let texts = try await Self.texts(root, "nl")
        for field in inventory.fields {
            #expect(texts[field.unitID] == "NL " + field.source + "\r\n(vertaald)", "\(field.unitID)")
        }
        let rai = inventory.fields.first { $0.unitID == "locations/1/description" }!
        let raiText = try L10n.read(root, locationFile)
        let expectedLine =
            "  nl: " + Self.yamlQuoted("NL " + rai.source + "\r\n(vertaald)")
            + "  # gamepack:source nl=\(SourceHash.of(rai.source))\n"
        #expect(raiText.contains(expectedLine))
        #expect(raiText.hasPrefix("# The RAI: checked on site in 2013.\nid: 1\nname:\n  en: \"RAI Congress Center\"\n"))
        #expect(
            raiText.contains(
                "position: {latitude: 52.340512, longitude: 4.889103}  # from the original app\nimage: photos/rai-congress-center.jpg\n"
            ))
        #expect(
            try L10n.read(root, "content/rewards/more.yaml") == """
                # Rewards added later.
                - id: 2
                  name:  # nobody translated this
                    en: "Night Walker"
                    nl: "NL Night Walker\\r\\n(vertaald)"  # gamepack:source nl=\(SourceHash.of("Night Walker"))
                  description: {en: "Walked at night.\\r\\nTwice.", nl: "NL Walked at night.\\r\\nTwice.\\r\\n(vertaald)"}  # gamepack:source nl=\(SourceHash.of("Walked at night.\r\nTwice."))

                """)

        // Coverage goes to 100%, and nothing is stale or missing.
        project = try await Project.load(at: root)
        let coverage = try LocalizationReport(project: project).coverage(of: "nl")!
        #expect(coverage.counts.percentTranslated == 100)
        #expect(coverage.counts.translated == inventory.fields.count)
        #expect(!(try LocalizationReport(project: project).isBelow(100, locale: "nl")))
    }

    /// The YAML double-quoted form the importer writes.
    static func yamlQuoted(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    @Test("JSON content files get the translation (valid JSON, quoted keys) but no hash comment")
    func jsonFiles() async throws {
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(L10n.coverageProject, in: temp)
        try L10n.write(
            "[\n  {\"id\": \"thanks\", \"text\": {\"en\": \"Thanks\"}},\n  {\"id\": \"yes\", \"text\": \"Yes\"}\n]\n", to: root,
            "content/phrases/more.json")
        let project = try await Project.load(at: root)
        var xliff = try XLIFFExporter.export(project: project, locale: "nl", only: .missing)
        xliff = Self.setTarget(xliff, "phrases/thanks/text", "Bedankt\r\n")
        xliff = Self.setTarget(xliff, "phrases/yes/text", "Ja")
        let result = try await XLIFFImporter.importXLIFF(Data(xliff.utf8), name: "nl.xlf", into: project)
        #expect(result.untracked.map(\.id) == ["phrases/thanks/text", "phrases/yes/text"])
        let json = try L10n.read(root, "content/phrases/more.json")
        #expect(
            json
                == "[\n  {\"id\": \"thanks\", \"text\": {\"en\": \"Thanks\", \"nl\": \"Bedankt\\r\\n\"}},\n  {\"id\": \"yes\", \"text\": {\"en\": \"Yes\", \"nl\": \"Ja\"}}\n]\n"
        )
        #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil)
    }

    // MARK: Units that are not applied

    @Test("unknown ids and changed sources are listed with their lines, and then nothing is written")
    func unknownAndChanged() async throws {
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(L10n.coverageProject, in: temp)
        let project = try await Project.load(at: root)
        var xliff = try XLIFFExporter.export(project: project, locale: "nl")
        xliff = Self.setTarget(xliff, "phrases/hello/text", "Hallo")
        xliff = Self.setTarget(xliff, "locations/1/description", "Een wandeling.")
        xliff = xliff.replacingOccurrences(
            of: "<trans-unit id=\"locations/2/name\" resname=\"locations/2/name\"",
            with: "<trans-unit id=\"locations/99/name\" resname=\"locations/99/name\"")
        // The editor changes the English text after the export.
        var text = try L10n.read(root, "content/locations/1.yaml")
        text = text.replacingOccurrences(of: "A walk through the park.", with: "A walk through the big park.")
        try L10n.write(text, to: root, "content/locations/1.yaml")
        let result = try await Self.importing(xliff, into: root)
        #expect(result.unknownUnits.map(\.id) == ["locations/99/name"])
        #expect(result.unknownUnits.first?.line ?? 0 > 0)
        #expect(result.sourceChanged.map(\.id) == ["locations/1/description"])
        #expect(result.sourceChanged.first?.file == "content/locations/1.yaml")
        // What would have been applied is listed, but the file is refused whole.
        #expect(result.applied.map(\.id) == ["phrases/hello/text"])
        #expect(result.refused && !result.wrote)
        let nl = try await Self.texts(root, "nl")
        #expect(nl["locations/1/description"] == "")
        #expect(nl["phrases/hello/text"] == nil)
    }

    @Test("a new text the tool marks approved=\"no\" is a draft: listed, not applied; the same text confirmed is applied")
    func draftsAreNotApplied() async throws {
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(L10n.coverageProject, in: temp)
        let exported = try XLIFFExporter.export(project: try await Project.load(at: root), locale: "nl")
        var xliff = Self.setTarget(exported, "phrases/hello/text", "Hallo", state: "needs-translation")
        xliff = xliff.replacingOccurrences(
            of: "<trans-unit id=\"phrases/hello/text\"", with: "<trans-unit approved=\"no\" id=\"phrases/hello/text\"")
        let draft = try await Self.importing(xliff, into: root)
        #expect(draft.drafts.map(\.id) == ["phrases/hello/text"] && draft.applied.isEmpty && !draft.refused, "\(draft)")
        #expect(try await Self.texts(root, "nl")["phrases/hello/text"] == nil)
        // Without approved="no", a changed text is applied whatever its state (the translator wrote it).
        let applied = try await Self.importing(
            Self.setTarget(exported, "phrases/hello/text", "Hallo", state: "needs-translation"), into: root)
        #expect(applied.applied.map(\.id) == ["phrases/hello/text"])
        #expect(try await Self.texts(root, "nl")["phrases/hello/text"] == "Hallo")
    }

    @Test("a stale translation returned unchanged stays stale unless the translator confirms it")
    func staleNeedsConfirmation() async throws {
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(L10n.coverageProject, in: temp)
        let project = try await Project.load(at: root)
        let xliff = try XLIFFExporter.export(project: project, locale: "nl", only: .stale)
        let untouched = try await Self.importing(xliff, into: root)
        #expect(untouched.unchanged.map(\.id) == ["locations/1/name"])
        #expect(untouched.changedFiles.isEmpty)
        let confirmed = try await Self.importing(
            Self.setTarget(xliff, "locations/1/name", "Groene Pad", state: "final"), into: root)
        #expect(confirmed.applied.map(\.id) == ["locations/1/name"])
        #expect(try L10n.read(root, "content/locations/1.yaml").contains("  nl: \"Groene Pad\"  # gamepack:source nl=ea336291\n"))
        let state = TranslationInventory(project: try await Project.load(at: root)).states(for: "nl").first {
            $0.unitID == "locations/1/name"
        }
        #expect(state?.status == .translated)
    }

    /// The state of unit `id` for `locale` in the project at `root`.
    static func state(_ root: URL, _ id: String, _ locale: String) async throws -> TranslationState? {
        TranslationInventory(project: try await Project.load(at: root)).states(for: locale).first { $0.unitID == id }
    }

    @Test("an identical text the translator confirms counts as translated; an unreviewed copy stays identical")
    func approvedIdentical() async throws {
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(L10n.coverageProject, in: temp)
        let project = try await Project.load(at: root)
        let export = try XLIFFExporter.export(project: project, locale: "nl")
        #expect(try await Self.state(root, "locations/2/name", "nl")?.status == .identical)

        // Sent back untouched: nothing changes, still identical.
        let untouched = try await Self.importing(export, into: root)
        #expect(untouched.unchanged.map(\.id).contains("locations/2/name"))
        #expect(try await Self.state(root, "locations/2/name", "nl")?.status == .identical)

        // Marked translated with the same text: approved beside the source hash, counted as translated.
        let confirmed = Self.setTarget(export, "locations/2/name", "Rijksmuseum", state: "translated")
        let dry = try await Self.importing(confirmed, into: root, dryRun: true)
        let change = try #require(dry.changes.first { $0.unit.id == "locations/2/name" })
        #expect(change.kind == .confirmed && change.approved)
        #expect(
            dry.changeLines().contains(
                "  locations/2/name (nl): \"Rijksmuseum\" marked approved: the same as the source text on purpose"))
        let result = try await Self.importing(confirmed, into: root)
        #expect(result.applied.map(\.id).contains("locations/2/name"))
        let hash = SourceHash.of("Rijksmuseum")
        let written = try L10n.read(root, "content/locations/2.yaml")
        #expect(
            written.contains(
                "name: {en: Rijksmuseum, nl: \"Rijksmuseum\", de: Rijksmuseum}  # gamepack:source nl=\(hash):approved\n"),
            "\(written)")
        let approved = try #require(try await Self.state(root, "locations/2/name", "nl"))
        #expect(approved.status == .translated)
        #expect(approved.approved && approved.storedHash == hash)
        let report = try LocalizationReport(project: try await Project.load(at: root), locales: ["nl"])
        #expect(report.locales.first?.counts.identical == 0)
        // The German copy of the same line is untouched: still identical.
        #expect(try await Self.state(root, "locations/2/name", "de")?.status == .identical)
        // Exported again, it is translated; imported again, nothing changes.
        let again = try XLIFFExporter.export(project: try await Project.load(at: root), locale: "nl")
        #expect(again.contains("<target state=\"translated\">Rijksmuseum</target>"))
        #expect(try await Self.importing(again, into: root).applied.isEmpty)

        // The approval holds for that source text only: a new English name makes it stale.
        var text = try L10n.read(root, "content/locations/2.yaml")
        text = text.replacingOccurrences(of: "{en: Rijksmuseum,", with: "{en: Rijksmuseum Amsterdam,")
        try L10n.write(text, to: root, "content/locations/2.yaml")
        #expect(try await Self.state(root, "locations/2/name", "nl")?.status == .stale)
    }

    @Test("approved=\"yes\" confirms an identical text too; a new identical text left unconfirmed is not approved")
    func approvedAttribute() async throws {
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(L10n.coverageProject, in: temp)
        let project = try await Project.load(at: root)
        var export = try XLIFFExporter.export(project: project, locale: "de")
        export = export.replacingOccurrences(
            of: "<trans-unit id=\"locations/2/name\"", with: "<trans-unit approved=\"yes\" id=\"locations/2/name\"")
        // A new German text, identical to the English one, that nobody confirmed.
        export = Self.setTarget(export, "phrases/hello/text", "Hello", state: "needs-translation")
        let result = try await Self.importing(export, into: root)
        #expect(result.changes.first { $0.unit.id == "locations/2/name" }?.approved == true)
        #expect(result.changes.first { $0.unit.id == "phrases/hello/text" }?.approved == false)
        #expect(try await Self.state(root, "locations/2/name", "de")?.status == .translated)
        #expect(try await Self.state(root, "phrases/hello/text", "de")?.status == .identical)
        #expect(try await Self.state(root, "locations/2/name", "nl")?.status == .identical)
    }

    @Test("a dry run reports but writes nothing")
    func dryRun() async throws {
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(L10n.coverageProject, in: temp)
        let before = try L10n.snapshot(root)
        let project = try await Project.load(at: root)
        let xliff = Self.setTarget(try XLIFFExporter.export(project: project, locale: "nl"), "phrases/hello/text", "Hallo")
        let result = try await Self.importing(xliff, into: root, dryRun: true)
        // The untracked identical name comes back untouched (needs review): it stays an unreviewed copy.
        #expect(result.applied.map(\.id) == ["phrases/hello/text"])
        #expect(result.unchanged.map(\.id).contains("locations/2/name"))
        #expect(result.changedFiles == ["content/phrases/phrases.yaml"])
        #expect(!result.wrote)
        #expect(try L10n.snapshot(root) == before)
    }

    @Test("each applied unit's change is described: added, changed (old → new) or confirmed, file by file")
    func changesDescribed() async throws {
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(L10n.coverageProject, in: temp)
        let before = try L10n.snapshot(root)
        let project = try await Project.load(at: root)
        var xliff = try XLIFFExporter.export(project: project, locale: "nl")
        xliff = Self.setTarget(xliff, "locations/1/name", "Groene Pad", state: "final")  // stale, confirmed
        xliff = Self.setTarget(xliff, "locations/1/description", "Een wandeling door het park.")  // was ""
        xliff = Self.setTarget(xliff, "locations/2/description", "Kunstmuseum.\r\nElke dag open.")
        xliff = Self.setTarget(xliff, "locations/2/name", "Rijksmuseum", state: "needs-review-translation")
        xliff = Self.setTarget(xliff, "phrases/hello/text", "Hallo")
        let result = try await Self.importing(xliff, into: root, dryRun: true)
        #expect(try L10n.snapshot(root) == before)
        let byID = Dictionary(uniqueKeysWithValues: result.changes.map { ($0.unit.id, $0) })
        #expect(Set(byID.keys) == Set(result.applied.map(\.id)))
        #expect(byID["locations/1/name"]?.kind == .confirmed)
        #expect(byID["locations/1/name"]?.wasStale == true)
        #expect(byID["locations/1/description"]?.kind == .added)
        #expect(byID["locations/1/description"]?.old == nil)
        #expect(byID["locations/2/description"]?.kind == .changed)
        #expect(byID["locations/2/description"]?.old == "Kunstmuseum.\r\nDagelijks open.")
        #expect(byID["locations/2/description"]?.new == "Kunstmuseum.\r\nElke dag open.")
        #expect(byID["phrases/hello/text"]?.kind == .added)
        #expect(byID["locations/2/name"] == nil)
        #expect(
            result.changeLines(prefix: "project/") == [
                "project/content/locations/1.yaml",
                "  locations/1/name (nl): \"Groene Pad\" confirmed unchanged (was stale)",
                "  locations/1/description (nl): new translation \"Een wandeling door het park.\"",
                "project/content/locations/2.yaml",
                "  locations/2/description (nl): \"Kunstmuseum.\\r\\nDagelijks open.\" → \"Kunstmuseum.\\r\\nElke dag open.\"",
                "project/content/phrases/phrases.yaml",
                "  phrases/hello/text (nl): new translation \"Hallo\"",
            ])
    }

    @Test("a long changed text is shown as a one-line word diff, unchanged runs cut to a few words around the change")
    func changeWordDiff() {
        let old = "One two three four five six seven eight nine ten.\nEleven twelve thirteen fourteen."
        let new = "One two three four five six seven eight NINE ten.\nEleven twelve thirteen fourteen fifteen."
        #expect(
            XLIFFImportResult.wordDiff(old, new)
                == "… five six seven eight [-nine-]{+NINE+} ten.\\nEleven twelve thirteen [-fourteen.-]{+fourteen fifteen.+}")
        #expect(
            XLIFFImportResult.excerpt(String(repeating: "a ", count: 40)) == String(repeating: "a ", count: 30)
                .trimmingCharacters(in: .whitespaces) + "…")
    }

    @Test("when one file cannot be edited safely, no file is written")
    func allOrNothing() async throws {
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(L10n.coverageProject, in: temp)
        // An anchored Dutch text cannot be replaced without breaking aliases to it.
        var phrases = try L10n.read(root, "content/phrases/phrases.yaml")
        phrases = phrases.replacingOccurrences(of: "text: {en: Goodbye, nl: Dag}", with: "text: {en: Goodbye, nl: &dag Dag}")
        try L10n.write(phrases, to: root, "content/phrases/phrases.yaml")
        let before = try L10n.snapshot(root)
        let project = try await Project.load(at: root)
        var xliff = try XLIFFExporter.export(project: project, locale: "nl")
        xliff = Self.setTarget(xliff, "locations/1/name", "Groene Route")
        xliff = Self.setTarget(xliff, "phrases/bye/text", "Doei")
        await #expect {
            try await XLIFFImporter.importXLIFF(Data(xliff.utf8), name: "nl.xlf", into: project)
        } throws: { error in
            guard case .cannotEdit(let location, let reason) = error as? LocalizationError else { return false }
            return location.file == "content/phrases/phrases.yaml" && location.line == 5 && reason.contains("anchor")
        }
        #expect(try L10n.snapshot(root) == before)
    }

    @Test("a file changed on disk after loading is refused")
    func changedOnDisk() async throws {
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(L10n.coverageProject, in: temp)
        let project = try await Project.load(at: root)
        let xliff = Self.setTarget(try XLIFFExporter.export(project: project, locale: "nl"), "phrases/hello/text", "Hallo")
        try L10n.write("- id: hello\n  text: Hi\n", to: root, "content/phrases/phrases.yaml")
        await #expect(throws: LocalizationError.sourceChangedOnDisk(file: "content/phrases/phrases.yaml")) {
            try await XLIFFImporter.importXLIFF(Data(xliff.utf8), name: "nl.xlf", into: project)
        }
    }
}
