import Foundation

/// JSON written byte for byte as Foundation's `JSONEncoder` writes it with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` and non-conforming floats as the
/// strings `NaN`, `Infinity` and `-Infinity` (swift-foundation's `JSONWriter`): two spaces a
/// level, `"key" : value`, `{\n\n}` for an empty container, keys sorted by their UTF-8 bytes,
/// a double as its `description` without a trailing `.0`.
///
/// For reports written often and large (`gamepack diff --format json`): the encoder boxes every
/// value and asks the runtime at each one whether its type conforms to one of its marker
/// protocols, which made it a tenth of a diff's instructions (`benchmarks/README.md`, "The diff
/// report written directly"). The caller writes each object's members in sorted order;
/// `sortedKeys(of:)` sorts a dictionary's keys the way the encoder does.
public struct PrettyJSONWriter {
    /// What was written so far.
    public private(set) var bytes: [UInt8] = []
    private var depth = 0
    /// Whether the innermost open container has no element yet.
    private var empty = true
    /// Whether a key was just written, so the next value follows it directly.
    private var afterKey = false

    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    // MARK: Containers

    public mutating func beginObject() { open(UInt8(ascii: "{")) }
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    public mutating func beginArray() { open(UInt8(ascii: "[")) }
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Writes `"key" : `; the member's value follows with one of the value calls.
    public mutating func key(_ key: String) {
        separate()
        quoted(key)
        bytes.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
        afterKey = true
    }

    /// A dictionary's keys in the order the encoder writes them: by their UTF-8 bytes.
    public static func sortedKeys<Value>(of dictionary: [String: Value]) -> [String] {
        dictionary.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    // MARK: Values

    public mutating func string(_ value: String) {
        separate()
        quoted(value)
    }

    public mutating func int(_ value: Int) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
    }

    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
    }

    /// A double as the encoder writes one: its shortest round-trip text without `.0`
    /// (`1`, `0.5`, `1e-05`, `1e+21`), and one JSON has no number for as a string.
    public mutating func double(_ value: Double) {
        guard value.isFinite else {
            string(value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity")
            return
        }
        separate()
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// A `JSONValue` as its `Codable` conformance encodes it.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .int(let number): int(number)
        case .number(let number):
            if let whole = JSONValue.wholeNumber(number) { int(whole) } else { double(number) }
        case .string(let text): string(text)
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .object(let members):
            beginObject()
            for name in Self.sortedKeys(of: members) {
                key(name)
                self.value(members[name]!)
            }
            endObject()
        }
    }

    // MARK: Layout

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        bytes.append(0x0A)
        depth += 1
        empty = true
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(0x0A)
        depth -= 1
        indent()
        bytes.append(bracket)
        empty = false  // the container is an element of the one around it
    }

    /// Before an element or a member: the comma and line break after the one before, and the
    /// indent; nothing before a member's value or at the top level.
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        if !empty { bytes.append(contentsOf: [UInt8(ascii: ","), 0x0A]) }
        empty = false
        indent()
    }

    private mutating func indent() {
        for _ in 0..<depth { bytes.append(contentsOf: [0x20, 0x20]) }
    }

    /// A string between quotes, escaped as the encoder escapes it: `"` and `\`, the control
    /// characters (`\n`, `\t`, `\b`, `\f`, `\r`, else `\u00xx` in lower-case hex); `/` and
    /// all other characters as they are.
    private static let hex = Array("0123456789abcdef".utf8)

    private mutating func quoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var mark = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark..<index]))
                mark = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case 0x22, 0x5C: bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0xF)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
