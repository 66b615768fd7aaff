import Foundation
import GamePackContent
import GamePackFormat

/// How a collection names its items, read from the ids it has: numbers (the examples' `1`,
/// `2`, …) get the highest plus one; other ids get a slug of the English name, made unique.
enum IDScheme {
    static func next(for items: [ContentItem], name: JSONValue?) -> ItemID {
        let ids = items.compactMap(\.id)
        if ids.isEmpty || ids.allSatisfy({ $0.number != nil }) {
            return ItemID(String((ids.compactMap(\.number).max() ?? 0) + 1))
        }
        let text = name?.stringValue ?? name?.members?["en"]?.stringValue ?? name?.members?.values.first?.stringValue ?? "item"
        var slug = String(text.lowercased().unicodeScalars.map { YAMLRendering.isWordScalar($0) ? Character($0) : "-" })
        while slug.contains("--") { slug = slug.replacingOccurrences(of: "--", with: "-") }
        slug = slug.trimmingCharacters(in: ["-"])
        if slug.isEmpty { slug = "item" }
        let taken = Set(ids.map(\.text))
        var candidate = slug
        var counter = 2
        while taken.contains(candidate) {
            candidate = "\(slug)-\(counter)"
            counter += 1
        }
        return ItemID(candidate)
    }

    /// The id as the file writes it: a number when it is one.
    static func value(_ id: ItemID) -> JSONValue { id.number.map(JSONValue.int) ?? .string(id.text) }

    /// Whether the collection keeps one item per file (or has none yet).
    static func onePerFile(_ items: [ContentItem]) -> Bool {
        Set(items.map(\.file)).count == items.count
    }
}
