import Foundation

/// Compact JSON written straight to an `OutputFile`, so a target with hundreds of MB of base64
/// images is never held in memory. Strings are escaped exactly as Python's
/// `json.dumps(..., ensure_ascii=False)` does, because the gohike version is the MD5 of that
/// serialization and other servers recompute it.
package struct JSONWriter {
    let out: OutputFile
    /// Per open container: whether the next element needs a comma first.
    private var needsComma: [Bool] = []
    /// Whether a key was just written, so the next value follows it directly.
    private var afterKey = false

    package init(_ out: OutputFile) { self.out = out }

    package mutating func beginObject() throws {
        try separator()
        try out.write("{")
        needsComma.append(false)
    }

    package mutating func endObject() throws {
        needsComma.removeLast()
        try out.write("}")
    }

    package mutating func beginArray() throws {
        try separator()
        try out.write("[")
        needsComma.append(false)
    }

    package mutating func endArray() throws {
        needsComma.removeLast()
        try out.write("]")
    }

    /// Writes `"key":`; the value follows with one of the value calls.
    package mutating func key(_ key: String) throws {
        try separator()
        try out.writeEscaped(key)
        try out.write(":")
        afterKey = true
    }

    /// Writes the comma that separates this element from the previous one, if any.
    private mutating func separator() throws {
        if afterKey {
            afterKey = false
            return
        }
        guard let last = needsComma.indices.last else { return }
        if needsComma[last] { try out.write(",") }
        needsComma[last] = true
    }

    package mutating func string(_ value: String) throws {
        try separator()
        try out.writeEscaped(value)
    }

    package mutating func null() throws {
        try separator()
        try out.write("null")
    }

    package mutating func bool(_ value: Bool) throws {
        try separator()
        try out.write(value ? "true" : "false")
    }

    package mutating func int(_ value: Int) throws {
        try separator()
        try out.write(String(value))
    }

    /// A number written from its source text when that is valid JSON (keeps the editor's
    /// digits), else from the double.
    package mutating func number(_ value: Double, raw: String?) throws {
        try separator()
        if let raw, Self.isJSONNumber(raw) {
            try out.write(raw)
        } else if value == value.rounded(), abs(value) < 1e15 {
            try out.write(String(Int(value)))
        } else {
            try out.write(String(value))
        }
    }

    /// Writes object members already made as compact JSON (`"a":1,"b":2`, such as a part
    /// kept from writing the same values before); the object's next member follows them.
    package mutating func members(_ json: [UInt8]) throws {
        try separator()
        try out.write(json)
    }

    /// Writes a string value whose content is produced in pieces (a base64 stream).
    package mutating func rawStringValue(_ produce: (OutputFile) throws -> Void) throws {
        try separator()
        try out.write("\"")
        try produce(out)
        try out.write("\"")
    }

    /// Whether `text` is a JSON number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    /// (Scanned by hand: a regular expression per number cost a tenth of a second per 20,000
    /// items.)
    static func isJSONNumber(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func at(_ test: (UInt8) -> Bool) -> Bool { index < bytes.count && test(bytes[index]) }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func digits() -> Bool {
            guard at(isDigit) else { return false }
            while at(isDigit) { index += 1 }
            return true
        }
        if at({ $0 == 0x2D }) { index += 1 }  // -
        if at({ $0 == 0x30 }) {
            index += 1  // a leading 0 stands alone
        } else if !digits() {
            return false
        }
        if at({ $0 == 0x2E }) {  // .
            index += 1
            guard digits() else { return false }
        }
        if at({ $0 == 0x65 || $0 == 0x45 }) {  // e E
            index += 1
            if at({ $0 == 0x2B || $0 == 0x2D }) { index += 1 }  // + -
            guard digits() else { return false }
        }
        return index == bytes.count
    }
}
