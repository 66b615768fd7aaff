import Foundation
import GamePackBuild
import GamePackContent
import GamePackLocalization
import GamePackTestSupport
import Testing

@Suite("Localization: in-place edits of every YAML shape")
struct LocalizationShapesTests {
    static let project = L10n.fixtures.appendingPathComponent("shapes")

    @Test("block scalars, nulls, next-line values, multi-line flow maps, nesting, lists, CRLF with BOM, one-line items")
    func everyShape() async throws {
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(Self.project, in: temp)
        var project = try await Project.load(at: root)
        #expect(project.diagnostics.isEmpty, "\(project.diagnostics)")
        let inventory = TranslationInventory(project: project)
        var xliff = try XLIFFExporter.export(project: project, locale: "nl")
        for field in inventory.fields {
            xliff = LocalizationXLIFFImportTests.setTarget(xliff, field.unitID, "NEW \(field.unitID)\r\nx")
        }
        let result = try await XLIFFImporter.importXLIFF(Data(xliff.utf8), name: "nl.xlf", into: project)
        #expect(result.applied.count == 14)
        #expect(
            result.changedFiles == ["content/tips/1.yaml", "content/tips/2.yaml", "content/tips/3.yaml", "content/tips/4.yaml"])
        func hash(_ id: String) -> String { SourceHash.of(inventory.fields.first { $0.unitID == id }!.source) }

        #expect(
            try L10n.read(root, "content/tips/1.yaml") == """
                # Block scalars, null values, a value on the next line, multi-line scalars, nesting, lists.
                id: 1
                title:
                  en: Plain title
                  nl: "NEW tips/1/title\\r\\nx"  # gamepack:source nl=\(hash("tips/1/title"))
                body:
                  en: |
                    Line one
                    Line two
                  nl: "NEW tips/1/body\\r\\nx"  # kept by hand gamepack:source nl=\(hash("tips/1/body"))

                note:
                  en: "multi
                    line"
                  nl: "NEW tips/1/note\\r\\nx"  # gamepack:source nl=\(hash("tips/1/note"))
                extra:
                  en: Extra
                  nl:
                    "NEW tips/1/extra\\r\\nx"  # gamepack:source nl=\(hash("tips/1/extra"))
                details:
                  text: {en: Nested,
                    nl: "NEW tips/1/details.text\\r\\nx"}  # nested gamepack:source nl=\(hash("tips/1/details.text"))
                hints:
                  - {en: "First hint", nl: "NEW tips/1/hints[0]\\r\\nx"}  # gamepack:source nl=\(hash("tips/1/hints[0]"))
                  - {en: Second hint, nl: "NEW tips/1/hints[1]\\r\\nx"}  # gamepack:source nl=\(hash("tips/1/hints[1]"))
                # The end.

                """)
        // CRLF line breaks and the byte order mark are kept; new lines get CRLF too.
        let two = try Data(contentsOf: root.appendingPathComponent("content/tips/2.yaml"))
        #expect(
            two
                == Data(
                    ("\u{FEFF}id: 2\r\ntitle:\r\n  en: \"Windows\"\r\n  nl: \"NEW tips/2/title\\r\\nx\"  # gamepack:source nl=\(hash("tips/2/title"))\r\n"
                        + "body:\r\n  en: \"Only English\"\r\n  nl: \"NEW tips/2/body\\r\\nx\"  # gamepack:source nl=\(hash("tips/2/body"))\r\n")
                        .utf8))
        // Two Dutch texts start on one line: the keys name their fields.
        #expect(
            try L10n.read(root, "content/tips/3.yaml") == """
                {id: 3, title: {en: A, nl: "NEW tips/3/title\\r\\nx"}, body: {en: C, nl: "NEW tips/3/body\\r\\nx"}}  \
                # gamepack:source title.nl=\(hash("tips/3/title")) body.nl=\(hash("tips/3/body"))

                """)
        #expect(
            try L10n.read(root, "content/tips/4.yaml") == """
                id: 4
                title:
                  en: |-
                    Folded
                    text
                  nl: "NEW tips/4/title\\r\\nx"  # gamepack:source nl=\(hash("tips/4/title"))

                  # a comment line inside the map
                body:
                  en: plain
                    continued
                  nl: "NEW tips/4/body\\r\\nx"  # gamepack:source nl=\(hash("tips/4/body"))
                  # another one
                note: {
                  en: Open, nl: "NEW tips/4/note\\r\\nx"  # after en gamepack:source nl=\(hash("tips/4/note"))
                }

                """)

        // Everything reads back: the texts exactly, every translation current and tracked.
        project = try await Project.load(at: root)
        #expect(project.diagnostics.isEmpty, "\(project.diagnostics)")
        let states = TranslationInventory(project: project).states(for: "nl")
        #expect(states.count == 14)
        for state in states {
            #expect(state.translation == "NEW \(state.unitID)\r\nx")
            #expect(state.status == .translated, "\(state.unitID)")
            #expect(state.storedHash == state.sourceHash, "\(state.unitID)")
        }

        // Editing the sources makes exactly those translations stale, also on a shared line.
        var three = try L10n.read(root, "content/tips/3.yaml")
        three = three.replacingOccurrences(of: "body: {en: C,", with: "body: {en: See,")
        try L10n.write(three, to: root, "content/tips/3.yaml")
        var one = try L10n.read(root, "content/tips/1.yaml")
        one = one.replacingOccurrences(of: "    Line two\n", with: "    Line 2\n")
        try L10n.write(one, to: root, "content/tips/1.yaml")
        let stale = TranslationInventory(project: try await Project.load(at: root)).states(for: "nl").filter {
            $0.status == .stale
        }
        #expect(stale.map(\.unitID) == ["tips/1/body", "tips/3/body"])
    }
}
