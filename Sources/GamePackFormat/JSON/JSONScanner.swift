import Foundation

/// A small JSON parser straight into `JSONValue`, for the canonical JSON of large packs: the
/// one JSON reader of the kit (diff, import) and the client's offline queries.
///
/// Written by hand because the libraries at hand are slow on an untyped tree: decoding
/// `JSONValue` with `JSONDecoder` probes each value's type by catching thrown errors, and
/// swift-corelibs-foundation's `JSONSerialization` boxes every value; on the 20,000-item
/// benchmark pack either takes seconds, this takes a fraction of one. It accepts exactly
/// RFC 8259 JSON and reports the byte offset of the first error.
public struct JSONScanner {
    /// Why the bytes are not JSON, and where (0-based byte offset).
    public struct Failure: Error, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "\(reason) at byte \(offset)" }

        /// Where and why, as a person reads it: "line 3, column 7: expected ',' or '}'" (both
        /// 1-based; the column counts bytes), given the bytes that were parsed.
        public func message(in data: Data) -> String {
            let before = data.prefix(offset)
            let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
            return "line \(line), column \(before.endIndex - lineStart + 1): \(reason)"
        }
    }

    /// Why `data` was not JSON, for a message: the line, column and reason of a `Failure`
    /// from parsing it, else the error's own text.
    public static func explain(_ error: Error, in data: Data) -> String {
        (error as? Failure)?.message(in: data) ?? "\(error)"
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    /// The members of the objects being read, innermost last: an object's dictionary is made
    /// once its members are known, at its final size, instead of growing (and rehashing every
    /// key) as they arrive.
    private var members: [(key: String, value: JSONValue)] = []

    /// Parses `data` as one JSON document.
    public static func parse(_ data: Data) throws -> JSONValue {
        try data.withUnsafeBytes { raw in
            var scanner = JSONScanner(bytes: raw.bindMemory(to: UInt8.self))
            scanner.skipWhitespace()
            let value = try scanner.value()
            scanner.skipWhitespace()
            guard scanner.index == scanner.bytes.count else { throw scanner.failure("unexpected text after the value") }
            return value
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private func failure(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private mutating func expect(_ literal: StaticString) throws {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure("unexpected end") }
        for k in 0..<count where bytes[index + k] != literal.utf8Start[k] { throw failure("invalid literal") }
        index += count
    }

    private mutating func value() throws -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            depth += 1
            guard depth < 512 else { throw failure("nested too deeply") }
            defer { depth -= 1 }
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object([:])
            }
            let first = members.count
            defer { members.removeSubrange(first...) }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
                let key = try string()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
                index += 1
                skipWhitespace()
                let member = try value()
                members.append((key, member))
                skipWhitespace()
                guard index < bytes.count else { throw failure("unexpected end") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    // A repeated key keeps its last value.
                    var object = [String: JSONValue](minimumCapacity: members.count - first)
                    for member in members[first...] { object[member.key] = member.value }
                    return .object(object)
                } else {
                    throw failure("expected ',' or '}'")
                }
            }
        case UInt8(ascii: "["):
            depth += 1
            guard depth < 512 else { throw failure("nested too deeply") }
            defer { depth -= 1 }
            index += 1
            var array: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(array)
            }
            while true {
                skipWhitespace()
                array.append(try value())
                skipWhitespace()
                guard index < bytes.count else { throw failure("unexpected end") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(array)
                } else {
                    throw failure("expected ',' or ']'")
                }
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        default:
            return try number()
        }
    }

    private mutating func number() throws -> JSONValue {
        let start = index
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 {
                index += 1
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            {
                isInteger = false
                index += 1
            } else {
                break
            }
        }
        guard index > digitsStart else { throw failure("invalid value") }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else {
            index = start
            throw failure("invalid number")
        }
        return .number(value)
    }

    private mutating func string() throws -> String {
        index += 1  // the opening quote
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw failure("control character in a string") }
            index += 1
        }
        var out = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw failure("unexpected end") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    {
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw failure("invalid surrogate pair") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    out.append(contentsOf: Array(String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8))
                default:
                    throw failure("invalid escape")
                }
            default:
                guard byte >= 0x20 else { throw failure("control character in a string") }
                out.append(byte)
                index += 1
            }
        }
        throw failure("unterminated string")
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("unexpected end") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw failure("invalid \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
