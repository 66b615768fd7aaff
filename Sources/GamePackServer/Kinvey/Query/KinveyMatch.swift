import Foundation

/// MongoDB's query semantics over one entity: a dotted path reaches values through
/// subdocuments and through arrays of subdocuments; a condition on an array matches when the
/// whole array or any element satisfies it; `null` stands for a missing field too.
enum KinveyMatch {
    /// The values `path` reaches in `value`: nil for a missing field (an array element without
    /// the field counts as missing). A numeric name also indexes an array.
    static func leaves(_ value: KinveyValue, _ path: ArraySlice<String>) -> [KinveyValue?] {
        guard let head = path.first else { return [value] }
        switch value {
        case .object:
            guard let member = value[member: head] else { return [nil] }
            return leaves(member, path.dropFirst())
        case .array(let elements):
            if let position = Int(head), position >= 0, head.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                return position < elements.count ? leaves(elements[position], path.dropFirst()) : [nil]
            }
            var found: [KinveyValue?] = []
            for element in elements {
                if case .object = element { found += leaves(element, path) }
            }
            return found.isEmpty ? [nil] : found
        default:
            return [nil]
        }
    }

    static func matches(_ filter: KinveyFilter, _ entity: KinveyValue, budget: KinveyBudget) throws -> Bool {
        try budget.spend()
        switch filter {
        case .all(let filters):
            for part in filters where try !matches(part, entity, budget: budget) { return false }
            return true
        case .any(let filters):
            for part in filters where try matches(part, entity, budget: budget) { return true }
            return false
        case .none(let filters):
            for part in filters where try matches(part, entity, budget: budget) { return false }
            return true
        case .field(let path, let condition):
            return try holds(condition, leaves(entity, path[...]), budget: budget)
        case .geo(let path, let geo):
            return leaves(entity, path[...]).contains { leaf in
                guard let leaf, let point = KinveyPoint(leaf) else { return false }
                return geo.contains(point)
            }
        }
    }

    /// Whether a field's condition holds for the values its path reached.
    static func holds(_ condition: KinveyCondition, _ leaves: [KinveyValue?], budget: KinveyBudget) throws -> Bool {
        switch condition {
        case .equals(let operand):
            return leaves.contains { equals($0, operand) }
        case .compare(let comparison, let operand):
            if case .null = operand {
                // $gte/$lte null match null or missing (equality); $gt/$lt null nothing.
                return comparison == .greaterOrEqual || comparison == .lessOrEqual ? leaves.contains { equals($0, .null) } : false
            }
            return leaves.contains { leaf in
                guard let leaf else { return false }
                return anyOf(leaf) { compares($0, comparison, operand) }
            }
        case .oneOf(let set):
            return leaves.contains { leaf in
                guard let leaf else { return set.containsNull }
                return anyOf(leaf) { set.contains($0) }
            }
        case .holdsAll(let operands):
            return !operands.isEmpty && operands.allSatisfy { operand in leaves.contains { equals($0, operand) } }
        case .size(let size):
            return leaves.contains { $0?.arrayElements?.count == size }
        case .exists(let wanted):
            return leaves.contains { $0 != nil } == wanted
        case .modulo(let divisor, let remainder):
            return leaves.contains { leaf in
                guard let leaf else { return false }
                return anyOf(leaf) { value in
                    guard let number = value.numberValue, abs(number) < 9e18 else { return false }
                    return Int64(number) % divisor == remainder
                }
            }
        case .regex(let regex):
            for case let leaf? in leaves {
                for candidate in [leaf] + (leaf.arrayElements ?? []) {
                    if case .string(let text) = candidate, try regex.matches(text, budget: budget) { return true }
                }
            }
            return false
        case .not(let inner):
            return try !holds(inner, leaves, budget: budget)
        case .all(let conditions):
            for part in conditions where try !holds(part, leaves, budget: budget) { return false }
            return true
        }
    }

    /// The value itself, then its elements when it is an array.
    static func anyOf(_ value: KinveyValue, _ test: (KinveyValue) -> Bool) -> Bool {
        if test(value) { return true }
        return value.arrayElements?.contains(where: test) ?? false
    }

    /// Equality of a reached value (nil: missing) with an operand: the value, or an element.
    static func equals(_ leaf: KinveyValue?, _ operand: KinveyValue) -> Bool {
        guard let leaf else {
            if case .null = operand { return true }
            return false
        }
        return anyOf(leaf) { KinveyOrder.equal($0, operand) }
    }

    static func compares(_ value: KinveyValue, _ comparison: KinveyComparison, _ operand: KinveyValue) -> Bool {
        KinveyOrder.bracket(value) == KinveyOrder.bracket(operand) && comparison.holds(KinveyOrder.compare(value, operand))
    }
}
