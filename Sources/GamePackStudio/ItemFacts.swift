import GamePackContent

/// What the studio's indexes keep of one item: the items it references and the asset paths
/// of its image fields (the first is its thumbnail), collected by one walk over its values.
struct ItemFacts: FieldVisitor {
    typealias Value = SourceNode
    typealias Result = Void

    var references: [ItemKey] = []
    var images: [String] = []

    /// The facts of `item`, walked by its type.
    static func of(_ item: ContentItem, type: ContentType?) -> ItemFacts {
        var facts = ItemFacts()
        guard let type else { return facts }
        facts.walkFields(of: item.node, type.fields) { _, _ in }
        return facts
    }

    mutating func visitLeaf(_ type: LeafFieldType, _ value: SourceNode, spec: FieldSpec) {
        switch type {
        case .reference:
            if let target = spec.referenceTarget, let id = ItemID(node: value) {
                references.append(ItemKey(collection: target, id: id))
            }
        case .image:
            if let path = value.scalarText { images.append(path) }
        case .string, .text, .int, .number, .bool, .date, .url, .enum, .audio, .geo: break
        }
    }

    mutating func visitLocalized(_ value: SourceNode, spec: FieldSpec) {}

    mutating func visitList(_ value: SourceNode, spec: FieldSpec, element: FieldSpec?) {
        walkElements(of: value, element: element) { _, _ in }
    }

    mutating func visitObject(_ value: SourceNode, spec: FieldSpec) {
        walkFields(of: value, spec.fields) { _, _ in }
    }
}

/// An item's collection and id: how the studio names an item.
struct ItemKey: Hashable, Sendable, CustomStringConvertible {
    var collection: String
    var id: ItemID
    var description: String { "\(collection)/\(id)" }
}
