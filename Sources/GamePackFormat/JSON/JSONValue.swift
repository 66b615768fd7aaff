import Foundation

/// A JSON value with integers told apart from other numbers, decoded by Foundation's
/// `JSONDecoder` (so strings arrive byte for byte) and encoded by its `JSONEncoder`. The one JSON
/// value type of the package: canonical packs read back, diff reports' old and new values, and
/// the JSON Schemas `gamepack schema --json-schema` writes.
public enum JSONValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Writes the value; a `number` that is whole (below 10¹⁵) is written as an integer (`90`,
    /// not `90.0`), one that JSON has no number for (NaN, infinities) as the encoder's
    /// non-conforming float strategy says.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .number(let value):
            if let whole = Self.wholeNumber(value) {
                try container.encode(whole)
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        }
    }

    /// A number as an `int` when it is a whole one below 10¹⁵, else a `number`: the case a
    /// decoder gives it back as.
    public static func number(exactly value: Double) -> JSONValue {
        wholeNumber(value).map { .int($0) } ?? .number(value)
    }

    /// A number as the integer it is written as: one that is whole and below 10¹⁵ (`90`, not
    /// `90.0`); nil for any other (and for NaN and the infinities).
    public static func wholeNumber(_ value: Double) -> Int? {
        value == value.rounded() && abs(value) < 1e15 ? Int(value) : nil
    }

    /// The member `key` of an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The value of a number, an `int` or a `number`.
    public var numberValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .number(let value): value
        case .null, .bool, .string, .array, .object: nil
        }
    }

    /// The value as pretty-printed JSON with sorted keys and a final line break (a JSON
    /// Schema file).
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
