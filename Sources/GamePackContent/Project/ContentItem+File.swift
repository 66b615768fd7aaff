import Foundation

extension ContentItem {
    /// The items of one loaded content file of `collection`: the maps of its top-level list, or
    /// the file's own map. Any other element is reported (`wrong-type`) and left out.
    package static func items(in node: SourceNode, collection: String, problems: inout [Diagnostic]) -> [ContentItem] {
        var items: [ContentItem] = []
        for element in node.elements ?? [node] {
            guard element.entries != nil else {
                problems.append(
                    Diagnostic(
                        severity: .error, rule: RuleID.wrongType,
                        message: "an item is a map of fields (with an id); found \(element.kindDescription)",
                        location: element.location))
                continue
            }
            items.append(ContentItem(collection: collection, id: element["id"].flatMap(ItemID.init(node:)), node: element))
        }
        return items
    }
}
