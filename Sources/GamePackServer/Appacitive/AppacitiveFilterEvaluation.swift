import Foundation

/// Whether an object satisfies a filter. Values compare by their kind: numbers as numbers (a
/// quoted `'25'` read as a number against a numeric property), text by Unicode code points,
/// dates as instants, booleans against `'true'`/`'false'`; a property holding a list matches
/// when one of its elements does. A missing property matches no condition, `<>` included (as
/// SQL's NULL). Attributes and tags are always empty on published content, so conditions on
/// them match nothing.
extension AppacitiveFilter {
    func matches(_ object: AppacitiveObject) -> Bool {
        switch self {
        case .all(let parts): parts.allSatisfy { $0.matches(object) }
        case .any(let parts): parts.contains { $0.matches(object) }
        case .condition(let condition): condition.matches(object)
        }
    }

    /// The top-level `within_circle` conditions every match must meet (the filter's own
    /// condition, or those among the parts of a top-level `and`).
    var requiredCircles: [(property: String, center: AppacitivePoint, radius: Double)] {
        switch self {
        case .condition(let condition):
            guard condition.subject == .property, case .withinCircle(let center, let radius) = condition.test else { return [] }
            return [(condition.name, center, radius)]
        case .all(let parts): return parts.flatMap(\.requiredCircles)
        case .any: return []
        }
    }

    /// The names of aggregates the filter uses (gamepack has none to offer).
    var aggregates: [String] {
        switch self {
        case .condition(let condition): condition.subject == .aggregate && !condition.name.isEmpty ? [condition.name] : []
        case .all(let parts), .any(let parts): parts.flatMap(\.aggregates)
        }
    }
}

extension AppacitiveCondition {
    func matches(_ object: AppacitiveObject) -> Bool {
        switch test {
        case .taggedWithAny, .taggedWithAll: return false
        default: break
        }
        guard subject == .property, let value = object.value(name) else { return false }
        if case .compare(.notEqual, let literal) = test {
            return Self.comparable(value, literal) && !Self.holds(.compare(.equal, literal), value)
        }
        return Self.holds(test, value)
    }

    /// Whether a (non-list) value or one element of a list passes the test.
    static func holds(_ test: AppacitiveTest, _ value: AppacitiveValue) -> Bool {
        if case .list(let values) = value { return values.contains { holds(test, $0) } }
        switch test {
        case .compare(let comparison, let literal):
            guard let order = compare(value, literal) else { return false }
            switch comparison {
            case .equal: return order == 0
            case .notEqual: return order != 0
            case .greater: return order > 0
            case .greaterOrEqual: return order >= 0
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            }
        case .like(let pattern): return value.text.map { glob(pattern.lowercased(), $0.lowercased()) } ?? false
        case .match(let words):
            guard let text = value.text?.lowercased() else { return false }
            return words.lowercased().split(whereSeparator: \.isWhitespace).allSatisfy { text.contains($0) }
        case .between(let low, let high):
            guard let above = compare(value, low), let below = compare(value, high) else { return false }
            return above >= 0 && below <= 0
        case .withinCircle(let center, let radius):
            guard case .geo(let point) = value else { return false }
            return SphereGeo.distance(center.latitude, center.longitude, point.latitude, point.longitude) <= radius
        case .withinPolygon(let corners):
            guard case .geo(let point) = value else { return false }
            return inside(point, corners)
        case .taggedWithAny, .taggedWithAll: return false
        }
    }

    static func comparable(_ value: AppacitiveValue, _ literal: AppacitiveLiteral) -> Bool {
        if case .list(let values) = value { return values.contains { comparable($0, literal) } }
        return compare(value, literal) != nil
    }

    /// The order of a value against a literal (-1, 0, 1), or nil when they do not compare.
    static func compare(_ value: AppacitiveValue, _ literal: AppacitiveLiteral) -> Int? {
        switch (value, literal) {
        case (.number(let x), .number(let y)): return order(x, y)
        case (.number(let x), .text(let t)): return Double(t.trimmingCharacters(in: .whitespaces)).map { order(x, $0) }
        case (.text(let s), .text(let t)): return order(s, t)
        case (.text(let s), .number(let y)): return Double(s).map { order($0, y) }
        case (.text(let s), .date(let d)): return AppacitiveFilterParser.seconds(s).map { order($0, d) }
        case (.bool(let b), .text(let t)):
            switch t.lowercased() {
            case "true": return order(b ? 1 : 0, 1)
            case "false": return order(b ? 1 : 0, 0)
            default: return nil
            }
        case (.geo(let point), .text(let t)):
            let parts = t.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2 else { return nil }
            return point.latitude == parts[0] && point.longitude == parts[1] ? 0 : nil
        default: return nil
        }
    }

    static func order(_ a: Double, _ b: Double) -> Int { a < b ? -1 : a > b ? 1 : 0 }

    static func order(_ a: String, _ b: String) -> Int {
        if a.unicodeScalars.elementsEqual(b.unicodeScalars) { return 0 }
        return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : 1
    }

    /// A `like` pattern: `*` is any text (possibly none); everything else literal. Linear in
    /// the text's length per piece of the pattern, so no pattern backtracks for ever.
    static func glob(_ pattern: String, _ text: String) -> Bool {
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false).map { Substring($0) }
        guard pieces.count > 1 else { return pattern == text }
        var rest = Substring(text)
        guard rest.hasPrefix(pieces[0]) else { return false }
        rest = rest.dropFirst(pieces[0].count)
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.hasSuffix(pieces[pieces.count - 1])
    }

    /// Whether a point is inside a polygon, by crossings of a ray along its latitude, with
    /// latitude and longitude as flat coordinates (as Appacitive's reference draws polygons).
    static func inside(_ point: AppacitivePoint, _ corners: [AppacitivePoint]) -> Bool {
        var inside = false
        var previous = corners[corners.count - 1]
        for corner in corners {
            if (corner.latitude > point.latitude) != (previous.latitude > point.latitude) {
                let crossing =
                    (previous.longitude - corner.longitude) * (point.latitude - corner.latitude)
                    / (previous.latitude - corner.latitude) + corner.longitude
                if point.longitude < crossing { inside.toggle() }
            }
            previous = corner
        }
        return inside
    }
}
