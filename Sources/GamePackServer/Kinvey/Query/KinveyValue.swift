import Foundation

/// A JSON value of a Kinvey query or entity, as MongoDB sees it: object members keep their
/// order (a `sort` lists its keys in order; objects compare member by member), numbers are one
/// type, and strings are compared by their Unicode code points (`KinveyOrder`), never by
/// Swift's canonical equivalence.
indirect enum KinveyValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([KinveyValue])
    case object([(String, KinveyValue)])

    /// The member named `name` (compared by code points) of an object.
    subscript(member name: String) -> KinveyValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0.utf8.elementsEqual(name.utf8) }?.1
    }

    var arrayElements: [KinveyValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    var objectMembers: [(String, KinveyValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value as compact JSON text: integers without a fraction, strings escaped as JSON
    /// requires (non-ASCII text stays as it is).
    var json: String {
        var text = ""
        write(to: &text)
        return text
    }

    func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += value.isFinite ? ContentJSON.number(value) : "null"
        case .string(let value): Self.writeString(value, to: &text)
        case .array(let elements):
            text += "["
            for (n, element) in elements.enumerated() {
                if n > 0 { text += "," }
                element.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (n, member) in members.enumerated() {
                if n > 0 { text += "," }
                Self.writeString(member.0, to: &text)
                text += ":"
                member.1.write(to: &text)
            }
            text += "}"
        }
    }

    /// The escapes JSON requires besides `\u00XX` for other control characters.
    static let escapes: [Unicode.Scalar: String] = ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"]

    static func writeString(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            if let escaped = escapes[scalar] {
                text += escaped
            } else if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
