import Foundation

/// A parsed Kinvey `query`: MongoDB's query language as a typed tree, evaluated over entities
/// by `KinveyMatch`. Built only by `KinveyQueryParser`.
indirect enum KinveyFilter: Sendable {
    /// Every filter matches (`$and`, and the members of one query object).
    case all([KinveyFilter])
    /// At least one matches (`$or`).
    case any([KinveyFilter])
    /// None matches (`$nor`).
    case none([KinveyFilter])
    /// A condition on the values a dotted path reaches.
    case field(path: [String], KinveyCondition)
    /// A `$geoWithin` region or a `$near`/`$nearSphere` circle on a geo field.
    case geo(path: [String], KinveyGeo)
}

/// One operator's condition on a field, as MongoDB evaluates it: on the value, and on each
/// element when the value is an array.
indirect enum KinveyCondition: Sendable {
    /// `{f: v}` and `$eq`: equal to the value or holding an element equal to it; `null` also
    /// matches a missing field.
    case equals(KinveyValue)
    /// `$gt $gte $lt $lte`: only values of the operand's type bracket.
    case compare(KinveyComparison, KinveyValue)
    /// `$in`: equal to one of the values.
    case oneOf(KinveyValueSet)
    /// `$all`: holds every value (an empty list matches nothing).
    case holdsAll([KinveyValue])
    /// `$size`: an array of this many elements.
    case size(Int)
    /// `$exists`.
    case exists(Bool)
    /// `$mod: [divisor, remainder]`: a number whose truncated value leaves that remainder.
    case modulo(divisor: Int64, remainder: Int64)
    /// `$regex` with `$options`: a string, or an array holding one, that matches.
    case regex(KinveyRegex)
    /// `$ne`, `$nin`, `$not`: the condition does not hold.
    case not(KinveyCondition)
    /// Several operators on one field.
    case all([KinveyCondition])
}

/// `$gt`, `$gte`, `$lt`, `$lte`.
enum KinveyComparison: String, Sendable {
    case greater = "$gt"
    case greaterOrEqual = "$gte"
    case less = "$lt"
    case lessOrEqual = "$lte"

    /// Whether an order (-1, 0, 1 from `KinveyOrder.compare(value, operand)`) satisfies it.
    func holds(_ order: Int) -> Bool {
        switch self {
        case .greater: order > 0
        case .greaterOrEqual: order >= 0
        case .less: order < 0
        case .lessOrEqual: order <= 0
        }
    }
}

/// The values of an `$in`: scalars in a hash set (100,000 values cost one lookup per value
/// tested), arrays and objects in a list.
struct KinveyValueSet: Sendable {
    var scalars: Set<KinveyOrder.ScalarKey> = []
    var others: [KinveyValue] = []

    init(_ values: [KinveyValue]) {
        for value in values {
            if let key = KinveyOrder.scalarKey(value) { scalars.insert(key) } else { others.append(value) }
        }
    }

    func contains(_ value: KinveyValue) -> Bool {
        if let key = KinveyOrder.scalarKey(value) { return scalars.contains(key) }
        return others.contains { KinveyOrder.equal($0, value) }
    }

    var containsNull: Bool { scalars.contains(.null) }
}
