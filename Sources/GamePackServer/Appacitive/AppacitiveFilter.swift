import Foundation

/// A parsed Appacitive filter (the `query=` of `object/{type}/find/all`), as the Appacitive iOS
/// SDK's `APQuery` writes it and Appacitive's REST reference describes it: conditions joined by
/// `and`/`or` (`AND`, `OR`, `&&`, `||`), grouped with parentheses.
indirect enum AppacitiveFilter: Sendable, Equatable {
    /// Every part holds.
    case all([AppacitiveFilter])
    /// At least one part holds.
    case any([AppacitiveFilter])
    case condition(AppacitiveCondition)
}

/// One condition: `*name op value` on a property, `@name …` on an attribute, or a tag search.
struct AppacitiveCondition: Sendable, Equatable {
    /// What the name refers to: `*` a property, `@` an attribute, no prefix an aggregate (or,
    /// with no name, the object's tags).
    enum Subject: Sendable, Equatable { case property, attribute, aggregate }

    var subject: Subject
    /// The property's name; dotted names reach into embedded objects. Empty for tag searches.
    var name: String
    var test: AppacitiveTest
}

/// A geographic point in decimal degrees.
struct AppacitivePoint: Sendable, Equatable {
    var latitude: Double
    var longitude: Double
}

/// What a condition checks.
enum AppacitiveTest: Sendable, Equatable {
    /// `==`, `<>`, `>`, `>=`, `<`, `<=` against a value.
    case compare(AppacitiveComparison, AppacitiveLiteral)
    /// `like 'pattern'`: `*` stands for any text; letters compared ignoring case.
    case like(String)
    /// `match 'words'`: every word appears in the value, ignoring case.
    case match(String)
    /// `between (low, high)`, both ends included.
    case between(AppacitiveLiteral, AppacitiveLiteral)
    /// `within_circle lat, lng, radius unit`; radius in meters.
    case withinCircle(AppacitivePoint, radius: Double)
    /// `within_polygon lat,lng | lat,lng | …` (at least three corners).
    case withinPolygon([AppacitivePoint])
    /// `tagged_with_one_or_more ('a,b')`, `tagged_with_all ('a,b')`.
    case taggedWithAny([String])
    case taggedWithAll([String])
}

/// The comparison operators.
enum AppacitiveComparison: String, Sendable, Equatable {
    case equal = "==", notEqual = "<>", greater = ">", greaterOrEqual = ">=", less = "<", lessOrEqual = "<="
}

/// A value in a filter: quoted text (`'25'`: the SDK quotes numbers too), a bare number, or a
/// `date('…')`/`datetime('…')` (seconds since 1970).
enum AppacitiveLiteral: Sendable, Equatable {
    case text(String)
    case number(Double)
    case date(Double)
}

/// A filter that cannot be parsed or asks for too much: the 1-based character position where
/// the problem was found, and what was expected there.
struct AppacitiveFilterError: Error, Equatable, CustomStringConvertible {
    var position: Int
    var message: String

    var description: String { "filter error at character \(position): \(message)" }
}

/// The most a filter may ask for: bounded parsing and evaluation work.
enum AppacitiveFilterLimits {
    /// Characters in a filter.
    static let maxLength = 8_192
    /// Parentheses nested in each other.
    static let maxDepth = 16
    /// Conditions in a filter.
    static let maxConditions = 64
    /// Corners of a polygon.
    static let maxPolygonPoints = 256
    /// Tags in a tag search.
    static let maxTags = 64
    /// The largest `within_circle` radius, meters (half the Earth's circumference).
    static let maxRadius = 20_100_000.0
}
