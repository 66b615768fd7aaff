import Foundation

/// Items of a project by collection and id, for targets that follow references.
struct ContentIndex: Sendable {
    let project: Project
    private(set) var byCollection: [String: [ItemID: ContentItem]] = [:]

    init(_ project: Project) {
        self.project = project
        for item in project.items {
            guard let id = item.id else { continue }
            byCollection[item.collection, default: [:]][id] = item
        }
    }

    /// The items of a collection sorted by id.
    func items(in collection: String) -> [ContentItem] {
        (byCollection[collection] ?? [:]).values.sorted { $0.id! < $1.id! }
    }

    func item(_ collection: String, _ id: ItemID) -> ContentItem? { byCollection[collection]?[id] }
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
