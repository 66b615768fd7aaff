import Foundation

/// MongoDB's comparison order of values (the manual's "Comparison/Sort Order"): first by type
/// bracket, null < numbers < strings < objects < arrays < booleans; numbers by value, strings
/// by Unicode code point (binary UTF-8 order, no collation), objects member by member (the
/// value's bracket, then the name, then the value), arrays element by element.
enum KinveyOrder {
    /// The type bracket of a value, in MongoDB's order.
    static func bracket(_ value: KinveyValue) -> Int {
        switch value {
        case .null: 1
        case .number: 2
        case .string: 3
        case .object: 4
        case .array: 5
        case .bool: 6
        }
    }

    /// -1, 0 or 1 as `a` sorts before, with or after `b`.
    static func compare(_ a: KinveyValue, _ b: KinveyValue) -> Int {
        let ra = bracket(a), rb = bracket(b)
        if ra != rb { return ra < rb ? -1 : 1 }
        switch (a, b) {
        case (.number(let x), .number(let y)): return x < y ? -1 : (x > y ? 1 : 0)
        case (.string(let x), .string(let y)): return compareStrings(x, y)
        case (.bool(let x), .bool(let y)): return x == y ? 0 : (x ? 1 : -1)
        case (.array(let x), .array(let y)):
            for (p, q) in zip(x, y) {
                let order = compare(p, q)
                if order != 0 { return order }
            }
            return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
        case (.object(let x), .object(let y)):
            for (p, q) in zip(x, y) {
                let kinds = bracket(p.1) - bracket(q.1)
                if kinds != 0 { return kinds < 0 ? -1 : 1 }
                let names = compareStrings(p.0, q.0)
                if names != 0 { return names }
                let values = compare(p.1, q.1)
                if values != 0 { return values }
            }
            return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
        default: return 0
        }
    }

    /// Strings by code point: binary UTF-8 order is code point order.
    static func compareStrings(_ a: String, _ b: String) -> Int {
        var left = a.utf8.makeIterator(), right = b.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let x?, let y?) where x != y: return x < y ? -1 : 1
            default: continue
            }
        }
    }

    /// MongoDB equality: the same bracket and comparing equal (`1 == 1.0`; `"é"` is not
    /// `"e\u{301}"`; `true` is not `1`).
    static func equal(_ a: KinveyValue, _ b: KinveyValue) -> Bool {
        bracket(a) == bracket(b) && compare(a, b) == 0
    }

    /// A hashable key for scalar equality (`$in` over many values): nil for arrays and objects.
    static func scalarKey(_ value: KinveyValue) -> ScalarKey? {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number == 0 ? 0 : number)
        case .string(let text): .string(Array(text.utf8))
        case .array, .object: nil
        }
    }

    /// What `scalarKey` returns: equal keys for MongoDB-equal scalars.
    enum ScalarKey: Hashable {
        case null
        case bool(Bool)
        case number(Double)
        case string([UInt8])
    }
}
