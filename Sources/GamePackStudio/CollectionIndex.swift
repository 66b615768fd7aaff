import GamePackContent
import GamePackFormat

/// One collection's list as the studio shows it: each item's id, display name, thumbnail and
/// finding counts, in id order (numbers as numbers), with a lower-cased search text (the id
/// and the name or title in every locale). Built when the project loads and updated on each
/// save; a search is one pass over the texts (a few milliseconds at 10,000 items).
struct CollectionIndex: Sendable {
    struct Entry: Sendable {
        var id: ItemID
        var name: String
        var thumbnail: String?
        var errors: Int
        var warnings: Int
        var search: String

        var json: JSONValue {
            .object([
                "id": .string(id.text), "name": .string(name), "thumbnail": thumbnail.map(JSONValue.string) ?? .null,
                "thumbnailURL": thumbnail.map { .string(ProjectAssets.url($0)) } ?? .null, "errors": .int(errors),
                "warnings": .int(warnings),
            ])
        }

        /// The entry as a reference picker shows it.
        var pickerJSON: JSONValue {
            .object([
                "id": .string(id.text), "name": .string(name), "thumbnail": thumbnail.map(JSONValue.string) ?? .null,
                "thumbnailURL": thumbnail.map { .string(ProjectAssets.url($0)) } ?? .null,
            ])
        }
    }

    private(set) var entries: [Entry] = []

    /// The entry for `item`.
    static func entry(for item: ContentItem, facts: ItemFacts, findings: [Diagnostic], defaultLocale: String) -> Entry? {
        guard let id = item.id else { return nil }
        var texts: [String] = [id.text]
        var name = ""
        for key in ["name", "title", "text", "phrase"] {
            guard let node = item.node[key] else { continue }
            if let text = node.scalarText {
                texts.append(text)
                name = text
            } else if let entries = node.entries {
                texts += entries.compactMap(\.value.scalarText)
                name = node[defaultLocale]?.scalarText ?? entries.first?.value.scalarText ?? ""
            }
            if !name.isEmpty { break }
        }
        return Entry(
            id: id, name: name, thumbnail: facts.images.first,
            errors: findings.count(where: { $0.severity == .error }),
            warnings: findings.count(where: { $0.severity == .warning }),
            search: texts.joined(separator: "\n").lowercased())
    }

    /// Puts `entry` in its place, replacing the entry with its id.
    mutating func upsert(_ entry: Entry) {
        remove(entry.id)
        entries.insert(entry, at: insertionPoint(ItemID.SortKey(entry.id)))
    }

    /// The entry with `id` (a binary search over the id order).
    func entry(_ id: ItemID) -> Entry? {
        let index = insertionPoint(ItemID.SortKey(id))
        return index < entries.count && entries[index].id == id ? entries[index] : nil
    }

    /// The first place whose entry does not sort before `key`.
    private func insertionPoint(_ key: ItemID.SortKey) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if ItemID.SortKey(entries[mid].id) < key { low = mid + 1 } else { high = mid }
        }
        return low
    }

    mutating func remove(_ id: ItemID) {
        let index = insertionPoint(ItemID.SortKey(id))
        if index < entries.count, entries[index].id == id { entries.remove(at: index) }
    }

    /// Builds the list from unsorted entries.
    init(_ unsorted: [Entry] = []) {
        entries = unsorted.sorted { ItemID.SortKey($0.id) < ItemID.SortKey($1.id) }
    }

    /// One page of the entries whose search text holds every word of `query`, and how many match.
    func page(query: String, offset: Int, limit: Int) -> (entries: [Entry], total: Int) {
        let words = query.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else {
            let start = min(offset, entries.count)
            return (Array(entries[start..<min(start + limit, entries.count)]), entries.count)
        }
        var page: [Entry] = []
        var total = 0
        for entry in entries where words.allSatisfy({ entry.search.contains($0) }) {
            if total >= offset && page.count < limit { page.append(entry) }
            total += 1
        }
        return (page, total)
    }
}
