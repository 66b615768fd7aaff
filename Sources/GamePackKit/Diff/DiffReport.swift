import Foundation
import GamePackBuild
import GamePackContent
import GamePackFormat

/// How an item changed between two versions.
public enum ItemChangeKind: String, Sendable, Codable, CaseIterable {
    case added, removed, modified
}

/// What a change means for players and CI, most severe first. An item's class is the most
/// severe of its field changes' classes.
public enum ChangeClass: String, Sendable, Codable, CaseIterable, Comparable {
    /// Players' saved state or a client breaks: an id that state or a reference points at is
    /// removed or renumbered, a route's waypoint order changes or a waypoint is removed, a
    /// required field disappears, a reference points at an item that no longer exists.
    case breaking
    /// What players see changes (default-locale texts, positions, numbers, references, order).
    case content
    /// A translation (a non-default locale's text) is added, removed or changed.
    case translation
    /// An image or sound is added, removed or replaced.
    case asset
    /// Only whitespace changed.
    case cosmetic

    /// Severity rank: 0 is the most severe.
    public var rank: Int { Self.allCases.firstIndex(of: self)! }

    public static func < (lhs: ChangeClass, rhs: ChangeClass) -> Bool { lhs.rank < rhs.rank }
}

/// What happened to one field (one locale of a localized field).
public enum FieldChangeKind: String, Sendable, Codable {
    case added, removed, changed
    /// A geo point moved (`meters` says how far).
    case moved
    /// An asset's bytes changed.
    case replaced
    /// A list's elements were inserted, removed or reordered (`list` says which).
    case reordered
    /// The item's position among its siblings (by `order`, then id) changed.
    case position
}

/// The elements of a list matched by their natural id (a reference's id, an object's `id`).
public struct ListChange: Sendable, Codable, Equatable {
    /// One element and its 1-based positions.
    public struct Element: Sendable, Codable, Equatable {
        public var key: String
        public var from: Int?
        public var to: Int?
    }
    public var inserted: [Element]
    public var removed: [Element]
    /// Elements in both lists whose order relative to the others changed.
    public var moved: [Element]
}

/// One changed field of an item.
public struct FieldChange: Sendable, Codable, Equatable {
    /// The field path: `name`, `description.nl` (one locale of a localized field), `details.text`.
    public var path: String
    public var change: FieldChangeKind
    public var `class`: ChangeClass
    /// The change in domain words: `moved 1.2 km`, `replaced 58 KB → 61 KB, 640×480 → 800×600`.
    public var summary: String
    public var old: JSONValue?
    public var new: JSONValue?
    /// For a moved geo point: the distance in meters.
    public var meters: Double?
    /// For a list: inserted, removed and moved elements.
    public var list: ListChange?
    /// For a long text: the word diff from old to new.
    public var words: [WordSegment]?
    /// For a default-locale text that changed: the locales whose translation did not change
    /// with it and is now stale.
    public var staleTranslations: [String]?
}

/// One item that was added, removed or modified.
public struct ItemChange: Sendable, Codable, Equatable {
    public var collection: String
    public var id: String
    /// The item's name in the default locale, when it has one.
    public var title: String?
    public var change: ItemChangeKind
    public var `class`: ChangeClass
    /// The changed field paths (empty for added and removed items).
    public var fields: [String]
    /// The field changes, in field order.
    public var changes: [FieldChange]
    /// For an item removed from the old version: the items that referred to it there
    /// (`routes/13`).
    public var referencedBy: [String]?
    /// A removed item whose content reappears under another id: that id.
    public var renumberedTo: String?
    /// An added item whose content was under another id: that id.
    public var renumberedFrom: String?
    /// Why the item has its class, in a sentence, when it is not evident from the fields.
    public var reason: String?
}

/// Counts of item changes.
public struct ChangeCounts: Sendable, Codable, Equatable {
    public var added = 0
    public var removed = 0
    public var modified = 0
    /// Items per class (every class present, zero included).
    public var classes: [String: Int] = Dictionary(uniqueKeysWithValues: ChangeClass.allCases.map { ($0.rawValue, 0) })

    public init() {}

    /// All changed items.
    public var total: Int { added + removed + modified }

    /// Items of `class`.
    public func count(_ changeClass: ChangeClass) -> Int { classes[changeClass.rawValue] ?? 0 }

    mutating func add(_ item: ItemChange) {
        switch item.change {
        case .added: added += 1
        case .removed: removed += 1
        case .modified: modified += 1
        }
        classes[item.class.rawValue, default: 0] += 1
    }
}

/// A locale's translation coverage in one version: texts translated out of the default-locale
/// texts there are.
public struct Coverage: Sendable, Codable, Equatable {
    public var translated: Int
    public var total: Int
    /// 0–100, one decimal; 100 when there is nothing to translate.
    public var percent: Double {
        total == 0 ? 100 : (Double(translated) * 1000 / Double(total)).rounded() / 10
    }

    enum CodingKeys: String, CodingKey { case translated, total, percent }

    public init(translated: Int, total: Int) {
        self.translated = translated
        self.total = total
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        translated = try container.decode(Int.self, forKey: .translated)
        total = try container.decode(Int.self, forKey: .total)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(translated, forKey: .translated)
        try container.encode(total, forKey: .total)
        try container.encode(percent, forKey: .percent)
    }
}

/// How a translation locale's coverage changed.
public struct CoverageChange: Sendable, Codable, Equatable {
    public var locale: String
    public var old: Coverage
    public var new: Coverage
    /// Translations that became stale: their source text changed and they did not.
    public var newlyStale: Int
}

/// One side of the diff, as reported.
public struct SnapshotSummary: Sendable, Codable, Equatable {
    public var label: String
    public var kind: SnapshotKind
    public var project: String?
    public var version: String?
    public var locales: [String]
    /// Items in the compared collections.
    public var items: Int
}

/// A change of the oldest client content format the content needs (`PackManifest.minimumClientFormat`):
/// apps built for a format below `new` no longer take the new version, and stay on the channel's
/// last pack for them (the compatibility gate).
public struct ClientFormatChange: Sendable, Codable, Equatable {
    public var old: Int
    public var new: Int

    public init(old: Int, new: Int) {
        self.old = old
        self.new = new
    }

    /// The change in a sentence, for the text and Markdown reports.
    public var sentence: String {
        new > old
            ? "Minimum client format raised from \(old) to \(new): apps built for client format \(old) do not take "
                + "this version and stay on the channel's last pack for them"
            : "Minimum client format lowered from \(old) to \(new): apps built for client format \(new) take this version"
    }
}

/// Everything `gamepack diff` reports, rendered by the text, Markdown, JSON and HTML renderers.
/// Its JSON form is the documented contract for CI scripts (`docs/diff-report.schema.json`).
public struct DiffReport: Sendable, Codable, Equatable {
    /// The JSON schema's identifier of this report shape.
    public var schema = "https://gamepack.dev/schemas/diff-report-1.json"
    public var old: SnapshotSummary
    public var new: SnapshotSummary
    /// The collections compared (all of both versions unless `--collection` narrowed them).
    public var collections: [String]
    /// Item changes in all collections.
    public var totals: ChangeCounts
    /// Item changes per collection (collections without changes are left out).
    public var byCollection: [String: ChangeCounts]
    /// Translation locales whose coverage changed.
    public var coverage: [CoverageChange]
    /// Changed items, by collection, then id.
    public var items: [ItemChange]
    /// What the readers could not carry over (see `ContentSnapshot.warnings`), prefixed with
    /// the side.
    public var warnings: [String]
    /// When the oldest client content format the content needs changed; absent (not encoded)
    /// when it did not, or when a side does not say.
    public var minimumClientFormat: ClientFormatChange? = nil

    /// Whether any item has `class` or a more severe one.
    public func has(atLeast changeClass: ChangeClass) -> Bool {
        items.contains { $0.class <= changeClass }
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { items.isEmpty }
}
