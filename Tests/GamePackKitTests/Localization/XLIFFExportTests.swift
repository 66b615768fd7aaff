import Foundation
import GamePackBuild
import GamePackContent
import GamePackLocalization
import GamePackTestSupport
import Testing

@Suite("Localization: XLIFF 1.2 export")
struct LocalizationXLIFFExportTests {
    @Test("the embedded schemas validate like the ones in standards/")
    func embeddedSchemas() throws {
        // Validating with the standards/ file and with the embedded copy must agree; compile both.
        let standard = try Data(contentsOf: L10n.schema)
        let export = Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file original="p" source-language="en" datatype="plaintext"><body/></file></xliff>
            """.utf8)
        #expect(XLIFFValidator.problems(in: export, schema: standard).isEmpty)
        #expect(XLIFFValidator.problems(in: export).isEmpty)
        let invalid = Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file original="p" datatype="plaintext"><body/></file></xliff>
            """.utf8)
        #expect(!XLIFFValidator.problems(in: invalid, schema: standard).isEmpty)
        #expect(!XLIFFValidator.problems(in: invalid).isEmpty)
        // Only the XML namespace schema was ever asked for, and it was served from memory.
        #expect(XLIFFValidator.entityRequests.allSatisfy { $0.hasSuffix("xml.xsd") })
    }

    @Test(
        "exports of the real bilingual example validate against the strict schema (libxml2 and xmllint)", .tags(.xmllint),
        .requires(.xmllint),
        arguments: XLIFFExporter.Selection.allCases)
    func validates(selection: XLIFFExporter.Selection) async throws {
        let temp = try TemporaryDirectory()
        let project = try await Project.load(at: TestPaths.example("gohike-amsterdam"))
        let xliff = try XLIFFExporter.export(project: project, locale: "nl", only: selection)
        let schema = try Data(contentsOf: L10n.schema)
        let problems = XLIFFValidator.problems(in: Data(xliff.utf8), schema: schema)
        #expect(problems.isEmpty, "\(problems)")
        let file = try temp.write(xliff, to: "export-\(selection).xlf")
        if let result = try L10n.xmllint(file) {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("validates"))
        }
    }

    @Test("the fixture's export: units, states, notes, length limits, escaping")
    func fixtureExport() async throws {
        let project = try await Project.load(at: L10n.coverageProject)
        let xliff = try XLIFFExporter.export(project: project, locale: "nl")
        #expect(
            xliff.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">"
            ))
        #expect(
            xliff.contains("<file original=\"l10n-fixture\" source-language=\"en\" target-language=\"nl\" datatype=\"plaintext\"")
        )
        #expect(xliff.components(separatedBy: "<trans-unit ").count - 1 == 6)
        #expect(
            xliff.contains(
                """
                      <trans-unit id="locations/1/name" resname="locations/1/name" xml:space="preserve" maxwidth="80" size-unit="char">
                        <source xml:space="preserve">Green Trail</source>
                        <target state="needs-review-translation">Groene Pad</target>
                        <context-group name="locations/1/name" purpose="location">
                          <context context-type="sourcefile">content/locations/1.yaml</context>
                          <context context-type="linenumber">4</context>
                          <context context-type="record">locations/1</context>
                          <context context-type="element">name</context>
                        </context-group>
                        <note from="gamepack">collection: locations</note>
                        <note from="gamepack">item: 1 (Green Trail)</note>
                        <note from="gamepack">field: name</note>
                        <note from="gamepack">length limit: 80 characters</note>
                """))
        #expect(xliff.contains("<source xml:space=\"preserve\">Art museum.&#13;\nOpen daily.</source>"))
        #expect(xliff.contains("<target state=\"translated\">Kunstmuseum.&#13;\nDagelijks open.</target>"))
        #expect(xliff.contains("<trans-unit id=\"phrases/hello/text\""))
        #expect(xliff.contains("<source xml:space=\"preserve\">Hello</source>\n        <target state=\"new\"></target>"))
        #expect(
            xliff.contains(
                "<note from=\"gamepack\">review: the translation is identical to the English text; translate it, or mark it translated if it stays the same (a name, say)</note>"
            ))
        // An identical text needs the translator's review: sent back untouched it stays unreviewed.
        #expect(
            xliff.contains(
                "<source xml:space=\"preserve\">Rijksmuseum</source>\n        <target state=\"needs-translation\">Rijksmuseum</target>"
            ))
        // Translated units, and only they, are approved (what translate-toolkit counts as translated).
        #expect(
            xliff.contains(
                "<trans-unit id=\"locations/2/description\" resname=\"locations/2/description\" xml:space=\"preserve\" maxwidth=\"2000\" size-unit=\"char\" approved=\"yes\">"
            ))
        #expect(xliff.components(separatedBy: "approved=\"yes\"").count - 1 == 2)
        #expect(XLIFFValidator.problems(in: Data(xliff.utf8)).isEmpty)

        let missing = try XLIFFExporter.export(project: project, locale: "nl", only: .missing)
        #expect(missing.components(separatedBy: "<trans-unit ").count - 1 == 2)
        let untranslated = try XLIFFExporter.export(project: project, locale: "nl", only: .untranslated)
        #expect(untranslated.components(separatedBy: "<trans-unit ").count - 1 == 4)
        let german = try XLIFFExporter.export(project: project, locale: "de", only: .missing)
        #expect(german.contains("target-language=\"de\""))
        #expect(german.components(separatedBy: "<trans-unit ").count - 1 == 4)

        #expect(throws: LocalizationError.unknownLocale("fr", available: ["nl", "de"])) {
            try XLIFFExporter.export(project: project, locale: "fr")
        }
    }

    @Test("tabs, markup characters and C1 controls are escaped; characters XML forbids are refused naming the unit")
    func escaping() async throws {
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(L10n.coverageProject, in: temp)
        try L10n.write(
            "- id: hello\n  text: \"Tab\\there <b> & \\\"quotes\\\" \\u0085 ]]>\"\n", to: root, "content/phrases/phrases.yaml")
        var project = try await Project.load(at: root)
        let xliff = try XLIFFExporter.export(project: project, locale: "nl")
        #expect(xliff.contains("<source xml:space=\"preserve\">Tab&#9;here &lt;b&gt; &amp; \"quotes\" &#x85; ]]&gt;</source>"))
        #expect(XLIFFValidator.problems(in: Data(xliff.utf8)).isEmpty)

        try L10n.write("- id: hello\n  text: \"Bell\\u0007\"\n", to: root, "content/phrases/phrases.yaml")
        project = try await Project.load(at: root)
        #expect(
            throws: LocalizationError.characterNotAllowedInXML(
                unit: "phrases/hello/text", locale: "en", scalar: "U+0007",
                location: SourceLocation(file: "content/phrases/phrases.yaml", line: 2, column: 9))
        ) {
            try XLIFFExporter.export(project: project, locale: "nl")
        }
    }

    @Test(
        "translate-toolkit, an independent XLIFF library, reads the export's texts exactly", .tags(.python),
        .requires(.translateToolkit))
    func independentReader() async throws {
        guard let python = try L10n.pythonWithTranslateToolkit() else { return }
        let temp = try TemporaryDirectory()
        let project = try await Project.load(at: TestPaths.example("gohike-amsterdam"))
        let file = try temp.write(try XLIFFExporter.export(project: project, locale: "nl"), to: "nl.xlf")
        let script = """
            import json, sys
            from translate.storage import xliff
            with open(sys.argv[1], "rb") as f:
                store = xliff.xlifffile(f.read())
            units = [u for u in store.units if not u.isheader()]
            print(json.dumps({u.getid().split("\\x04")[-1]: [str(u.source), str(u.target)] for u in units}))
            """
        let result = try CommandRunner.run(python, ["-c", script, file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let read = try JSONDecoder().decode([String: [String]].self, from: Data(result.stdout.utf8))
        let inventory = TranslationInventory(project: project)
        #expect(read.count == inventory.fields.count)
        for field in inventory.fields {
            #expect(read[field.unitID]?.first == field.source, "\(field.unitID)")
            #expect(read[field.unitID]?.last == field.texts["nl"]?.text ?? "", "\(field.unitID)")
        }
        #expect(inventory.fields.contains { $0.source.contains("\r\n") })
    }
}
