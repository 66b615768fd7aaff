import Foundation
import GamePackContent

/// Counts of translation states over some set of localized fields, plus what is left to do.
public struct TranslationCounts: Sendable, Equatable {
    /// Texts with status `translated`.
    public var translated = 0
    /// Texts with status `missing`.
    public var missing = 0
    /// Texts with status `identical`.
    public var identical = 0
    /// Texts with status `stale`.
    public var stale = 0
    /// Words of the source texts not yet translated (missing, identical or stale): runs of
    /// non-whitespace that contain a letter or digit.
    public var wordsToTranslate = 0
    /// Characters (grapheme clusters; `\r\n` is one) of those source texts.
    public var charactersToTranslate = 0

    public init() {}

    /// All texts counted: translated + missing + identical + stale.
    public var total: Int { translated + missing + identical + stale }

    /// The share of `status` in percent (0–100); 100 for `translated` when nothing needs
    /// translating, 0 for the others.
    public func percent(_ status: TranslationStatus) -> Double {
        guard total > 0 else { return status == .translated ? 100 : 0 }
        return Double(count(status)) * 100 / Double(total)
    }

    /// The share of translated texts in percent: what `--fail-under` compares.
    public var percentTranslated: Double { percent(.translated) }

    /// The count of one status.
    public func count(_ status: TranslationStatus) -> Int {
        switch status {
        case .translated: translated
        case .missing: missing
        case .identical: identical
        case .stale: stale
        }
    }

    /// Adds one translation's state.
    public mutating func add(_ state: TranslationState) {
        switch state.status {
        case .translated: translated += 1
        case .missing: missing += 1
        case .identical: identical += 1
        case .stale: stale += 1
        }
        if state.status != .translated {
            wordsToTranslate += Self.words(in: state.source)
            charactersToTranslate += state.source.count
        }
    }

    /// Adds another set of counts.
    public mutating func add(_ other: TranslationCounts) {
        translated += other.translated
        missing += other.missing
        identical += other.identical
        stale += other.stale
        wordsToTranslate += other.wordsToTranslate
        charactersToTranslate += other.charactersToTranslate
    }

    /// Words in `text`: runs of non-whitespace containing a letter or digit.
    public static func words(in text: String) -> Int {
        text.split(whereSeparator: { $0.isWhitespace }).count { word in
            word.unicodeScalars.contains { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        }
    }

    /// Writes the counts as JSON keys `translated`, `missing`, `identical`, `stale`, `total`,
    /// `words_to_translate`, `characters_to_translate` and `percent` (each status's share,
    /// rounded to two decimals) into `container`.
    func encode<Key: CodingKey>(into container: inout KeyedEncodingContainer<Key>, keys: (String) -> Key) throws {
        try container.encode(translated, forKey: keys("translated"))
        try container.encode(missing, forKey: keys("missing"))
        try container.encode(identical, forKey: keys("identical"))
        try container.encode(stale, forKey: keys("stale"))
        try container.encode(total, forKey: keys("total"))
        try container.encode(wordsToTranslate, forKey: keys("words_to_translate"))
        try container.encode(charactersToTranslate, forKey: keys("characters_to_translate"))
        var percents: [String: Double] = [:]
        for status in TranslationStatus.allCases {
            percents[status.rawValue] = (percent(status) * 100).rounded() / 100
        }
        try container.encode(percents, forKey: keys("percent"))
    }
}

/// Translation coverage of a project: per translation locale, per collection, per field, the
/// counts of translated, missing, identical and stale texts and the words and characters left
/// to translate. What `gamepack l10n status` prints and `--fail-under` checks.
///
/// JSON (`JSONEncoder`, keys sorted by `json()`):
/// ```json
/// {"version": 1, "project": "gohike-amsterdam", "default_locale": "en",
///  "locales": {"nl": {"translated": 9, "missing": 1, "identical": 1, "stale": 1, "total": 12,
///    "words_to_translate": 40, "characters_to_translate": 250, "percent": {"translated": 75, …},
///    "collections": {"locations": {…counts…, "fields": {"name": {…counts…}}}}}}}
/// ```
public struct LocalizationReport: Sendable, Encodable {
    /// One field of one collection (list elements are counted together as `field[]`).
    public struct FieldCoverage: Sendable, Encodable {
        /// The field path (`name`, `details.text`, `tips[]`).
        public var field: String
        /// The counts over this field of every item of the collection.
        public var counts: TranslationCounts

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            try counts.encode(into: &container, keys: DynamicKey.init)
        }
    }

    /// One collection in one locale.
    public struct CollectionCoverage: Sendable, Encodable {
        /// The collection name.
        public var collection: String
        /// The counts over all its fields.
        public var counts: TranslationCounts
        /// In the content type's field order.
        public var fields: [FieldCoverage]

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            try counts.encode(into: &container, keys: DynamicKey.init)
            try container.encode(
                Dictionary(uniqueKeysWithValues: fields.map { ($0.field, $0) }), forKey: DynamicKey("fields"))
        }
    }

    /// One translation locale.
    public struct LocaleCoverage: Sendable, Encodable {
        /// The locale code.
        public var locale: String
        /// The counts over the whole project.
        public var counts: TranslationCounts
        /// Sorted by collection name.
        public var collections: [CollectionCoverage]

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            try counts.encode(into: &container, keys: DynamicKey.init)
            try container.encode(
                Dictionary(uniqueKeysWithValues: collections.map { ($0.collection, $0) }),
                forKey: DynamicKey("collections"))
        }
    }

    /// The project's id.
    public var projectID: String
    /// The project's name.
    public var projectName: String
    /// The source locale.
    public var defaultLocale: String
    /// One entry per translation locale, in the project's order.
    public var locales: [LocaleCoverage]

    /// Computes the report for `locales` (default: every translation locale of the project).
    /// Throws `LocalizationError.unknownLocale` for a locale that is not a translation locale.
    public init(project: Project, locales: [String]? = nil) throws {
        let inventory = TranslationInventory(project: project)
        let wanted = locales ?? inventory.translationLocales
        for locale in wanted where !inventory.translationLocales.contains(locale) {
            throw LocalizationError.unknownLocale(locale, available: inventory.translationLocales)
        }
        func fieldRank(_ collection: String, _ field: String) -> Int {
            let top = String(field.prefix { $0 != "." && $0 != "[" })
            return project.type(of: collection)?.fields.firstIndex { $0.name == top } ?? Int.max
        }
        projectID = project.config.id
        projectName = project.config.name
        defaultLocale = inventory.defaultLocale
        self.locales = wanted.map { locale in
            var byCollection: [String: [String: TranslationCounts]] = [:]
            var total = TranslationCounts()
            for state in inventory.states(for: locale) {
                let field = Self.fieldKey(state.field)
                byCollection[state.collection, default: [:]][field, default: TranslationCounts()].add(state)
                total.add(state)
            }
            let collections = byCollection.keys.sorted().map { collection in
                let fields = byCollection[collection]!.map { FieldCoverage(field: $0.key, counts: $0.value) }
                    .sorted { (fieldRank(collection, $0.field), $0.field) < (fieldRank(collection, $1.field), $1.field) }
                var counts = TranslationCounts()
                for field in fields { counts.add(field.counts) }
                return CollectionCoverage(collection: collection, counts: counts, fields: fields)
            }
            return LocaleCoverage(locale: locale, counts: total, collections: collections)
        }
    }

    /// The field path with list indices dropped (`tips[3].title` → `tips[].title`), so a field
    /// is counted once over all list elements.
    static func fieldKey(_ path: String) -> String {
        var result = ""
        var inIndex = false
        for c in path {
            if c == "[" {
                inIndex = true; result.append(c)
            } else if c == "]" {
                inIndex = false; result.append(c)
            } else if !inIndex {
                result.append(c)
            }
        }
        return result
    }

    /// The coverage of `locale`, if the report has it.
    public func coverage(of locale: String) -> LocaleCoverage? { locales.first { $0.locale == locale } }

    /// Whether `locale`'s share of translated texts is below `threshold` percent (0–100): what
    /// `--fail-under PCT` fails on. A locale not in the report is not below.
    public func isBelow(_ threshold: Double, locale: String) -> Bool {
        guard let coverage = coverage(of: locale) else { return false }
        return coverage.counts.percentTranslated < threshold
    }

    /// The locales whose share of translated texts is below `threshold` percent.
    public func locales(below threshold: Double) -> [String] {
        locales.filter { $0.counts.percentTranslated < threshold }.map(\.locale)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: DynamicKey.self)
        try container.encode(1, forKey: DynamicKey("version"))
        try container.encode(projectID, forKey: DynamicKey("project"))
        try container.encode(projectName, forKey: DynamicKey("name"))
        try container.encode(defaultLocale, forKey: DynamicKey("default_locale"))
        try container.encode(
            Dictionary(uniqueKeysWithValues: locales.map { ($0.locale, $0) }), forKey: DynamicKey("locales"))
    }

    /// The report as pretty-printed JSON with sorted keys, ending in a newline.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding dictionaries of strings and numbers cannot fail.
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// One summary sentence for a locale.
    func summary(_ coverage: LocaleCoverage) -> String {
        let c = coverage.counts
        return "\(c.translated) of \(c.total) translated (\(Self.format(c.percentTranslated))): \(c.missing) missing, "
            + "\(c.identical) identical to the source, \(c.stale) stale; \(c.wordsToTranslate) words "
            + "(\(c.charactersToTranslate) characters) to translate"
    }

    /// The table rows of a locale: one per field, then the collection's total.
    func rows(_ coverage: LocaleCoverage) -> [[String]] {
        var rows: [[String]] = []
        func row(_ collection: String, _ field: String, _ c: TranslationCounts) -> [String] {
            [
                collection, field, String(c.translated), String(c.missing), String(c.identical), String(c.stale),
                String(c.total), Self.format(c.percentTranslated), String(c.wordsToTranslate),
                String(c.charactersToTranslate),
            ]
        }
        for collection in coverage.collections {
            for field in collection.fields { rows.append(row(collection.collection, field.field, field.counts)) }
            if collection.fields.count > 1 { rows.append(row(collection.collection, "(all)", collection.counts)) }
        }
        rows.append(row("(all)", "", coverage.counts))
        return rows
    }

    static let header = [
        "collection", "field", "translated", "missing", "identical", "stale", "total", "done", "words", "characters",
    ]

    /// A plain-text report: a summary line and an aligned table per locale.
    public func text() -> String {
        var out = "\(projectName) (\(projectID)): translations from \(defaultLocale) (\(LocaleNames.name(defaultLocale)))\n"
        if locales.isEmpty { out += "\nThe project has no locale to translate into.\n" }
        for coverage in locales {
            out += "\n\(coverage.locale) (\(LocaleNames.name(coverage.locale))): \(summary(coverage))\n"
            let table = [Self.header] + rows(coverage)
            let widths = Self.header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
            for row in table {
                let cells = row.indices.map { column in
                    column < 2
                        ? row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
                        : String(repeating: " ", count: widths[column] - row[column].count) + row[column]
                }
                // The row without its trailing white space (no regular expression: compiling one
                // sets up ICU's regex tables).
                let line = "  " + cells.joined(separator: "  ")
                let end = line.lastIndex { !$0.isWhitespace }.map(line.index(after:)) ?? line.startIndex
                out += String(line[..<end]) + "\n"
            }
        }
        return out
    }

    /// A Markdown report (for a pull-request comment): a heading, a summary and a table per locale.
    public func markdown() -> String {
        var out = "## Translations: \(projectName)\n\nSource locale: `\(defaultLocale)` (\(LocaleNames.name(defaultLocale))).\n"
        if locales.isEmpty { out += "\nThe project has no locale to translate into.\n" }
        for coverage in locales {
            out +=
                "\n### `\(coverage.locale)` (\(LocaleNames.name(coverage.locale))): \(Self.format(coverage.counts.percentTranslated)) translated\n\n"
            out += summary(coverage).prefix(1).uppercased() + summary(coverage).dropFirst() + ".\n\n"
            out += "| " + Self.header.joined(separator: " | ") + " |\n"
            out += "| --- | --- |" + String(repeating: " ---: |", count: Self.header.count - 2) + "\n"
            for row in rows(coverage) {
                let bold = row[0] == "(all)" || row[1] == "(all)"
                out +=
                    "| "
                    + row.map { cell in
                        let escaped = cell.replacingOccurrences(of: "|", with: "\\|")
                        return bold && !cell.isEmpty ? "**\(escaped)**" : escaped
                    }.joined(separator: " | ") + " |\n"
            }
        }
        return out
    }

    /// A percentage with one decimal: `75.0%`.
    static func format(_ percent: Double) -> String { String(format: "%.1f%%", percent) }
}

/// A coding key made from any string, for JSON objects keyed by locale, collection or field.
struct DynamicKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
