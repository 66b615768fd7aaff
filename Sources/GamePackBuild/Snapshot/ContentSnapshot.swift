import Foundation
import GamePackContent
import GamePackFormat
import GamePackLocalization

/// What a snapshot was read from.
public enum SnapshotKind: String, Sendable, Codable {
    /// A source project folder.
    case project
    /// A built `.gamepack` (read through its canonical or gohike target).
    case pack
    /// A Go Take a Hike! `content.json`.
    case gohikeContent = "gohike-content"
    /// A git revision of a project, materialized with `git archive`.
    case gitRevision = "git"
}

/// One item of a snapshot: its fields as `DiffValue`s, the `id` field left out.
public struct SnapshotItem: Sendable {
    /// The collection (`locations`).
    public var collection: String
    public var id: ItemID
    /// Field values by name; absent, null and empty fields are left out.
    public var fields: [String: DiffValue]
    /// The item's name in the default locale (`name`, `title` or `text`), for reports.
    public var title: String?
    /// The project-relative file the item is in (projects and git revisions).
    public var file: String? = nil

    package init(collection: String, id: ItemID, fields: [String: DiffValue], title: String?, file: String? = nil) {
        self.collection = collection
        self.id = id
        self.fields = fields
        self.title = title
        self.file = file
    }
}

/// One version of a project's content, read from any input kind into the same model so that
/// `DiffEngine` compares meaning, never bytes or positions.
public struct ContentSnapshot: Sendable {
    /// How the input is named in reports (the path as given, or `git:main`).
    public var label: String
    public var kind: SnapshotKind
    /// The project id, when the input has one (content.json has none).
    public var project: String?
    /// The content version, when known (a pack's version; a content.json's `version`).
    public var version: String?
    /// Locale codes, the default first.
    public var locales: [String]
    public var defaultLocale: String
    /// Content types by collection (the project's own, else the built-in ones).
    public var types: [String: ContentType]
    /// Items by collection, then id. Changing them drops `coverageTally`.
    public var items: [String: [ItemID: SnapshotItem]] {
        didSet { coverageTally = nil }
    }
    /// Reads asset hashes, headers and bytes on demand.
    public var assets: AssetStore
    /// What the reader could not carry over or had to choose (duplicate ids, items without
    /// an id, a gohike location that differs between routes).
    public var warnings: [String]
    /// Reads the source hashes stored beside translations (projects only).
    package var storedHashes: StoredSourceHashes? = nil
    /// The oldest client content format the content needs (`PackManifest.minimumClientFormat`,
    /// or what a project's build would write); nil when the input does not say (content.json).
    public var minimumClientFormat: Int? = nil
    /// A content.json's images read without their hashes, by pending asset path (see
    /// `resolvePendingImages`); nil when every asset path is final.
    package var pendingImages: [String: Data]? = nil
    /// What the snapshot was read from, when its reader hands it over (a content.json's items
    /// as read, tens of thousands of small strings and arrays): freeing it is left to the
    /// holder of the snapshot, and `gamepack diff` leaves it to the end of the process
    /// (`KeptUntilExit`) instead of spending its reading time on it.
    package var source: (any Sendable)? = nil
    /// Every collection's translation coverage, when the reader counted it as it read the
    /// items (`CoverageTally`); nil when the items have changed since.
    package var coverageTally: CoverageTally? = nil

    package init(
        label: String, kind: SnapshotKind, project: String?, version: String?, locales: [String], defaultLocale: String,
        types: [String: ContentType], items: [String: [ItemID: SnapshotItem]], assets: AssetStore, warnings: [String]
    ) {
        self.label = label
        self.kind = kind
        self.project = project
        self.version = version
        self.locales = locales
        self.defaultLocale = defaultLocale
        self.types = types
        self.items = items
        self.assets = assets
        self.warnings = warnings
    }

    /// The item `id` of `collection`.
    public func item(_ collection: String, _ id: ItemID) -> SnapshotItem? { items[collection]?[id] }

    /// Number of items.
    public var itemCount: Int { items.values.reduce(0) { $0 + $1.count } }
}

/// The source hashes a project stores beside its translations (`# gamepack:source nl=…`, see
/// `SourceHash`), read on demand for the few items whose source text changed: a file is read
/// and parsed again only when it holds the marker.
package final class StoredSourceHashes: @unchecked Sendable {
    let root: URL
    let types: [String: ContentType]
    let defaultLocale: String
    private let lock = NSLock()
    /// Translatable fields per file (nil: the file has no marker).
    private var files: [String: [TranslatableField]?] = [:]

    package init(root: URL, types: [String: ContentType], defaultLocale: String) {
        self.root = root
        self.types = types
        self.defaultLocale = defaultLocale
    }

    /// Whether the translation into `locale` of `field` (a path such as `description` or
    /// `details.text`) of an item is stale by its stored hash; nil when it stores none.
    package func isStale(file: String, collection: String, id: ItemID, field: String, locale: String) -> Bool? {
        let fields = lock.withLock { files[file] } ?? load(file)
        guard let unit = fields?.first(where: { $0.collection == collection && $0.itemID == id && $0.field == field }),
            unit.texts[locale]?.storedHash != nil
        else { return nil }
        return unit.state(for: locale).status == .stale
    }

    private func load(_ file: String) -> [TranslatableField]? {
        var result: [TranslatableField]?
        if let data = SourceLoader.contents(of: root.path + "/" + file),
            String(decoding: data, as: UTF8.self).contains(SourceHash.marker),
            case .loaded(let node) = SourceLoader.load(data: data, path: file)
        {
            let lines = SourceLines(data)
            let collection = file.split(separator: "/").dropFirst().first.map(String.init) ?? ""
            var fields: [TranslatableField] = []
            for element in node.elements ?? [node] {
                guard let id = element["id"].flatMap(ItemID.init(node:)), let type = types[collection] else { continue }
                fields += TranslationInventory.fields(
                    of: element, collection: collection, id: id, type: type, defaultLocale: defaultLocale,
                    line: { lines.line($0) })
            }
            result = fields
        }
        lock.withLock { files[file] = .some(result) }
        return result
    }
}

/// Turns source nodes and JSON values into `DiffValue`s by a field's spec, with a generic
/// reading for fields the content type does not define.
package struct SnapshotValueReader: Sendable {
    let defaultLocale: String
    let locales: [String]
    /// The asset reference for an asset path as written in a project (relative to `assets/`).
    let asset: @Sendable (String) -> AssetRef

    package init(defaultLocale: String, locales: [String], asset: @escaping @Sendable (String) -> AssetRef) {
        self.defaultLocale = defaultLocale
        self.locales = locales
        self.asset = asset
    }

    // MARK: Source nodes (projects, gohike content)

    package func fields(of node: SourceNode, type: ContentType?) -> [String: DiffValue] {
        var fields: [String: DiffValue] = [:]
        for entry in node.entries ?? [] where entry.key != "id" {
            if let value = value(entry.value, spec: type?.field(entry.key)) { fields[entry.key] = value }
        }
        return fields
    }

    func value(_ node: SourceNode, spec: FieldSpec?) -> DiffValue? {
        var walk = NodeValues(reader: self)
        return walk.value(node, spec: spec)
    }

    func generic(_ node: SourceNode) -> DiffValue? {
        switch node.value {
        case .null: return nil
        case .bool(let value): return .bool(value)
        case .int(let value): return .number(Double(value), text: node.raw ?? String(value))
        case .number(let value): return .number(value, text: node.raw ?? String(value))
        case .string(let text): return text.isEmpty ? nil : .text(text)
        case .list(let elements): return .list(elements.compactMap(generic))
        case .map(let entries):
            var fields: [String: DiffValue] = [:]
            for entry in entries { if let value = generic(entry.value) { fields[entry.key] = value } }
            return .object(fields)
        }
    }

    // MARK: JSON (canonical packs)

    func fields(ofJSON object: [String: JSONValue], type: ContentType?) -> [String: DiffValue] {
        var fields: [String: DiffValue] = [:]
        for (key, raw) in object where key != "id" {
            if let value = value(json: raw, spec: type?.field(key)) { fields[key] = value }
        }
        return fields
    }

    func value(json: JSONValue, spec: FieldSpec?) -> DiffValue? {
        var walk = JSONValues(reader: self)
        return walk.value(json, spec: spec)
    }

    /// A value without a spec: asset objects (`sha256`), geo points, locale maps are recognized.
    func inferred(_ json: JSONValue) -> DiffValue? {
        switch json {
        case .null: return nil
        case .bool(let value): return .bool(value)
        case .int(let value): return .number(Double(value), text: String(value))
        case .number(let value): return .number(value, text: String(value))
        case .string(let s): return s.isEmpty ? nil : .text(s)
        case .array(let values): return .list(values.compactMap(inferred))
        case .object(let map):
            if let asset = assetValue(map) { return asset }
            if map.count == 2, let latitude = map["latitude"]?.numberValue, let longitude = map["longitude"]?.numberValue {
                return .geo(latitude: latitude, longitude: longitude)
            }
            if !map.isEmpty, map.keys.allSatisfy(locales.contains),
                map.values.allSatisfy({ if case .string = $0 { true } else { false } })
            {
                var texts: [String: String] = [:]
                for (locale, value) in map { if case .string(let s) = value, !s.isEmpty { texts[locale] = s } }
                return texts.isEmpty ? nil : .localized(texts)
            }
            var fields: [String: DiffValue] = [:]
            for (key, raw) in map { if let value = inferred(raw) { fields[key] = value } }
            return .object(fields)
        }
    }

    /// A canonical asset object: `{"sha256", "format", "bytes", "width", "height", "path"|"data"}`.
    /// A size or dimension that is not a whole number from 0 to 2⁵³ (`1e19`, `-1`, `2.5`) is a
    /// claim no file can make, and is read as unknown.
    func assetValue(_ map: [String: JSONValue]) -> DiffValue? {
        func count(_ key: String) -> Int? {
            guard let value = map[key]?.numberValue, value >= 0, value <= 9_007_199_254_740_992 else { return nil }
            return Int(exactly: value)
        }
        guard case .string(let sha)? = map["sha256"] else { return nil }
        var format: MediaFormat?
        if case .string(let name)? = map["format"] { format = MediaFormat(rawValue: name) }
        var path = "assets/\(sha).\(format?.fileExtension ?? "bin")"
        if case .string(let written)? = map["path"] { path = written }
        return .asset(
            AssetRef(
                path: path, sha256: sha, bytes: count("bytes").map { Int64($0) }, format: format, width: count("width"),
                height: count("height")))
    }

    /// The display title of an item: its `name`, `title` or `text` in the default locale.
    package func title(_ fields: [String: DiffValue]) -> String? {
        for key in ["name", "title", "text"] {
            switch fields[key] {
            case .text(let text)?: return text
            case .localized(let texts)?: return texts[defaultLocale] ?? texts.values.sorted().first
            default: continue
            }
        }
        return nil
    }
}

extension SnapshotValueReader {
    /// The field walk over source nodes: a value that does not have its field's shape is read
    /// generically.
    struct NodeValues: FieldVisitor {
        let reader: SnapshotValueReader

        mutating func value(_ node: SourceNode, spec: FieldSpec?) -> DiffValue? {
            if case .null = node.value { return nil }
            guard let spec else { return reader.generic(node) }
            return walk(node, spec: spec)
        }

        mutating func visitLeaf(_ type: LeafFieldType, _ node: SourceNode, spec: FieldSpec) -> DiffValue? {
            switch type {
            case .string, .text, .url, .enum, .date:
                guard let text = node.scalarText else { return reader.generic(node) }
                return text.isEmpty ? nil : .text(text)
            case .int, .number:
                guard let number = node.doubleValue else { return reader.generic(node) }
                return .number(number, text: node.raw ?? String(number))
            case .bool:
                if case .bool(let value) = node.value { return .bool(value) }
                return reader.generic(node)
            case .geo:
                if let latitude = node["latitude"]?.doubleValue, let longitude = node["longitude"]?.doubleValue {
                    return .geo(latitude: latitude, longitude: longitude)
                }
                return reader.generic(node)
            case .reference:
                if let id = ItemID(node: node) { return .reference(id.text) }
                return reader.generic(node)
            case .image, .audio:
                guard let path = node.scalarText, !path.isEmpty else { return reader.generic(node) }
                return .asset(reader.asset(AssetPath.normalize(path)))
            }
        }

        mutating func visitLocalized(_ node: SourceNode, spec: FieldSpec) -> DiffValue? {
            if let text = node.scalarText { return text.isEmpty ? nil : .localized([reader.defaultLocale: text]) }
            guard let entries = node.entries else { return reader.generic(node) }
            var texts: [String: String] = [:]
            for entry in entries {
                if let text = entry.value.scalarText, !text.isEmpty { texts[entry.key] = text }
            }
            return texts.isEmpty ? nil : .localized(texts)
        }

        mutating func visitList(_ node: SourceNode, spec: FieldSpec, element: FieldSpec?) -> DiffValue? {
            guard let elements = node.elements else { return reader.generic(node) }
            var values: [DiffValue] = []
            for node in elements {
                if let value = value(node, spec: element) { values.append(value) }
            }
            return .list(values)
        }

        mutating func visitObject(_ node: SourceNode, spec: FieldSpec) -> DiffValue? {
            guard let entries = node.entries else { return reader.generic(node) }
            var fields: [String: DiffValue] = [:]
            for entry in entries {
                if let value = value(entry.value, spec: spec.field(entry.key)) { fields[entry.key] = value }
            }
            return .object(fields)
        }
    }

    /// The field walk over a canonical pack's JSON: a value that does not have its field's
    /// shape is read by `inferred`.
    struct JSONValues: FieldVisitor {
        let reader: SnapshotValueReader

        mutating func value(_ json: JSONValue, spec: FieldSpec?) -> DiffValue? {
            if json == .null { return nil }
            guard let spec else { return reader.inferred(json) }
            return walk(json, spec: spec)
        }

        mutating func visitLeaf(_ type: LeafFieldType, _ json: JSONValue, spec: FieldSpec) -> DiffValue? {
            switch type {
            case .string, .text, .url, .enum, .date:
                if case .string(let s) = json { return s.isEmpty ? nil : .text(s) }
            case .reference:
                if case .int(let i) = json { return .reference(String(i)) }
                if case .string(let s) = json { return .reference(s) }
            case .image, .audio:
                if case .object(let map) = json { return reader.assetValue(map) ?? reader.inferred(json) }
            case .int, .number, .bool, .geo:
                break
            }
            return reader.inferred(json)
        }

        mutating func visitLocalized(_ json: JSONValue, spec: FieldSpec) -> DiffValue? {
            switch json {
            case .string(let s):
                return s.isEmpty ? nil : .localized([reader.defaultLocale: s])
            case .object(let map):
                var texts: [String: String] = [:]
                for (locale, value) in map { if case .string(let s) = value, !s.isEmpty { texts[locale] = s } }
                return texts.isEmpty ? nil : .localized(texts)
            default:
                return reader.inferred(json)
            }
        }

        mutating func visitList(_ json: JSONValue, spec: FieldSpec, element: FieldSpec?) -> DiffValue? {
            guard case .array(let values) = json else { return reader.inferred(json) }
            var list: [DiffValue] = []
            for json in values {
                if let value = value(json, spec: element) { list.append(value) }
            }
            return .list(list)
        }

        mutating func visitObject(_ json: JSONValue, spec: FieldSpec) -> DiffValue? {
            guard case .object(let map) = json else { return reader.inferred(json) }
            var fields: [String: DiffValue] = [:]
            for (key, raw) in map { if let value = value(raw, spec: spec.field(key)) { fields[key] = value } }
            return .object(fields)
        }
    }
}
