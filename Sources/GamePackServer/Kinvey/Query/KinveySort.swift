import Foundation

/// Kinvey's `sort`: `{"name": 1, "firm": -1}` (keys in the order given) or a bare field name
/// (ascending), ordered as MongoDB orders documents: a missing field as null, an empty array
/// below null, an array by its smallest element ascending and its largest descending, values of
/// different types by their bracket (`KinveyOrder`).
struct KinveySort: Sendable {
    var keys: [(path: [String], ascending: Bool)]

    /// The most sort keys.
    static let maxKeys = 32

    static func parse(_ text: String) throws -> KinveySort {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("{") else { return KinveySort(keys: [(try KinveyQueryParser.path(trimmed), true)]) }
        let value: KinveyValue
        do {
            value = try KinveyJSONParser.parse(trimmed, maxDepth: 2)
        } catch {
            throw KinveyError.syntax("sort is not JSON: \(error.message)")
        }
        guard let members = value.objectMembers, members.count <= maxKeys else {
            throw KinveyError.syntax("sort is an object of at most \(maxKeys) fields, each 1 or -1")
        }
        return KinveySort(
            keys: try members.map { name, direction in
                guard let number = direction.numberValue, number == 1 || number == -1 else {
                    throw KinveyError.syntax("sort directions are 1 or -1")
                }
                return (try KinveyQueryParser.path(name), number == 1)
            })
    }

    /// One entity's sort value for a key: nil stands for an empty array (below null).
    static func key(_ entity: KinveyValue, _ path: [String], ascending: Bool) -> KinveyValue? {
        var candidates: [KinveyValue?] = []
        for leaf in KinveyMatch.leaves(entity, path[...]) {
            switch leaf {
            case .array(let elements)?: candidates += elements.isEmpty ? [nil] : elements.map { $0 }
            case let value?: candidates.append(value)
            case nil: candidates.append(.null)
            }
        }
        var best = candidates[0]
        for candidate in candidates.dropFirst() {
            let order = compare(candidate, best)
            if ascending ? order < 0 : order > 0 { best = candidate }
        }
        return best
    }

    /// Sort values in MongoDB's order, an empty array (nil) first.
    static func compare(_ a: KinveyValue?, _ b: KinveyValue?) -> Int {
        switch (a, b) {
        case (nil, nil): 0
        case (nil, _): -1
        case (_, nil): 1
        case (let a?, let b?): KinveyOrder.compare(a, b)
        }
    }

    /// The indices of `entities` in this order; ties keep their order.
    func order(_ entities: [KinveyValue]) -> [Int] {
        let table = entities.map { entity in keys.map { Self.key(entity, $0.path, ascending: $0.ascending) } }
        return entities.indices.sorted { a, b in
            for (n, key) in keys.enumerated() {
                let order = Self.compare(table[a][n], table[b][n])
                if order != 0 { return key.ascending ? order < 0 : order > 0 }
            }
            return a < b
        }
    }
}
