import Foundation

/// A strict JSON parser into `KinveyValue`, bounded in depth: the one reader of a request's
/// `query`, `sort` and of the entities a query is evaluated over. Refuses what is not JSON
/// (trailing text, lone surrogates, control characters in strings) with a message naming the
/// place.
struct KinveyJSONParser {
    /// A parse failure: what was wrong and at which byte.
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0

    /// Parses `text` as one JSON value, at most `maxDepth` arrays and objects deep.
    static func parse(_ text: String, maxDepth: Int) throws(Failure) -> KinveyValue {
        var parser = KinveyJSONParser(bytes: Array(text.utf8), maxDepth: maxDepth)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    func failure(_ message: String) -> Failure {
        Failure(message: "\(message) at byte \(index)")
    }

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) throws(Failure) -> KinveyValue {
        guard index < bytes.count else { throw failure("unexpected end of JSON") }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < maxDepth else {
                throw failure("the JSON nests more than \(maxDepth) arrays and objects deep")
            }
            return bytes[index] == UInt8(ascii: "{") ? try object(depth: depth + 1) : try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default: return try number()
        }
    }

    mutating func literal(_ word: String, _ value: KinveyValue) throws(Failure) -> KinveyValue {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("not a JSON value")
        }
        index += expected.count
        return value
    }

    mutating func number() throws(Failure) -> KinveyValue {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - from
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        _ = skip(UInt8(ascii: "-"))
        let leadingZero = index < bytes.count && bytes[index] == UInt8(ascii: "0")
        let whole = digits()
        var valid = whole > 0 && !(leadingZero && whole > 1)
        if skip(UInt8(ascii: ".")) { valid = valid && digits() > 0 }
        if skip(UInt8(ascii: "e")) || skip(UInt8(ascii: "E")) {
            _ = skip(UInt8(ascii: "+")) || skip(UInt8(ascii: "-"))
            valid = valid && digits() > 0
        }
        guard valid, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            index = start
            throw failure("not a JSON value")
        }
        return .number(value)
    }

    /// After `[` or `{`: true (and past it) when the container closes at once with `close`.
    mutating func opens(closingWith close: Character) -> Bool {
        index += 1
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: close.unicodeScalars.first!) else { return false }
        index += 1
        return true
    }

    /// After an element: true (and past it) at `close`, false past a `,`; else a failure.
    mutating func closes(with close: Character, in container: String) throws(Failure) -> Bool {
        skipSpace()
        guard index < bytes.count else { throw failure("unexpected end of JSON in an \(container)") }
        index += 1
        if bytes[index - 1] == UInt8(ascii: close.unicodeScalars.first!) { return true }
        guard bytes[index - 1] == UInt8(ascii: ",") else { throw failure("expected , or \(close) in an \(container)") }
        return false
    }

    mutating func array(depth: Int) throws(Failure) -> KinveyValue {
        var elements: [KinveyValue] = []
        if opens(closingWith: "]") { return .array(elements) }
        repeat {
            skipSpace()
            elements.append(try value(depth: depth))
        } while try !closes(with: "]", in: "array")
        return .array(elements)
    }

    mutating func object(depth: Int) throws(Failure) -> KinveyValue {
        var members: [(String, KinveyValue)] = []
        if opens(closingWith: "}") { return .object(members) }
        repeat {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let name = try string()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected : after a name") }
            index += 1
            skipSpace()
            members.append((name, try value(depth: depth)))
        } while try !closes(with: "}", in: "object")
        return .object(members)
    }

    mutating func string() throws(Failure) -> String {
        index += 1
        // Runs between escapes are decoded whole (a string without escapes is one run); an
        // escape appends its scalar. Runs end only at ASCII bytes, so no UTF-8 sequence is cut.
        var text = ""
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let run = String(decoding: bytes[runStart..<index], as: UTF8.self)
                index += 1
                if text.isEmpty { return run }
                text += run
                return text
            }
            guard byte >= 0x20 else { throw failure("a control character inside a string") }
            if byte == UInt8(ascii: "\\") {
                text += String(decoding: bytes[runStart..<index], as: UTF8.self)
                text.unicodeScalars.append(try escape())
                runStart = index
            } else {
                index += 1
            }
        }
        throw failure("unterminated string")
    }

    mutating func escape() throws(Failure) -> Unicode.Scalar {
        index += 1
        guard index < bytes.count else { throw failure("unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4()
            if (0xD800..<0xDC00).contains(high) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("a lone surrogate \\u escape")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate \\u escape") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw failure("a lone surrogate \\u escape") }
            return scalar
        default: throw failure("an unknown escape")
        }
    }

    mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
            bytes[index..<index + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else { throw failure("a \\u escape needs four hex digits") }
        index += 4
        return value
    }
}
