import Foundation

/// Kinvey's `fields=a,b.c`: MongoDB's inclusion projection. A dotted path keeps that member
/// of a subdocument, and of every subdocument in an array (other elements are dropped); `_id`
/// is always kept, and so are Kinvey's `_acl` and `_kmd`. Members keep the entity's order.
struct KinveyProjection: Sendable {
    /// The requested paths as a tree: a nil subtree keeps the whole value.
    final class Node: Sendable {
        let children: [(String, Node?)]
        init(_ children: [(String, Node?)]) { self.children = children }
    }

    let root: Node

    /// The most paths one `fields` may list.
    static let maxFields = 256

    init(_ text: String) throws {
        let paths = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard paths.count <= Self.maxFields else { throw KinveyError.syntax("fields lists at most \(Self.maxFields) fields") }
        root = Self.tree(try (paths + ["_id", "_acl", "_kmd"]).map { try KinveyQueryParser.path($0)[...] })
    }

    static func tree(_ paths: [ArraySlice<String>]) -> Node {
        var order: [String] = []
        var groups: [String: [ArraySlice<String>]] = [:]
        for path in paths {
            let head = path.first!
            if groups[head] == nil { order.append(head) }
            groups[head, default: []].append(path.dropFirst())
        }
        return Node(
            order.map { name in
                let rests = groups[name]!
                return (name, rests.contains(where: \.isEmpty) ? nil : tree(rests))
            })
    }

    func apply(_ entity: KinveyValue) -> KinveyValue {
        Self.project(entity, root) ?? .object([])
    }

    static func project(_ value: KinveyValue, _ node: Node) -> KinveyValue? {
        switch value {
        case .object(let members):
            var kept: [(String, KinveyValue)] = []
            for (name, member) in members {
                guard let entry = node.children.first(where: { $0.0.utf8.elementsEqual(name.utf8) }) else { continue }
                guard let child = entry.1 else {
                    kept.append((name, member))
                    continue
                }
                if let projected = project(member, child) { kept.append((name, projected)) }
            }
            return .object(kept)
        case .array(let elements):
            return .array(
                elements.compactMap { element in
                    switch element {
                    case .object, .array: project(element, node)
                    default: nil
                    }
                })
        default:
            return nil
        }
    }
}
