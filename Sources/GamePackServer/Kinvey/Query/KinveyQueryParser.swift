import Foundation

/// Reads a Kinvey `query` (MongoDB's query language as JSON) into a `KinveyFilter`: the one
/// parser of this untrusted input (fuzzed by `Fuzz/Sources/FuzzKinveyQuery`). Everything it
/// refuses is a 400 in Kinvey's shape naming the problem; its work is bounded by
/// `KinveyQueryParser`'s limits.
struct KinveyQueryParser {
    /// The longest `query` text, in bytes.
    static let maxQueryBytes = 4_000_000
    /// How deep the query's JSON may nest (1,000 nested `$and` are refused by this).
    static let maxDepth = 32
    /// The most conditions (operators and equalities) one query may hold.
    static let maxConditions = ContentQuery.maxFilters
    /// The most values one `$in`, `$nin` or `$all` may list.
    static let maxListValues = 100_000

    var conditions = 0
    /// The one `$near`/`$nearSphere` of the query (MongoDB allows one, at the top level).
    var near: (path: [String], near: KinveyNear)?

    /// The query's JSON text as a typed tree.
    static func parse(_ text: String) throws -> (KinveyFilter, near: (path: [String], near: KinveyNear)?) {
        guard text.utf8.count <= maxQueryBytes else {
            throw KinveyError.syntax("the query is \(text.utf8.count) bytes; at most \(maxQueryBytes) are allowed")
        }
        let value: KinveyValue
        do {
            value = try KinveyJSONParser.parse(text, maxDepth: maxDepth)
        } catch {
            throw KinveyError.syntax("query is not JSON: \(error.message): \(text.prefix(200))")
        }
        guard case .object = value else { throw KinveyError.syntax("query is not a JSON object: \(text.prefix(200))") }
        var parser = KinveyQueryParser()
        let filter = try parser.document(value, topLevel: true)
        return (filter, parser.near)
    }

    mutating func count() throws {
        conditions += 1
        guard conditions <= Self.maxConditions else {
            throw KinveyError.syntax(
                "the query holds more than \(Self.maxConditions) conditions; at most \(Self.maxConditions) are allowed "
                    + "(ContentQuery.maxFilters): list alternatives of one field in one $in instead")
        }
    }

    /// A query object: its members all hold.
    mutating func document(_ value: KinveyValue, topLevel: Bool) throws -> KinveyFilter {
        guard let members = value.objectMembers else {
            throw KinveyError.syntax("\(value.json.prefix(100)) is not a query object")
        }
        var filters: [KinveyFilter] = []
        for (key, argument) in members {
            switch key {
            case "$and", "$or", "$nor":
                guard let list = argument.arrayElements, !list.isEmpty else {
                    throw KinveyError.syntax("\(key) takes a non-empty array of query objects")
                }
                let parts = try list.map { try document($0, topLevel: topLevel && key == "$and") }
                filters.append(key == "$and" ? .all(parts) : key == "$or" ? .any(parts) : .none(parts))
            case _ where key.hasPrefix("$"):
                throw KinveyError.unsupported(key)
            default:
                filters.append(try field(Self.path(key), argument, topLevel: topLevel))
            }
        }
        return filters.count == 1 ? filters[0] : .all(filters)
    }

    /// A dotted field path: names separated by `.`, none empty, no NUL.
    static func path(_ key: String) throws -> [String] {
        let names = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !names.contains(where: \.isEmpty), !key.utf8.contains(0), key.utf8.count <= 1_024 else {
            throw KinveyError.syntax("\"\(key.prefix(100))\" is not a field path")
        }
        return names
    }

    /// The condition on one field: an operator object, or a value it must equal.
    mutating func field(_ path: [String], _ argument: KinveyValue, topLevel: Bool) throws -> KinveyFilter {
        guard let members = argument.objectMembers, let first = members.first, first.0.hasPrefix("$") else {
            try count()
            try Self.checkText(argument)
            return .field(path: path, .equals(argument))
        }
        let names = members.map(\.0)
        if let geo = try KinveyGeoParser.geo(names, argument, path: path) {
            try count()
            if case .near(let near) = geo {
                guard topLevel, self.near == nil else {
                    throw KinveyError.syntax("$near and $nearSphere may appear once, at the top level of the query")
                }
                self.near = (path, near)
            }
            return .geo(path: path, geo)
        }
        return .field(path: path, try operators(members, path: path))
    }

    /// Operators on one field, all of which must hold.
    mutating func operators(_ members: [(String, KinveyValue)], path: [String]) throws -> KinveyCondition {
        var conditions: [KinveyCondition] = []
        for (name, argument) in members {
            guard name.hasPrefix("$") else {
                throw KinveyError.syntax("the condition on \(path.joined(separator: ".")) mixes operators with the field \(name)")
            }
            if name == "$options" {
                guard members.contains(where: { $0.0 == "$regex" }) else { throw KinveyError.syntax("$options needs a $regex") }
                continue
            }
            try count()
            conditions.append(try condition(name, argument, members: members, path: path))
        }
        return conditions.count == 1 ? conditions[0] : .all(conditions)
    }

    mutating func condition(_ name: String, _ argument: KinveyValue, members: [(String, KinveyValue)], path: [String]) throws
        -> KinveyCondition
    {
        try Self.checkText(argument)
        switch name {
        case "$eq": return .equals(argument)
        case "$ne": return .not(.equals(argument))
        case "$gt", "$gte", "$lt", "$lte": return .compare(KinveyComparison(rawValue: name)!, argument)
        case "$in", "$nin":
            let set = KinveyValueSet(try Self.list(name, argument))
            return name == "$in" ? .oneOf(set) : .not(.oneOf(set))
        case "$all": return .holdsAll(try Self.list(name, argument))
        case "$size":
            guard let size = argument.numberValue, size >= 0, size == size.rounded(), size < 1e9 else {
                throw KinveyError.syntax("$size takes a whole number of elements")
            }
            return .size(Int(size))
        case "$exists":
            switch argument {
            case .bool(let flag): return .exists(flag)
            case .number(let number): return .exists(number != 0)
            default: throw KinveyError.syntax("$exists takes true or false")
            }
        case "$mod":
            guard let pair = argument.arrayElements, pair.count == 2, let divisor = pair[0].numberValue,
                let remainder = pair[1].numberValue, abs(divisor) >= 1, abs(divisor) < 9e18, abs(remainder) < 9e18
            else { throw KinveyError.syntax("$mod takes [divisor, remainder], the divisor a non-zero number") }
            return .modulo(divisor: Int64(divisor), remainder: Int64(remainder))
        case "$regex": return .regex(try Self.regex(argument, options: members.first { $0.0 == "$options" }?.1))
        case "$not":
            guard let inner = argument.objectMembers, !inner.isEmpty, inner.allSatisfy({ $0.0.hasPrefix("$") }) else {
                throw KinveyError.syntax("$not takes an object of operators, like {\"$not\": {\"$gt\": 5}}")
            }
            conditions -= 1
            return .not(try operators(inner, path: path))
        default:
            throw KinveyError.unsupported(name)
        }
    }

    static func list(_ name: String, _ argument: KinveyValue) throws -> [KinveyValue] {
        guard let values = argument.arrayElements else { throw KinveyError.syntax("\(name) takes an array") }
        guard values.count <= maxListValues else {
            throw KinveyError.syntax("\(name) lists \(values.count) values; at most \(maxListValues) are allowed")
        }
        return values
    }

    static func regex(_ pattern: KinveyValue, options: KinveyValue?) throws -> KinveyRegex {
        guard let text = pattern.stringValue else { throw KinveyError.syntax("$regex takes a string") }
        var flags = ""
        if let options {
            guard let given = options.stringValue else { throw KinveyError.syntax("$options takes a string") }
            flags = given
        }
        do {
            return try KinveyRegex(pattern: text, options: flags)
        } catch {
            throw KinveyError.syntax(error.message)
        }
    }

    /// Refuses a NUL in any string of a query value: no stored text holds one, and the
    /// content index refuses it (the bounds every query surface keeps).
    static func checkText(_ value: KinveyValue) throws {
        switch value {
        case .string(let text) where text.utf8.contains(0):
            throw KinveyError.syntax("a query value holds a NUL character (\\u0000), which no stored text can match; remove it")
        case .array(let elements): for element in elements { try checkText(element) }
        case .object(let members): for member in members { try checkText(member.1) }
        default: break
        }
    }
}
