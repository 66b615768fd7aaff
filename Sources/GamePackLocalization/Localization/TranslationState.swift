import Foundation
import GamePackContent

/// Where one translation of one localized field stands.
public enum TranslationStatus: String, Sendable, Codable, CaseIterable {
    /// A text exists, differs from the source (or equals it and the translator approved that
    /// for the current source text), and was made from the current source (or is untracked: no
    /// stored source hash).
    case translated
    /// No text for the locale: absent, null, or empty (whitespace only counts as empty).
    case missing
    /// The text equals the default-locale text (trimmed) and contains letters, and no approval
    /// is recorded for the current source text: most likely copied, not translated (the
    /// `identical-translation` lint rule's test).
    case identical
    /// The stored source hash differs from the hash of the current source text: the source
    /// changed after the translation was made. Takes precedence over `identical`.
    case stale
}

/// One translation of one localized field: what lint's stale and missing rules, the coverage
/// report and the XLIFF export read.
public struct TranslationState: Sendable, Equatable {
    /// The XLIFF unit id: `collection/item-id/field` (the field may be a path: `details.text`,
    /// `tips[0]`).
    public var unitID: String
    /// The item's collection (folder under `content/`).
    public var collection: String
    /// The item's id.
    public var itemID: ItemID
    /// The field path within the item.
    public var field: String
    /// The translation's locale code.
    public var locale: String
    /// Translated, missing, identical or stale.
    public var status: TranslationStatus
    /// The current default-locale text.
    public var source: String
    /// The translation as written; nil when absent or null.
    public var translation: String?
    /// The hash of the current source text (`SourceHash.of(source)`).
    public var sourceHash: String
    /// The hash stored beside the translation, if any.
    public var storedHash: String?
    /// Whether the stored pair carries `:approved` (a translator approved the text as it is;
    /// it counts only while `storedHash` is the current source's).
    public var approved: Bool = false
    /// Where the translation's value is; the field's value when the locale is absent.
    public var location: SourceLocation
}

/// One localized field of one item that has a default-locale text to translate: one XLIFF
/// `trans-unit` per translation locale.
public struct TranslatableField: Sendable {
    /// One locale's text as written in the source file.
    public struct Text: Sendable, Equatable {
        /// The text; nil for a null value (`nl:` or `nl: ~`).
        public var text: String?
        /// Where the value starts.
        public var location: SourceLocation
        /// The source hash stored in the line's `gamepack:source` comment, if any.
        public var storedHash: String?
        /// Whether that pair is marked `:approved` (see `SourceHash`).
        public var approved = false
    }

    /// `collection/item-id/field`.
    public var unitID: String { "\(collection)/\(itemID)/\(field)" }
    /// The item's collection (folder under `content/`).
    public var collection: String
    /// The item's id.
    public var itemID: ItemID
    /// The field path within the item: `name`, `details.text`, `tips[0]`.
    public var field: String
    /// The field's spec (for `max_length` and `description`).
    public var spec: FieldSpec
    /// The item's name in the default locale (its `name` or `title` field), for context.
    public var itemName: String?
    /// The default-locale text.
    public var source: String
    /// Every locale's text, the default locale's included; a plain-string value is the default
    /// locale's text.
    public var texts: [String: Text]
    /// The field's value node (a map of locale → text, or a plain string).
    public var node: SourceNode
    /// Where the field's key is written; nil for a list element.
    var keyLocation: SourceLocation?
    /// Where the map or list holding the field starts (`{` or `[` when it is a flow collection).
    var parentLocation: SourceLocation
    /// The project-relative file the item is in.
    public var file: String { node.location.file }
    /// The 1-based line of the field's key (of its value for a list element); nil when unknown.
    /// What exports give as the unit's place (`file:line`), by which imports from PO tools find it.
    public var line: Int? {
        let location = keyLocation ?? node.location
        return location.hasPosition ? location.line : nil
    }

    /// The state of the translation into `locale`.
    public func state(for locale: String) -> TranslationState {
        let sourceHash = SourceHash.of(source)
        let text = texts[locale]
        let translation = text?.text
        let status: TranslationStatus
        if let translation, !translation.trimmedWhitespace.isEmpty {
            if let stored = text?.storedHash, stored != sourceHash {
                status = .stale
            } else if translation.trimmedWhitespace == source.trimmedWhitespace,
                translation.unicodeScalars.contains(where: \.properties.isAlphabetic),
                !(text?.approved == true && text?.storedHash == sourceHash)
            {
                status = .identical
            } else {
                status = .translated
            }
        } else {
            status = .missing
        }
        return TranslationState(
            unitID: unitID, collection: collection, itemID: itemID, field: field, locale: locale, status: status,
            source: source, translation: translation, sourceHash: sourceHash, storedHash: text?.storedHash,
            approved: text?.approved ?? false, location: text?.location ?? node.location)
    }
}

/// Every translatable field of a project, in project order (file path, position in the file,
/// then the content type's field order). Fields without a default-locale text are left out:
/// there is nothing to translate (lint reports them).
public struct TranslationInventory: Sendable {
    /// The project's default (source) locale.
    public var defaultLocale: String
    /// The locales translations are expected for.
    public var translationLocales: [String]
    /// The fields, in project order.
    public var fields: [TranslatableField]

    /// Collects the localized fields of every item with an id whose collection has a content
    /// type. Stored source hashes are read from the files' text (`project.sources`).
    /// With `onlyMarkedFiles`, only the items of files that hold stored source hashes
    /// (`project.markedFiles`), which are all a stale check needs.
    public init(project: Project, onlyMarkedFiles: Bool = false) {
        defaultLocale = project.config.defaultLocale
        translationLocales = project.config.translationLocales
        var fields: [TranslatableField] = []
        var lines: [String: SourceLines] = [:]
        for item in project.items {
            guard let id = item.id, let type = project.type(of: item.collection) else { continue }
            let marked = project.markedFiles.contains(item.file)
            if onlyMarkedFiles && !marked { continue }
            if !marked {
                fields += Self.fields(
                    of: item.node, collection: item.collection, id: id, type: type, defaultLocale: defaultLocale,
                    line: { _ in nil })
                continue
            }
            if lines[item.file] == nil {
                lines[item.file] = SourceLines(
                    FileManager.default.contents(atPath: project.root.path + "/" + item.file) ?? Data())
            }
            let fileLines = lines[item.file]
            fields += Self.fields(
                of: item.node, collection: item.collection, id: id, type: type, defaultLocale: defaultLocale,
                line: { fileLines?.line($0) })
        }
        self.fields = fields
    }

    /// The localized fields of one item. `line` returns the text of a 1-based line of the item's
    /// file, for reading stored hashes.
    package static func fields(
        of item: SourceNode, collection: String, id: ItemID, type: ContentType, defaultLocale: String,
        line: (Int) -> String?
    ) -> [TranslatableField] {
        var result: [TranslatableField] = []
        let itemName = name(of: item, defaultLocale: defaultLocale)
        forEachLocalized(in: item, type: type) { node, spec, path, key, parent in
            guard let texts = localizedTexts(node, defaultLocale: defaultLocale),
                let source = texts[defaultLocale]?.text, !source.trimmedWhitespace.isEmpty
            else { return true }
            result.append(
                TranslatableField(
                    collection: collection, itemID: id, field: path(), spec: spec, itemName: itemName, source: source,
                    texts: texts, node: node, keyLocation: key, parentLocation: parent))
            return true
        }
        // Stored hashes: from each translation's line, keyed by `field.locale` or `locale`.
        var pairsByLine: [Int: [(key: String, hash: String, approved: Bool)]] = [:]
        for index in result.indices {
            for (locale, text) in result[index].texts where locale != defaultLocale && text.location.hasPosition {
                let lineNumber = text.location.line
                if pairsByLine[lineNumber] == nil {
                    pairsByLine[lineNumber] = line(lineNumber).map { storedPairs(onLine: $0, from: text.location.column) } ?? []
                }
                let stored = SourceHash.lookup(pairsByLine[lineNumber] ?? [], field: result[index].field, locale: locale)
                result[index].texts[locale]?.storedHash = stored?.hash
                result[index].texts[locale]?.approved = stored?.approved ?? false
            }
        }
        return result
    }

    /// Calls `body` with every localized value of `item` in field order: its node, field spec,
    /// field path (`name`, `stops[2].note`; built only when asked for), key location and
    /// parent's location. Stops when `body` returns false; returns false when it stopped.
    @discardableResult
    static func forEachLocalized(
        in item: SourceNode, type: ContentType,
        _ body: (SourceNode, FieldSpec, () -> String, SourceLocation?, SourceLocation) -> Bool
    ) -> Bool {
        withoutActuallyEscaping(body) { body in
            var walk = LocalizedFieldWalk(body: body)
            for entry in item.entries ?? [] where entry.key != "id" {
                guard let spec = type.field(entry.key) else { continue }
                walk.path.removeAll(keepingCapacity: true)
                walk.path.append(.key(entry.key))
                let place = LocalizedFieldWalk.Place(node: entry.value, key: entry.keyLocation, parent: item.location)
                guard walk.walk(place, spec: spec) else { return false }
            }
            return true
        }
    }

    /// The marker pairs in the comment of `line`, scanning from the 1-based `column` of a value.
    package static func storedPairs(onLine line: String, from column: Int) -> [(key: String, hash: String, approved: Bool)] {
        guard line.contains(SourceHash.marker) else { return [] }
        let scalars = Array(line.unicodeScalars)
        let result = YAMLLineScanner.scan(scalars, from: max(0, min(column - 1, scalars.count)))
        guard let start = result.commentStart else { return [] }
        let comment = String(String.UnicodeScalarView(scalars[(start + 1)...]))
        return SourceHash.pairs(inComment: Substring(comment))
    }

    /// The texts of a localized value by locale: a map's entries, or a plain string as the
    /// default locale's text. Nil when the value is neither (lint reports it).
    static func localizedTexts(_ node: SourceNode, defaultLocale: String) -> [String: TranslatableField.Text]? {
        if let text = node.scalarText {
            return [defaultLocale: .init(text: text, location: node.location, storedHash: nil)]
        }
        guard let entries = node.entries else { return nil }
        var texts: [String: TranslatableField.Text] = [:]
        for entry in entries {
            switch entry.value.value {
            case .null:
                texts[entry.key] = .init(text: nil, location: entry.value.location, storedHash: nil)
            default:
                guard let text = entry.value.scalarText else { continue }
                texts[entry.key] = .init(text: text, location: entry.value.location, storedHash: nil)
            }
        }
        return texts
    }

    /// The item's display name in the default locale: its `name` (or `title`) field.
    static func name(of item: SourceNode, defaultLocale: String) -> String? {
        for key in ["name", "title"] {
            guard let node = item[key] else { continue }
            if let text = node.scalarText { return text }
            if let text = node[defaultLocale]?.scalarText { return text }
        }
        return nil
    }

    /// A copy of `project`, in memory only, in which each localized field with a default-locale
    /// text gets the texts `texts` returns for it (locale → text), replacing any it had. A
    /// plain-string value becomes a map of the default locale and those locales. For builds
    /// (pseudo-localization, fallbacks); the source files are not touched.
    static func settingTexts(in project: Project, _ texts: (TranslatableField) -> [String: String]) -> Project {
        var result = project
        let defaultLocale = project.config.defaultLocale
        for index in result.items.indices {
            let item = result.items[index]
            guard let id = item.id, let type = project.type(of: item.collection) else { continue }
            let fields = fields(
                of: item.node, collection: item.collection, id: id, type: type, defaultLocale: defaultLocale, line: { _ in nil })
            for field in fields {
                let replacements = texts(field)
                guard !replacements.isEmpty else { continue }
                result.items[index].node =
                    result.items[index].node.updating(SourceShape.steps(field.field)[...]) { node in
                        var entries = node.entries ?? [SourceEntry(key: defaultLocale, keyLocation: node.location, value: node)]
                        entries.removeAll { replacements[$0.key] != nil }
                        for locale in replacements.keys.sorted() {
                            let text = SourceNode(
                                .string(replacements[locale]!), raw: nil, isQuoted: true, location: field.node.location)
                            entries.append(SourceEntry(key: locale, keyLocation: node.location, value: text))
                        }
                        return SourceNode(.map(entries), location: node.location)
                    } ?? result.items[index].node
            }
        }
        return result
    }

    /// The translation states for `locale`, one per field, in project order.
    public func states(for locale: String) -> [TranslationState] {
        fields.map { $0.state(for: locale) }
    }

    /// The translation states of every translation locale, by locale.
    public func allStates() -> [String: [TranslationState]] {
        Dictionary(uniqueKeysWithValues: translationLocales.map { ($0, states(for: $0)) })
    }
}

/// The lines of a source file as YAML counts them: split at `\n` (a `\r` before it is dropped),
/// without a byte order mark. Only files that contain a `gamepack:source` marker are indexed; for
/// the others every line is nil (there is no stored hash to read). (Splitting a Swift `String`
/// at the `Character` `"\n"` would not split `\r\n`, which is one `Character`.)
package struct SourceLines: Sendable {
    private let bytes: [UInt8]
    /// Offsets of each line's start in `bytes`; empty when the file has no marker.
    private let starts: [Int]

    package init(_ data: Data) {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let hasMarker = SourceHash.isMarked(Data(bytes))
        var starts: [Int] = []
        if hasMarker {
            starts.append(0)
            for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        }
        self.bytes = bytes
        self.starts = starts
    }

    init(_ text: String) { self.init(Data(text.utf8)) }

    /// The 1-based line `number`, nil past the end or when the file has no marker.
    package func line(_ number: Int) -> String? {
        guard number >= 1, number <= starts.count else { return nil }
        var end = number < starts.count ? starts[number] - 1 : bytes.count
        if end > starts[number - 1], bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[starts[number - 1]..<end], as: UTF8.self)
    }
}

extension TranslationInventory {
    /// Throws unless the inventory can be exported for `locale` (XLIFF or PO): `locale` is one
    /// of the project's translation locales, and no two texts share a unit id.
    func checkExportable(locale: String) throws {
        guard translationLocales.contains(locale) else {
            throw LocalizationError.unknownLocale(locale, available: translationLocales)
        }
        var seen: [String: SourceLocation] = [:]
        for field in fields {
            if let first = seen[field.unitID] {
                throw LocalizationError.duplicateUnit(id: field.unitID, locations: [first, field.node.location])
            }
            seen[field.unitID] = field.node.location
        }
    }
}
