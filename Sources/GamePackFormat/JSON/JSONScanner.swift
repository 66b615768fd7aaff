import Foundation

/// A small JSON parser into a `JSONTape` (read without a tree) or a `JSONValue`, for the
/// canonical JSON of large packs and gohike content files: the one JSON reader of the kit
/// (diff, import) and the client's offline queries.
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
            "\(JSONScanner.location(of: offset, in: data)): \(reason)"
        }
    }

    /// The line and column of the byte at `offset` in `data` (both 1-based; the column counts
    /// bytes).
    public static func location(of offset: Int, in data: Data) -> JSONLocation {
        location(of: offset, lineStarts: lineStarts(in: data, upTo: offset))
    }

    /// Where each line of `data` starts, up to `limit` bytes (0-based offsets; the first is 0).
    /// Built once for a document that reports many places (`JSONTape.location(at:)`).
    static func lineStarts(in data: Data, upTo limit: Int = .max) -> [Int] {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> [Int] in
            var starts = [0]
            guard let base = raw.baseAddress else { return starts }
            let end = min(limit, raw.count)
            var index = 0
            while index < end, let newline = memchr(base + index, Int32(UInt8(ascii: "\n")), end - index) {
                index = base.distance(to: UnsafeRawPointer(newline)) + 1
                starts.append(index)
            }
            return starts
        }
    }

    /// The line and column of `offset`, given where the lines start (`lineStarts(in:upTo:)`).
    static func location(of offset: Int, lineStarts: [Int]) -> JSONLocation {
        // The last line that starts at or before `offset`.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return JSONLocation(line: low + 1, column: offset - lineStarts[low] + 1)
    }

    /// Why `data` was not JSON, for a message: the line, column and reason of a `Failure`
    /// from parsing it, else the error's own text.
    public static func explain(_ error: Error, in data: Data) -> String {
        (error as? Failure)?.message(in: data) ?? "\(error)"
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    private var tokens: [JSONTape.Token] = []

    /// Parses `data` as one JSON document into a tree.
    public static func parse(_ data: Data) throws -> JSONValue {
        try tape(data).root.value
    }

    /// Scans `data` as one JSON document into a tape, read without building a tree; fails
    /// where and as `parse(_:)` does.
    public static func tape(_ data: Data) throws -> JSONTape {
        let tokens = try data.withUnsafeBytes { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            guard buffer.count < JSONTape.maximumSize else {
                throw Failure(offset: 0, reason: "the document is 4 GiB or larger, more than the JSON reader reads")
            }
            var scanner = JSONScanner(bytes: buffer)
            scanner.tokens.reserveCapacity(buffer.count / 16)
            scanner.skipWhitespace()
            try scanner.value()
            scanner.skipWhitespace()
            guard scanner.index == scanner.bytes.count else { throw scanner.failure("unexpected text after the value") }
            return scanner.tokens
        }
        return JSONTape(bytes: data, tokens: tokens)
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

    private mutating func append(_ kind: JSONTape.Token.Kind, start: Int, end: Int) {
        tokens.append(JSONTape.Token(kind: kind, count: 0, start: start, end: end))
    }

    /// Scans one value into tokens; a container's token is written first and completed (its
    /// count, the index after it) once its end is found.
    private mutating func value() throws {
        guard index < bytes.count else { throw failure("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            try object()
        case UInt8(ascii: "["):
            try array()
        case UInt8(ascii: "\""):
            try string()
        case UInt8(ascii: "t"):
            append(.true, start: index, end: index + 4)
            try expect("true")
        case UInt8(ascii: "f"):
            append(.false, start: index, end: index + 5)
            try expect("false")
        case UInt8(ascii: "n"):
            append(.null, start: index, end: index + 4)
            try expect("null")
        default:
            try number()
        }
    }

    /// Scans an object, from its `{`.
    private mutating func object() throws {
        depth += 1
        guard depth < 512 else { throw failure("nested too deeply") }
        defer { depth -= 1 }
        let container = tokens.count
        append(.object, start: index, end: container + 1)
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return
        }
        var count: Int32 = 0
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
            try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
            try value()
            count += 1
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                tokens[container].count = count
                tokens[container].end = tokens.count
                return
            } else {
                throw failure("expected ',' or '}'")
            }
        }
    }

    /// Scans an array, from its `[`.
    private mutating func array() throws {
        depth += 1
        guard depth < 512 else { throw failure("nested too deeply") }
        defer { depth -= 1 }
        let container = tokens.count
        append(.array, start: index, end: container + 1)
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return
        }
        var count: Int32 = 0
        while true {
            skipWhitespace()
            try value()
            count += 1
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                tokens[container].count = count
                tokens[container].end = tokens.count
                return
            } else {
                throw failure("expected ',' or ']'")
            }
        }
    }

    private mutating func number() throws {
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
        if isInteger, Int(text) != nil {
            append(.int, start: start, end: index)
            return
        }
        guard let value = Double(text), value.isFinite else {
            index = start
            throw failure("invalid number")
        }
        append(.number, start: start, end: index)
    }

    /// Scans a string, checking its escapes; its text is decoded when it is read
    /// (`JSONTape.string(at:)`).
    private mutating func string() throws {
        index += 1  // the opening quote
        let start = index
        var escaped = false
        while index < bytes.count {
            index = Self.plainRunEnd(bytes, from: index)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                append(escaped ? .escapedString : .string, start: start, end: index)
                index += 1
                return
            case UInt8(ascii: "\\"):
                escaped = true
                index += 1
                guard index < bytes.count else { throw failure("unexpected end") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    break
                case UInt8(ascii: "u"):
                    let scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    {
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw failure("invalid surrogate pair") }
                    }
                default:
                    throw failure("invalid escape")
                }
            default:
                guard byte >= 0x20 else { throw failure("control character in a string") }
                index += 1
            }
        }
        throw failure("unterminated string")
    }

    /// The offset of the first byte from `start` that ends a run of plain string characters: a
    /// quote, a backslash or a control character (`bytes.count` when none). Eight bytes are
    /// looked at in one step: a string's text (a base64 photo, a long description) is mostly such
    /// runs, and taking them a byte at a time was a fifth of a diff of content files with photos.
    @inline(__always)
    package static func plainRunEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        guard let base = bytes.baseAddress else { return index }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            // The high bit of each byte that is a quote, a backslash or below 0x20; a borrow can
            // only mark a byte above a marked one, so the lowest mark is exact.
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let marks =
                ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- ones &* 0x20) & ~word) & highs
            if marks != 0 { return index + marks.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return index }
            index += 1
        }
        return index
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("unexpected end") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Self.hexValue(bytes[index]) else { throw failure("invalid \\u escape") }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// The value of a hex digit, nil for any other byte.
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }
}
