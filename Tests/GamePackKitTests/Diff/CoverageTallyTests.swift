import Foundation
import GamePackBuild
import GamePackContent
import Testing

/// A snapshot's translation coverage counted by collection (`CoverageTally`): made by a
/// content.json's reader as it reads, counted on demand for any other snapshot.
@Suite("Diff: translation coverage counted by collection")
struct CoverageTallyTests {
    @Test("a text counts as a source when not blank, and as translated when not blank and not the source")
    func counting() {
        var counts = CoverageTally.Counts()
        let fields: [String: DiffValue] = [
            // a source translated into nl and de
            "name": .localized(["en": "Dam Square", "nl": "De Dam", "de": "Dam-Platz"]),
            // the same text, but for its white space: not translated
            "description": .localized(["en": "Open daily.", "nl": "  Open daily.\n"]),
            // a blank source: no source, whatever its translation
            "note": .localized(["en": " \u{00A0}\t", "nl": "Notitie"]),
            // no source at all
            "motto": .localized(["nl": "Alleen Nederlands"]),
            // a blank translation: not translated
            "alt": .localized(["en": "A photo", "nl": "\u{2003}"]),
            // texts in lists and objects count too
            "steps": .list([.localized(["en": "Turn left", "nl": "Linksaf"]), .text("plain")]),
            "details": .object(["hint": .localized(["en": "Look up", "de": "Nach oben"])]),
            "title": .text("not localized"),
        ]
        counts.count(fields, defaultLocale: "en")
        #expect(counts.sources == 5)
        let translated = Dictionary(uniqueKeysWithValues: zip(counts.locales, counts.translated))
        #expect(translated == ["nl": 2, "de": 2])

        // The sources are the snapshot's default locale's texts.
        var dutch = CoverageTally.Counts()
        dutch.count(fields, defaultLocale: "nl")
        #expect(dutch.sources == 5)
    }

    @Test("totals sum the collections and locales asked for, in the order asked")
    func totals() {
        var tally = CoverageTally(defaultLocale: "en")
        var a = CoverageTally.Counts()
        a.count(["name": .localized(["en": "A", "nl": "Aa", "de": "Ad"])], defaultLocale: "en")
        var b = CoverageTally.Counts()
        b.count(["name": .localized(["en": "B", "nl": "Bb"])], defaultLocale: "en")
        b.count(["name": .localized(["en": "C"])], defaultLocale: "en")
        tally.set(a, for: "locations")
        tally.set(b, for: "routes")
        let both = tally.totals(locales: ["de", "nl", "fr"], collections: ["locations", "routes", "rewards"])
        #expect(both.translated == [1, 2, 0])
        #expect(both.sources == 3)
        let routes = tally.totals(locales: ["nl", "de"], collections: ["routes"])
        #expect(routes.translated == [1, 0])
        #expect(routes.sources == 2)
    }

    @Test("a content.json's reader counts what counting its items gives; changing them drops the count")
    func readersTally() throws {
        for path in [DiffTesting.v1, DiffTesting.v2, DiffTesting.ios] {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let snapshot = try SnapshotLoader.readGohikeContent(data, label: path, kind: .gohikeContent)
            let made = try #require(snapshot.coverageTally, "no tally from reading \(path)")
            var changed = snapshot
            changed.items = snapshot.items
            #expect(changed.coverageTally == nil)
            let all = Array(snapshot.items.keys)
            let counted = CoverageTally.counting(changed, collections: all)
            #expect(counted == made, "\(path)")
            #expect(made.totals(locales: ["nl"], collections: all).sources > 0)
            // Hashing the images changes asset references only: the tally stays.
            var resolved = snapshot
            resolved.resolvePendingImages()
            #expect(resolved.coverageTally == made)
        }
    }
}
