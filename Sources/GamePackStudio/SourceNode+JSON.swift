import Foundation
import GamePackContent
import GamePackFormat

extension SourceNode {
    /// The node's value as JSON: what the API hands out as an item's values.
    var json: JSONValue {
        switch value {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .number(let value): .number(value)
        case .string(let value): .string(value)
        case .list(let elements): .array(elements.map(\.json))
        case .map(let entries): .object(Dictionary(entries.map { ($0.key, $0.value.json) }, uniquingKeysWith: { a, _ in a }))
        }
    }
}

extension JSONValue {
    /// Whether two values mean the same, a whole `number` equal to an `int`.
    func sameValue(as other: JSONValue) -> Bool {
        switch (self, other) {
        case (.array(let a), .array(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.sameValue(as: $1) }
        case (.object(let a), .object(let b)):
            a.count == b.count && a.allSatisfy { key, value in b[key].map { value.sameValue(as: $0) } ?? false }
        default:
            if let x = numberValue, let y = other.numberValue { x == y } else { self == other }
        }
    }

    /// The members of an object, or nil.
    var members: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// A copy with `member` set (objects only).
    func setting(_ member: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        members[member] = value
        return .object(members)
    }

    /// The text of a string, or nil.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value as JSON text.
    var text: String { String(decoding: encodedCompact(), as: UTF8.self) }

    func encodedCompact() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }
}
