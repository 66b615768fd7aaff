import Foundation
import GamePackContent

/// Items of a project by collection and id, for targets that follow references: the project's
/// `ItemIndex`, except that of items sharing an id (a project with `duplicate-id` turned down)
/// the build takes the last, as it always has (see `ItemIndex` on duplicate ids).
struct ContentIndex: Sendable {
    let project: Project
    let index: ItemIndex
    /// For ids several items of a collection share: the position of the last of them.
    private var lastOfShared: [String: [ItemID: Int]] = [:]

    init(_ project: Project) {
        self.project = project
        index = ItemIndex(project.items)
        for (later, _) in index.duplicatePositions {
            let item = project.items[later]
            lastOfShared[item.collection, default: [:]][item.id!] = later
        }
    }

    /// The items of a collection sorted by id.
    func items(in collection: String) -> [ContentItem] {
        let shared = lastOfShared[collection] ?? [:]
        return (index.positions[collection] ?? [:]).map { id, first in project.items[shared[id] ?? first] }
            .sorted { $0.id! < $1.id! }
    }

    func item(_ collection: String, _ id: ItemID) -> ContentItem? {
        (lastOfShared[collection]?[id] ?? index.position(collection, id)).map { project.items[$0] }
    }
}

extension ContentItem {
    /// The text of a localized field in `locale` ("" when absent). A plain string counts as
    /// the default locale's text.
    func text(_ field: String, locale: String, defaultLocale: String) -> String {
        guard let node = node[field] else { return "" }
        if let text = node.scalarText { return locale == defaultLocale ? text : "" }
        return node[locale]?.scalarText ?? ""
    }

    /// An `order` field, when set.
    var order: Int? {
        if case .int(let value) = node["order"]?.value { return value }
        return nil
    }
}
