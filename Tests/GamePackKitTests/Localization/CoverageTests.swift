import Foundation
import GamePackBuild
import GamePackContent
import GamePackLocalization
import GamePackTestSupport
import Testing

@Suite("Localization: coverage and stale translations")
struct LocalizationCoverageTests {
    /// The counts as a compact tuple-like string: translated/missing/identical/stale.
    static func counts(_ c: TranslationCounts) -> String { "\(c.translated)/\(c.missing)/\(c.identical)/\(c.stale)" }

    @Test("the source hash is the first 8 hex digits of SHA-256 of the UTF-8 text")
    func sourceHash() {
        #expect(SourceHash.of("Old Trail") == "55a03333")
        #expect(SourceHash.of("Art museum.\r\nOpen daily.") == "a89c337e")
        #expect(SourceHash.of("Art museum.\nOpen daily.") != SourceHash.of("Art museum.\r\nOpen daily."))
    }

    @Test("the marker's pairs are read from a comment, other comment text is ignored")
    func markerPairs() {
        let pairs = SourceHash.pairs(inComment: " checked by Anna gamepack:source nl=3fa2b1c4 name.de=0BADF00D trailing")
        #expect(pairs.map(\.key) == ["nl", "name.de"])
        #expect(pairs.map(\.hash) == ["3fa2b1c4", "0badf00d"])
        #expect(SourceHash.pairs(inComment: " just a comment").isEmpty)
        let approved = SourceHash.pairs(inComment: " gamepack:source nl=3fa2b1c4:approved de=0badf00d")
        #expect(approved.map(\.hash) == ["3fa2b1c4", "0badf00d"])
        #expect(approved.map(\.approved) == [true, false])
    }

    @Test("translation states of the fixture: block, flow and plain-string fields, list files")
    func states() async throws {
        let project = try await Project.load(at: L10n.coverageProject)
        let inventory = TranslationInventory(project: project)
        #expect(
            inventory.fields.map(\.unitID) == [
                "locations/1/name", "locations/1/description", "locations/2/name", "locations/2/description",
                "phrases/hello/text", "phrases/bye/text",
            ])
        let nl = Dictionary(uniqueKeysWithValues: inventory.states(for: "nl").map { ($0.unitID, $0) })
        #expect(nl["locations/1/name"]?.status == .stale)
        #expect(nl["locations/1/name"]?.storedHash == "55a03333")
        #expect(nl["locations/1/name"]?.sourceHash == "ea336291")
        #expect(nl["locations/1/name"]?.location == SourceLocation(file: "content/locations/1.yaml", line: 6, column: 7))
        #expect(nl["locations/1/description"]?.status == .missing)
        #expect(nl["locations/2/name"]?.status == .identical)
        #expect(nl["locations/2/description"]?.status == .translated)
        #expect(nl["locations/2/description"]?.storedHash == "a89c337e")
        #expect(nl["locations/2/description"]?.translation == "Kunstmuseum.\r\nDagelijks open.")
        #expect(nl["phrases/hello/text"]?.status == .missing)
        #expect(nl["phrases/bye/text"]?.status == .translated)
        let de = Dictionary(uniqueKeysWithValues: inventory.states(for: "de").map { ($0.unitID, $0) })
        #expect(de["locations/1/name"]?.status == .translated)
        #expect(de["locations/1/name"]?.storedHash == "ea336291")
        #expect(de["locations/2/name"]?.status == .identical)
        #expect(de["locations/2/name"]?.storedHash == nil)
        #expect(de.values.filter { $0.status == .missing }.count == 4)
    }

    @Test("coverage counts at every level: locale, collection, field")
    func coverageCounts() async throws {
        let project = try await Project.load(at: L10n.coverageProject)
        let report = try LocalizationReport(project: project)
        #expect(report.locales.map(\.locale) == ["nl", "de"])

        let nl = try #require(report.coverage(of: "nl"))
        #expect(Self.counts(nl.counts) == "2/2/1/1")
        #expect(nl.counts.total == 6)
        // Still to translate: "Green Trail" (stale), "Rijksmuseum" (identical),
        // "A walk through the park." and "Hello" (missing).
        #expect(nl.counts.wordsToTranslate == 9)
        #expect(nl.counts.charactersToTranslate == 51)
        #expect(nl.collections.map(\.collection) == ["locations", "phrases"])
        let nlLocations = nl.collections[0]
        #expect(Self.counts(nlLocations.counts) == "1/1/1/1")
        #expect(nlLocations.fields.map(\.field) == ["name", "description"])
        #expect(Self.counts(nlLocations.fields[0].counts) == "0/0/1/1")
        #expect(Self.counts(nlLocations.fields[1].counts) == "1/1/0/0")
        #expect(nlLocations.fields[1].counts.wordsToTranslate == 5)
        #expect(nlLocations.fields[1].counts.charactersToTranslate == 24)
        let nlPhrases = nl.collections[1]
        #expect(Self.counts(nlPhrases.counts) == "1/1/0/0")
        #expect(Self.counts(nlPhrases.fields[0].counts) == "1/1/0/0")
        #expect(abs(nl.counts.percentTranslated - 100.0 / 3) < 0.0001)

        let de = try #require(report.coverage(of: "de"))
        #expect(Self.counts(de.counts) == "1/4/1/0")
        // "Rijksmuseum", "A walk through the park.", "Art museum.\r\nOpen daily.", "Hello", "Goodbye".
        #expect(de.counts.wordsToTranslate == 12)
        #expect(de.counts.charactersToTranslate == 70)
        #expect(Self.counts(de.collections[0].fields[0].counts) == "1/0/1/0")
        #expect(Self.counts(de.collections[0].fields[1].counts) == "0/2/0/0")
        #expect(Self.counts(de.collections[1].counts) == "0/2/0/0")

        #expect(report.isBelow(50, locale: "nl"))
        #expect(!report.isBelow(33, locale: "nl"))
        #expect(report.locales(below: 20) == ["de"])
        #expect(report.locales(below: 40) == ["nl", "de"])
        #expect(throws: LocalizationError.self) { try LocalizationReport(project: project, locales: ["fr"]) }
        #expect(throws: LocalizationError.self) { try LocalizationReport(project: project, locales: ["en"]) }
    }

    @Test("the JSON names its counts translated, missing, identical, stale at every level")
    func json() async throws {
        let project = try await Project.load(at: L10n.coverageProject)
        let report = try LocalizationReport(project: project)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        #expect(object["project"] as? String == "l10n-fixture")
        #expect(object["default_locale"] as? String == "en")
        let locales = try #require(object["locales"] as? [String: Any])
        let nl = try #require(locales["nl"] as? [String: Any])
        func check(_ level: [String: Any], _ expected: [Int], _ label: String) {
            let names = ["translated", "missing", "identical", "stale"]
            #expect(names.map { level[$0] as? Int } == expected.map { Optional($0) }, "\(label)")
            #expect(level["total"] as? Int == expected.reduce(0, +), "\(label)")
            #expect(level["words_to_translate"] != nil && level["characters_to_translate"] != nil, "\(label)")
            let percent = level["percent"] as? [String: Double]
            #expect(Set(percent?.keys.map { $0 } ?? []) == Set(names), "\(label)")
        }
        check(nl, [2, 2, 1, 1], "nl")
        #expect((nl["percent"] as? [String: Double])?["translated"] == 33.33)
        let collections = try #require(nl["collections"] as? [String: Any])
        let locations = try #require(collections["locations"] as? [String: Any])
        check(locations, [1, 1, 1, 1], "nl locations")
        let fields = try #require(locations["fields"] as? [String: Any])
        check(try #require(fields["name"] as? [String: Any]), [0, 0, 1, 1], "nl locations name")
        check(try #require(fields["description"] as? [String: Any]), [1, 1, 0, 0], "nl locations description")
        let phrases = try #require(collections["phrases"] as? [String: Any])
        check(phrases, [1, 1, 0, 0], "nl phrases")
        check(try #require((phrases["fields"] as? [String: Any])?["text"] as? [String: Any]), [1, 1, 0, 0], "nl phrases text")
        check(try #require(locales["de"] as? [String: Any]), [1, 4, 1, 0], "de")
    }

    @Test("text and Markdown renderings: a summary and a table per locale")
    func renderings() async throws {
        let project = try await Project.load(at: L10n.coverageProject)
        let report = try LocalizationReport(project: project)
        let text = report.text()
        #expect(
            text.contains(
                "nl (Dutch): 2 of 6 translated (33.3%): 2 missing, 1 identical to the source, 1 stale; 9 words (51 characters) to translate"
            ))
        #expect(text.contains("de (German): 1 of 6 translated (16.7%)"))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.last?.isWhitespace != true }, "a line of the table ends in white space")
        let nameRow = try #require(lines.first { $0.hasPrefix("  locations   name") })
        #expect(
            nameRow.split(separator: " ").map(String.init) == ["locations", "name", "0", "0", "1", "1", "2", "0.0%", "3", "22"])
        let markdown = report.markdown()
        #expect(markdown.contains("### `nl` (Dutch): 33.3% translated"))
        #expect(
            markdown.contains(
                "| collection | field | translated | missing | identical | stale | total | done | words | characters |"))
        #expect(markdown.contains("| locations | description | 1 | 1 | 0 | 0 | 2 | 50.0% | 5 | 24 |"))
        #expect(markdown.contains("| **(all)** |  | **2** | **2** | **1** | **1** | **6** | **33.3%** | **9** | **51** |"))
    }

    @Test("editing the English text makes its Dutch translation stale; untracked translations never are")
    func staleAfterSourceEdit() async throws {
        let temp = try TemporaryDirectory()
        let root = try L10n.copy(L10n.coverageProject, in: temp)
        var before = try LocalizationReport(project: try await Project.load(at: root))
        #expect(Self.counts(before.coverage(of: "nl")!.counts) == "2/2/1/1")

        // The tracked Dutch description of location 2 becomes stale; the untracked identical name does not.
        var text = try L10n.read(root, "content/locations/2.yaml")
        text = text.replacingOccurrences(of: "Art museum.\\r\\nOpen daily.", with: "Art museum.\\r\\nOpen every day.")
        text = text.replacingOccurrences(of: "{en: Rijksmuseum,", with: "{en: The Rijksmuseum,")
        try L10n.write(text, to: root, "content/locations/2.yaml")
        let project = try await Project.load(at: root)
        let state = TranslationInventory(project: project).states(for: "nl").first { $0.unitID == "locations/2/description" }
        #expect(state?.status == .stale)
        #expect(state?.storedHash == "a89c337e")
        #expect(state?.sourceHash == SourceHash.of("Art museum.\r\nOpen every day."))
        before = try LocalizationReport(project: project)
        #expect(Self.counts(before.coverage(of: "nl")!.counts) == "2/2/0/2")

        // The next export marks it for review.
        let xliff = try XLIFFExporter.export(project: project, locale: "nl", only: .stale)
        #expect(xliff.contains("<trans-unit id=\"locations/2/description\""))
        #expect(xliff.contains("<target state=\"needs-review-translation\">Kunstmuseum.&#13;\nDagelijks open.</target>"))
        #expect(xliff.components(separatedBy: "<trans-unit ").count - 1 == 2)
    }
}
