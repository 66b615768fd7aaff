import Foundation
import GamePackContent
import GamePackLint

/// The items that refer to an item: a profile's routes (with their photo, name in every
/// locale and walk), the routes that visit a location.
struct ReferrersView {
    let frame: PageFrame

    package func html(_ item: ContentItem) -> String {
        let e = MarkupEscape.html
        guard let id = item.id else { return "" }
        let site = frame.site, snapshot = frame.snapshot
        var out = ""
        for collection in site.collections {
            guard let type = snapshot.project.type(of: collection) else { continue }
            let fields = type.fields.filter { field in
                (field.type == .reference && field.referenceTarget == item.collection)
                    || (field.type == .list && field.element?.value.type == .reference
                        && field.element?.value.referenceTarget == item.collection)
            }
            guard !fields.isEmpty else { continue }
            var rows = ""
            let referrers =
                site.memo.value(PageMemo.key("referrers", item.collection, collection)) {
                    Self.referrers(in: collection, fields: fields, snapshot: snapshot)
                }[id] ?? []
            let count = referrers.count
            for index in referrers.prefix(200) {
                let other = snapshot.project.items[index]
                guard let otherID = other.id else { continue }
                let image = type.fields.first { $0.type == .image }.flatMap { other.node[$0.name]?.scalarText }
                let name = type.fields.first { $0.name == "name" && $0.type == .localized }
                let paths = GeoPath.paths(of: other, in: snapshot)
                rows +=
                    "<tr data-id=\"\(e(otherID.text))\"><td>\(frame.image(image, caption: site.title(of: other), thumb: true))</td>"
                rows +=
                    "<td><a href=\"\(e(site.itemHref(collection, otherID, depth: frame.depth)))\">\(e(site.title(of: other)))</a>"
                if let name, let node = other.node["name"] { rows += frame.localized(node, spec: name) }
                rows += "</td><td class=\"num\">\(e(paths.map(\.summary).joined(separator: "; ")))</td></tr>"
            }
            guard count > 0 else { continue }
            out +=
                "<section class=\"card referrers\" data-collection=\"\(e(collection))\"><h2>\(e(collection.capitalized)) referring to this \(e(LintContextLabel.singular(item.collection))) (\(count))</h2><table>\(rows)</table>"
            if count > 200 { out += "<p class=\"muted\">The first 200 are listed.</p>" }
            out += "</section>"
        }
        return out
    }

    /// For each id, the items of `collection` (indexes, in the collection's order, each once)
    /// that name it in one of `fields` (a reference, or a list of them) and have an id of their
    /// own: made once per site (`PageMemo`), where each item page looked through every item of
    /// the collection (a location page of 20,000 read every route's waypoints).
    static func referrers(in collection: String, fields: [FieldSpec], snapshot: PreviewSnapshot) -> [ItemID: [Int]] {
        var referrers: [ItemID: [Int]] = [:]
        for index in snapshot.itemsByCollection[collection] ?? [] {
            let other = snapshot.project.items[index]
            guard other.id != nil else { continue }
            var named: Set<ItemID> = []
            for field in fields {
                guard let node = other.node[field.name] else { continue }
                for element in node.elements ?? [node] {
                    if let target = ItemID(node: element), named.insert(target).inserted {
                        referrers[target, default: []].append(index)
                    }
                }
            }
        }
        return referrers
    }
}
