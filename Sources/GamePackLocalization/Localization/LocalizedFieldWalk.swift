import Foundation
import GamePackContent

/// The field walk of `TranslationInventory.forEachLocalized`: calls `body` with each localized
/// value, descending into objects (their known fields) and lists; false from `body` stops it.
struct LocalizedFieldWalk: FieldVisitor {
    /// A value with the location of its key (nil in a list) and of its parent.
    struct Place {
        var node: SourceNode
        var key: SourceLocation?
        var parent: SourceLocation
    }

    /// One step of a field path: a field name or a list index.
    enum Step {
        case key(String)
        case index(Int)
    }

    let body: (SourceNode, FieldSpec, () -> String, SourceLocation?, SourceLocation) -> Bool
    /// The path of the value being walked, from the item's field.
    var path: [Step] = []

    /// `name`, `stops[2].note`.
    func pathText() -> String {
        var text = ""
        for (position, step) in path.enumerated() {
            switch step {
            case .key(let key): text += position == 0 ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    mutating func visitLeaf(_ type: LeafFieldType, _ place: Place, spec: FieldSpec) -> Bool { true }

    mutating func visitLocalized(_ place: Place, spec: FieldSpec) -> Bool {
        body(place.node, spec, { pathText() }, place.key, place.parent)
    }

    mutating func visitList(_ place: Place, spec: FieldSpec, element: FieldSpec?) -> Bool {
        guard let element else { return true }
        for (index, value) in (place.node.elements ?? []).enumerated() {
            path.append(.index(index))
            defer { path.removeLast() }
            guard walk(Place(node: value, key: nil, parent: place.node.location), spec: element) else { return false }
        }
        return true
    }

    mutating func visitObject(_ place: Place, spec: FieldSpec) -> Bool {
        for entry in place.node.entries ?? [] {
            guard let field = spec.field(entry.key) else { continue }
            path.append(.key(entry.key))
            defer { path.removeLast() }
            guard walk(Place(node: entry.value, key: entry.keyLocation, parent: place.node.location), spec: field)
            else { return false }
        }
        return true
    }
}
