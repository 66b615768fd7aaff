import Foundation

/// A value read from a YAML or JSON source file, with the place it was written.
///
/// Its small accessors are `@inlinable`: lint, the snapshots and the build read them for every
/// value from other targets, where a call each cost lint about 1% at 22,000 items.
///
/// Scalars are resolved by the YAML 1.2 core schema: `yes`, `no`, `on`, `off` stay strings
/// (the "Norway problem" of YAML 1.1 never turns a Dutch text into a boolean). `raw` keeps the
/// scalar's text as written so a string field can accept `1868` or `true` written unquoted.
public struct SourceNode: Sendable {
    /// The resolved value.
    public enum Value: Sendable {
        case null
        case bool(Bool)
        case int(Int)
        case number(Double)
        case string(String)
        case list([SourceNode])
        case map([SourceEntry])
    }

    public var value: Value
    /// The scalar's text as written (nil for lists and maps).
    public var raw: String?
    /// Whether the scalar was quoted or a block scalar (so it is a string by construction).
    public var isQuoted: Bool
    /// Where the value starts.
    public var location: SourceLocation

    public init(_ value: Value, raw: String? = nil, isQuoted: Bool = false, location: SourceLocation) {
        self.value = value
        self.raw = raw
        self.isQuoted = isQuoted
        self.location = location
    }

    /// The entries when this is a map.
    @inlinable
    public var entries: [SourceEntry]? {
        if case .map(let entries) = value { return entries }
        return nil
    }

    /// The elements when this is a list.
    @inlinable
    public var elements: [SourceNode]? {
        if case .list(let elements) = value { return elements }
        return nil
    }

    /// The value of key `key` when this is a map.
    @inlinable
    public subscript(key: String) -> SourceNode? {
        entries?.first { $0.key == key }?.value
    }

    /// The entry of key `key` when this is a map.
    @inlinable
    public func entry(_ key: String) -> SourceEntry? {
        entries?.first { $0.key == key }
    }

    /// The text of a scalar: a string's value, or the raw text of an unquoted number or bool.
    @inlinable
    public var scalarText: String? {
        switch value {
        case .string(let s): s
        case .int, .number, .bool: raw
        default: nil
        }
    }

    /// A number for int and number scalars.
    public var doubleValue: Double? {
        switch value {
        case .int(let i): Double(i)
        case .number(let d): d
        default: nil
        }
    }

    /// Whether the value is null, an empty string, or an empty list or map.
    public var isEmpty: Bool {
        switch value {
        case .null: true
        case .string(let s): s.unicodeScalars.allSatisfy(\.properties.isWhitespace)
        case .list(let l): l.isEmpty
        case .map(let m): m.isEmpty
        default: false
        }
    }

    /// A short name of the value's kind for messages ("a list", "a number").
    public var kindDescription: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "a whole number"
        // `.nan` and `.inf` are numbers to YAML, but not what a reader of "a number" pictures.
        case .number(let number) where number.isNaN: "YAML's not-a-number"
        case .number(let number) where number.isInfinite: "YAML's infinity"
        case .number: "a number"
        case .string: "a string"
        case .list: "a list"
        case .map: "a map"
        }
    }
}

/// One key/value pair of a map, with the key's own location (for "unknown field" reports).
public struct SourceEntry: Sendable {
    public var key: String
    public var keyLocation: SourceLocation
    public var value: SourceNode

    public init(key: String, keyLocation: SourceLocation, value: SourceNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}

extension SourceNode {
    /// Whether the value is YAML's null (`name:` with nothing after it).
    package var isNull: Bool {
        if case .null = value { return true }
        return false
    }
}
