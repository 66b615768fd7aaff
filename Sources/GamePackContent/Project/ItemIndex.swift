/// The items of a project by collection and id: the one index lint (references, waypoints,
/// `duplicate-id`), the build (`ContentIndex`) and the preview look items up in.
///
/// **Duplicate ids.** Of the items of one collection that share an id, the index answers with
/// the *first* in project order (content files by path, each file's items in file order) and
/// lists every later one in `duplicates`, with that first one. `duplicate-id` reports each later
/// item against the first. (A build stops on that error; where the project turns the rule
/// down, `ContentIndex` emits an id's last item, as builds always have, so outputs stay the same.)
package struct ItemIndex: Sendable {
    /// The items indexed, in project order.
    package private(set) var items: [ContentItem]
    /// Positions in `items` by collection, then id: of items sharing an id, the first's.
    package private(set) var positions: [String: [ItemID: Int]] = [:]
    /// The position of each item whose id an earlier item of its collection has, with the
    /// position of the first one, in project order.
    package private(set) var duplicatePositions: [(later: Int, first: Int)] = []

    package init(_ items: [ContentItem]) {
        self.items = items
        for (position, item) in items.enumerated() {
            guard let id = item.id else { continue }
            if let first = positions[item.collection]?[id] {
                duplicatePositions.append((position, first))
            } else {
                positions[item.collection, default: [:]][id] = position
            }
        }
    }

    /// The index with the items at `range` replaced by `replacements`, the same items by
    /// collection and id in the same order (`Project.positions(of:keptBy:)`): an edit that
    /// changed values only leaves every position as it was, so nothing is hashed again.
    package mutating func replaceItems(in range: Range<Int>, with replacements: [ContentItem]) {
        precondition(
            replacements.count == range.count
                && zip(replacements, items[range]).allSatisfy { $0.collection == $1.collection && $0.id == $1.id },
            "replaceItems needs the same items by collection and id")
        items.replaceSubrange(range, with: replacements)
    }

    /// The position in `items` of the (first) item of `collection` with `id`.
    package func position(_ collection: String, _ id: ItemID) -> Int? { positions[collection]?[id] }

    /// The (first) item of `collection` with `id`.
    package func item(_ collection: String, _ id: ItemID) -> ContentItem? { position(collection, id).map { items[$0] } }

    /// Each item whose id was taken, with the item that took it first, in project order.
    package var duplicates: [(item: ContentItem, first: ContentItem)] {
        duplicatePositions.map { (items[$0.later], items[$0.first]) }
    }
}
