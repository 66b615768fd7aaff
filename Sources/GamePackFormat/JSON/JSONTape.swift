import Foundation

/// A JSON document scanned once into a flat list of tokens (`JSONScanner.tape(_:)`), read
/// through `JSONView`s without building a tree: a key is found by comparing bytes, a string
/// is made only when it is read, and a container can be stepped over in one move.
///
/// Readers of large files that look at most values once (a gohike content.json read for a
/// diff or an import) use it instead of `JSONValue`, whose dictionaries hash every key twice
/// (when made and when looked up) and whose nodes are each an allocation.
public final class JSONTape: @unchecked Sendable {
    /// One value, or the key of an object member (a string).
    struct Token {
        enum Kind: UInt8 {
            case object, array, string, escapedString, int, number, `true`, `false`, null
        }
        // 16 bytes a token: offsets are 32-bit (the scan refuses a document of 4 GiB or more).
        private var storedStart: UInt32
        private var storedEnd: UInt32
        /// Members or elements of a container.
        var count: Int32
        var kind: Kind

        init(kind: Kind, count: Int32, start: Int, end: Int) {
            self.kind = kind
            self.count = count
            storedStart = UInt32(start)
            storedEnd = UInt32(end)
        }

        /// Where the value starts; for a string, its first byte after the quote.
        var start: Int { Int(storedStart) }
        /// For a string or number, where it ends (the closing quote's offset); for a container,
        /// the index of the token after it.
        var end: Int {
            get { Int(storedEnd) }
            set { storedEnd = UInt32(newValue) }
        }
    }

    /// The largest document a tape holds.
    public static let maximumSize = Int(UInt32.max)

    /// The document's bytes (kept as given, not copied).
    let bytes: Data
    /// The tokens in document order; the root value is the first.
    let tokens: [Token]
    /// Where each line starts, once a place in the document was asked for (`location(at:)`).
    private var lineStarts: [Int]?
    private let lineStartsLock = NSLock()
    /// The bytes as one buffer for the tape's life, found once: asking `Data` for its bytes at
    /// each read (a string, a number, a key) checked exclusive access each time, 4% of a diff of
    /// two content files (`benchmarks/README.md`, "reads by place, and its bytes once"). A
    /// document of more than `Self.copiedSize` bytes is read where `bytes` holds it (a `Data`
    /// that large keeps its bytes in storage of its own, which no one changes while the tape
    /// keeps it); a smaller one, which `Data` may hold inline, is copied.
    private let buffer: UnsafeBufferPointer<UInt8>
    private let copy: UnsafeMutableBufferPointer<UInt8>?
    /// The size up to which the document is copied.
    public static let copiedSize = 1024

    init(bytes: Data, tokens: [Token]) {
        self.bytes = bytes
        self.tokens = tokens
        if bytes.count <= Self.copiedSize {
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
            _ = copy.initialize(from: bytes)
            self.copy = copy
            buffer = UnsafeBufferPointer(start: copy.baseAddress, count: bytes.count)
        } else {
            copy = nil
            buffer = bytes.withUnsafeBytes { $0.bindMemory(to: UInt8.self) }
        }
    }

    deinit { copy?.deallocate() }

    @inline(__always)
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(buffer) }
    }

    /// The document's top-level value.
    public var root: JSONView { JSONView(tape: self, index: 0) }

    /// Where the value at `index` is written: its first byte (a string's opening quote). The
    /// document's line starts are found on the first call and kept, so that a file with many
    /// bad values is read for lines once, not once for each.
    func location(at index: Int) -> JSONLocation {
        let token = tokens[index]
        let quoted = token.kind == .string || token.kind == .escapedString
        let starts = lineStartsLock.withLock {
            if let lineStarts { return lineStarts }
            let starts = JSONScanner.lineStarts(in: bytes)
            lineStarts = starts
            return starts
        }
        return JSONScanner.location(of: quoted ? token.start - 1 : token.start, lineStarts: starts)
    }

    /// The token after the value at `index` (its next sibling).
    @inline(__always)
    func next(after index: Int) -> Int {
        let token = tokens[index]
        return token.kind == .object || token.kind == .array ? token.end : index + 1
    }

    /// Whether the value at `index` and the one at `otherIndex` of `other` are the same scalar
    /// as written (`JSONView.isSameScalarAsWritten`).
    func isSameScalarAsWritten(_ index: Int, _ other: JSONTape, _ otherIndex: Int) -> Bool {
        let (a, b) = (tokens[index], other.tokens[otherIndex])
        guard a.kind == b.kind else { return false }
        switch a.kind {
        case .object, .array: return false
        case .true, .false, .null: return true
        case .string, .escapedString, .int, .number:
            let length = a.end - a.start
            guard length == b.end - b.start else { return false }
            return withBytes { x in
                other.withBytes { y in memcmp(x.baseAddress! + a.start, y.baseAddress! + b.start, length) == 0 }
            }
        }
    }

    /// The text of the string token at `index`, escapes decoded.
    func string(at index: Int) -> String {
        let token = tokens[index]
        return withBytes { all in
            let raw = UnsafeBufferPointer(rebasing: all[token.start..<token.end])
            return token.kind == .string ? String(decoding: raw, as: UTF8.self) : Self.unescape(raw)
        }
    }

    /// Decodes a string's escapes (already checked by the scan).
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = 0
        func hex4() -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                value = value << 4 | (JSONScanner.hexValue(raw[index]) ?? 0)
                index += 1
            }
            return value
        }
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                index += 1
                continue
            }
            let escape = raw[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4()
                if (0xD800..<0xDC00).contains(scalar), index + 1 < raw.count, raw[index] == UInt8(ascii: "\\"),
                    raw[index + 1] == UInt8(ascii: "u")
                {
                    index += 2
                    let low = hex4()
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                out.append(contentsOf: Array(String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8))
            default: out.append(escape)  // `"`, `\`, `/`
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The number token at `index` as the scan read it (an `.int` or a `.number`).
    func number(at index: Int) -> JSONValue {
        let token = tokens[index]
        let text = withBytes { all in
            String(decoding: UnsafeBufferPointer(rebasing: all[token.start..<token.end]), as: UTF8.self)
        }
        if token.kind == .int, let value = Int(text) { return .int(value) }
        return .number(Double(text) ?? .nan)
    }

    /// The value at `index` as a tree.
    func value(at index: Int) -> JSONValue {
        let token = tokens[index]
        switch token.kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .int, .number: return number(at: index)
        case .string, .escapedString: return .string(string(at: index))
        case .array:
            var array: [JSONValue] = []
            array.reserveCapacity(Int(token.count))
            var element = index + 1
            while element < token.end {
                array.append(value(at: element))
                element = next(after: element)
            }
            return .array(array)
        case .object:
            // A repeated key keeps its last value.
            var object = [String: JSONValue](minimumCapacity: Int(token.count))
            var key = index + 1
            while key < token.end {
                object[string(at: key)] = value(at: key + 1)
                key = next(after: key + 1)
            }
            return .object(object)
        }
    }
}

/// A value in a `JSONTape`. Cheap to copy; valid as long as it is kept (it keeps its tape).
public struct JSONView {
    public let tape: JSONTape
    let index: Int

    init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    private var kind: JSONTape.Token.Kind { tape.tokens[index].kind }

    public var isNull: Bool { kind == .null }

    /// Where the value is written in the document, for a message about it (found by counting
    /// lines, so for errors, not for every value).
    public var location: JSONLocation { tape.location(at: index) }

    /// The value as a tree (the whole subtree for a container).
    public var value: JSONValue { tape.value(at: index) }

    /// The value as a tree when it is a scalar; a container as an empty one of its kind.
    /// For `switch`es that tell kinds apart and read scalars, without building subtrees.
    public var scalar: JSONValue {
        switch kind {
        case .object: .object([:])
        case .array: .array([])
        default: tape.value(at: index)
        }
    }

    /// The text of a string value.
    public var string: String? {
        kind == .string || kind == .escapedString ? tape.string(at: index) : nil
    }

    /// Calls `body` with a string value's bytes as written between its quotes (escapes not
    /// decoded); nil when the value is not a string. For readers that decode a large string
    /// themselves (a base64 image) without making its `String` first.
    public func withRawString<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        let token = tape.tokens[index]
        guard token.kind == .string || token.kind == .escapedString else { return nil }
        return try tape.withBytes { try body(UnsafeBufferPointer(rebasing: $0[token.start..<token.end])) }
    }

    /// Whether this value and `other` are the same scalar as written: of one kind and, for a
    /// string or number, of the same bytes (a string's between its quotes, escapes as written,
    /// so equal bytes are an equal text). A container is never the same as anything.
    public func isSameScalarAsWritten(_ other: JSONView) -> Bool {
        tape.isSameScalarAsWritten(index, other.tape, other.index)
    }

    /// The members of an object value.
    public var object: JSONObjectView? { kind == .object ? JSONObjectView(tape: tape, index: index) : nil }

    /// The elements of an array value, in order.
    public var elements: [JSONView]? {
        let token = tape.tokens[index]
        guard token.kind == .array else { return nil }
        var elements: [JSONView] = []
        elements.reserveCapacity(Int(token.count))
        var element = index + 1
        while element < token.end {
            elements.append(JSONView(tape: tape, index: element))
            element = tape.next(after: element)
        }
        return elements
    }
}

/// The members of an object in a `JSONTape`, looked up by comparing key bytes (objects of a
/// content file have a dozen keys: a scan is quicker than hashing). A repeated key has its
/// last value, as in `JSONValue`.
public struct JSONObjectView {
    public let tape: JSONTape
    let index: Int

    /// Where the object is written in the document (its `{`), for a message about it.
    public var location: JSONLocation { tape.location(at: index) }

    /// The value of `key`, or nil when the object has no such key.
    public subscript(key: String) -> JSONView? {
        valueIndex(key).map { JSONView(tape: tape, index: $0) }
    }

    /// The token index of `key`'s value, or nil when the object has no such key.
    func valueIndex(_ key: String) -> Int? {
        var key = key
        let found = key.withUTF8 { utf8 in
            tape.tokens.withUnsafeBufferPointer { tokens in
                tape.withBytes { bytes in
                    var found = -1
                    var member = index + 1
                    let end = tokens[index].end
                    while member < end {
                        let token = tokens[member]
                        if token.kind == .escapedString {
                            if tape.string(at: member) == String(decoding: utf8, as: UTF8.self) { found = member + 1 }
                        } else if token.end - token.start == utf8.count
                            && (utf8.isEmpty || memcmp(bytes.baseAddress! + token.start, utf8.baseAddress!, utf8.count) == 0)
                        {
                            found = member + 1
                        }
                        let value = tokens[member + 1]
                        member = value.kind == .object || value.kind == .array ? value.end : member + 2
                    }
                    return found
                }
            }
        }
        return found < 0 ? nil : found
    }

    /// Whether the members are exactly `keys`, in that order, each written without escapes
    /// (one pass over the members, where looking each key up would take one pass per key).
    public func hasKeys(inOrder keys: [String]) -> Bool {
        guard memberCount == keys.count else { return false }
        var member = index + 1
        for key in keys {
            let token = tape.tokens[member]
            guard token.kind == .string, token.end - token.start == key.utf8.count else { return false }
            let same = tape.withBytes { bytes in
                key.utf8.withContiguousStorageIfAvailable { utf8 in
                    utf8.isEmpty || memcmp(bytes.baseAddress! + token.start, utf8.baseAddress!, utf8.count) == 0
                } ?? key.utf8.elementsEqual(UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]))
            }
            guard same else { return false }
            member = tape.next(after: member + 1)
        }
        return true
    }

    /// The number of members, a repeated key counted each time.
    public var memberCount: Int { Int(tape.tokens[index].count) }

    /// The distinct keys, in the order first written.
    public var keys: [String] {
        let end = tape.tokens[index].end
        var keys: [String] = []
        var seen = Set<String>()
        var member = index + 1
        while member < end {
            let key = tape.string(at: member)
            if seen.insert(key).inserted { keys.append(key) }
            member = tape.next(after: member + 1)
        }
        return keys
    }
}
