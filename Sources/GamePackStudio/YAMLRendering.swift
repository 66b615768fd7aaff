import GamePackContent
import GamePackFormat
import GamePackLocalization

/// Writes JSON values as YAML text in the style of the examples: strings double-quoted (so
/// no text is ever read back as a number, a date or a boolean), maps as blocks, lists of
/// scalars and coordinates in flow style.
enum YAMLRendering {
    /// A block map's entry: `name:` and `value` after it (`afterKey`).
    static func entry(
        _ name: String, _ value: JSONValue, indent: Int, order: [String] = [], newline: String = "\n"
    ) -> String {
        key(name) + ":" + afterKey(value, indent: indent, order: order, newline: newline)
    }

    /// `value` as the text after `key:` — starting with a space for a one-line value, with a
    /// line break for a block — whose block lines are indented by `indent` spaces.
    static func afterKey(_ value: JSONValue, indent: Int, order: [String] = [], newline: String = "\n") -> String {
        let text = render(value, indent: indent, order: order, newline: newline)
        return text.hasPrefix(newline) ? text : " " + text
    }

    /// `value` as YAML: one line, or (for a non-empty block) a line break and the block's lines
    /// at `indent` spaces.
    static func render(_ value: JSONValue, indent: Int, order: [String] = [], newline: String = "\n") -> String {
        switch value {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .number(let value): return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .string(let text): return YAMLScalar.quoted(text, controls: .json)
        case .array(let elements):
            if elements.isEmpty { return "[]" }
            if elements.allSatisfy(\.isScalar) {
                return "[" + elements.map { render($0, indent: 0) }.joined(separator: ", ") + "]"
            }
            let pad = String(repeating: " ", count: indent)
            return elements.map { element in
                let body = render(element, indent: indent + 2, newline: newline)
                // A map's first key goes on the dash's line.
                let text = body.hasPrefix(newline) ? String(body.dropFirst(newline.count + indent + 2)) : body
                return newline + pad + "- " + text
            }.joined()
        case .object(let members):
            if members.isEmpty { return "{}" }
            let keys = orderedKeys(members, order)
            if isCoordinate(members) {
                return "{" + keys.map { "\(key($0)): \(render(members[$0]!, indent: 0))" }.joined(separator: ", ") + "}"
            }
            let pad = String(repeating: " ", count: indent)
            return keys.map { name in newline + pad + entry(name, members[name]!, indent: indent + 2, newline: newline) }
                .joined()
        }
    }

    /// The keys of `members`: those in `order` first, in its order, then the rest by name.
    static func orderedKeys(_ members: [String: JSONValue], _ order: [String]) -> [String] {
        let known = order.filter { members[$0] != nil }
        return known + members.keys.filter { !order.contains($0) }.sorted()
    }

    static func isCoordinate(_ members: [String: JSONValue]) -> Bool {
        Set(members.keys).isSubset(of: ["latitude", "longitude"]) && members.values.allSatisfy(\.isScalar)
    }

    /// A key: plain when it is letters, digits, `_` and `-`, else quoted (as `l10n import` writes keys).
    static func key(_ name: String) -> String { SourceTextSpans.key(name) }

    /// An ASCII letter or digit.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: false
        }
    }
}

extension JSONValue {
    var isScalar: Bool {
        switch self {
        case .array, .object: false
        case .null, .bool, .int, .number, .string: true
        }
    }
}
