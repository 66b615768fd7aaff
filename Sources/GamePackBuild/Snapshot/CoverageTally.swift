import GamePackContent

/// A snapshot's localized texts counted for translation coverage, by collection: how many
/// have a source text (in the snapshot's default locale, not blank), and for each other locale
/// how many of those it translates (a text that is not blank and not the source, both
/// trimmed). `DiffEngine` reports each version's coverage from it.
///
/// A content.json's reader counts each item as it makes it (`readGohikeContent`), while the
/// item's values are still in the processor's cache: a later pass over tens of thousands of
/// items spends most of its time waiting for memory (a third of a large diff's coverage time
/// was the first touch of each value, in `swift_retain`). Any other snapshot is counted when
/// the diff asks (`counting(_:collections:)`).
package struct CoverageTally: Sendable, Equatable {
    /// One collection's counts.
    package struct Counts: Sendable, Equatable {
        /// Localized texts with a source text.
        package var sources = 0
        /// The other locales met, in the order first met, and the texts each translates.
        package var locales: [String] = []
        package var translated: [Int] = []

        package init() {}

        /// Equal counts, whatever order the locales were met in.
        package static func == (a: Counts, b: Counts) -> Bool {
            a.sources == b.sources
                && Dictionary(uniqueKeysWithValues: zip(a.locales, a.translated))
                    == Dictionary(uniqueKeysWithValues: zip(b.locales, b.translated))
        }

        /// Counts the localized texts of one item's fields, lists and objects walked.
        package mutating func count(_ fields: [String: DiffValue], defaultLocale: String) {
            for value in fields.values { count(value, defaultLocale: defaultLocale) }
        }

        mutating func count(_ value: DiffValue, defaultLocale: String) {
            switch value {
            case .localized(let texts):
                // The source found among the text's few locales in place, not looked up (no
                // hashing of a locale). Compared without their white space, but most texts
                // have none to trim: then as they are, without a `Substring` of each.
                var source: String?
                for (locale, text) in texts where locale == defaultLocale { source = text }
                guard let source, !source.isBlank else { return }
                sources += 1
                for (locale, text) in texts where locale != defaultLocale {
                    guard !text.isBlank, !text.isSameTrimmed(as: source) else { continue }
                    if let index = locales.firstIndex(of: locale) {
                        translated[index] += 1
                    } else {
                        locales.append(locale)
                        translated.append(1)
                    }
                }
            case .list(let values): for value in values { count(value, defaultLocale: defaultLocale) }
            case .object(let fields): count(fields, defaultLocale: defaultLocale)
            default: break
            }
        }
    }

    /// The locale whose texts are the sources.
    package let defaultLocale: String
    package private(set) var collections: [String: Counts] = [:]

    package init(defaultLocale: String) { self.defaultLocale = defaultLocale }

    /// Sets the counts of `collection`'s items.
    package mutating func set(_ counts: Counts, for collection: String) { collections[collection] = counts }

    /// Every item of `collections` in `snapshot` counted (the tally the reader made, when it
    /// made one: it counts every collection).
    package static func counting(_ snapshot: ContentSnapshot, collections: [String]) -> CoverageTally {
        if let made = snapshot.coverageTally, made.defaultLocale == snapshot.defaultLocale { return made }
        var tally = CoverageTally(defaultLocale: snapshot.defaultLocale)
        for collection in collections {
            guard let items = snapshot.items[collection] else { continue }
            var counts = Counts()
            for item in items.values { counts.count(item.fields, defaultLocale: snapshot.defaultLocale) }
            tally.set(counts, for: collection)
        }
        return tally
    }

    /// The texts translated into each of `locales` and the source texts, summed over
    /// `collections`.
    package func totals(locales: [String], collections: [String]) -> (translated: [Int], sources: Int) {
        var translated = [Int](repeating: 0, count: locales.count)
        var sources = 0
        for collection in collections {
            guard let counts = self.collections[collection] else { continue }
            sources += counts.sources
            for (locale, count) in zip(counts.locales, counts.translated) {
                if let index = locales.firstIndex(of: locale) { translated[index] += count }
            }
        }
        return (translated, sources)
    }
}
