import CBase64
import Crypto
import Foundation
import GamePackFormat

/// Values: reading objects, numbers, texts, coordinates and images out of the JSON, reporting
/// what is missing or malformed.
extension GohikeContentReader {
    /// Records `problem` with the line and column of the value it is about.
    mutating func fail(_ problem: ImportError, at location: JSONLocation) {
        errors.append(.located(problem, at: location))
    }

    /// What a value is, for a message saying what was found instead: `the string "x1"`,
    /// `an array`, `the number 2.5`.
    static func found(_ value: JSONView) -> String {
        switch value.scalar {
        case .object: "an object"
        case .array: "an array"
        case .string(let text): "the string \(YAMLScalar.quoted(text.count > 40 ? String(text.prefix(40)) + "…" : text))"
        case .int(let number): "the number \(number)"
        case .number(let number): "the number \(number)"
        case .bool(let flag): "\(flag)"
        case .null: "null"
        }
    }

    /// The members of an object value, read by place when they are `keys` as written.
    mutating func object(_ value: JSONView, at path: String, kind: String, expecting keys: JSONKeys) -> JSONMembers? {
        guard let object = value.object else {
            fail(.wrongShape(path: path, expected: "\(kind), found \(Self.found(value))"), at: value.location)
            return nil
        }
        return JSONMembers(object, expecting: keys)
    }

    /// Warns about keys the format does not have; returns the expected keys that are absent.
    mutating func checkKeys(_ object: JSONMembers, expected: [String], at path: String) -> [String] {
        // The keys as the gohike target writes them: nothing absent, nothing more.
        if object.hasKeys(inOrder: expected) { return [] }
        let absent = expected.filter { object[$0] == nil }
        // As many members as expected keys present: each is one of them, none repeated (the
        // usual case, without making a list of keys).
        if object.object.memberCount + absent.count == expected.count { return absent }
        for key in object.object.keys.sorted() where !expected.contains(key) {
            warnings.append("\(path): the key `\(key)` is not part of the format; not imported")
        }
        return absent
    }

    mutating func reportAbsent(_ absent: [String], at path: String, what: String, consequence: String = "") {
        guard !absent.isEmpty else { return }
        warnings.append(
            "\(path) (\(what)) has no " + absent.map { "`\($0)`" }.joined(separator: ", ")
                + "; imported without \(absent.count == 1 ? "it" : "them")" + consequence)
    }

    /// A whole number: a JSON integer, or a string of digits.
    mutating func wholeNumber(_ object: JSONMembers, _ key: String, at path: String, required: Bool) -> Int? {
        let value = object[key]
        // A JSON integer, read from its bytes (the usual case, without making its text).
        if let int = value?.int { return int }
        switch value?.scalar {
        case .int(let value)?:
            return value
        case .number(let value)? where value.rounded() == value && abs(value) < 1e15:
            return Int(value)
        case .string(let text)? where !text.isEmpty && text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) && Int(text) != nil:
            return Int(text)
        case nil, .null?:
            if required { fail(.missingField(path: path, key: key), at: value?.location ?? object.object.location) }
            return nil
        default:
            fail(
                .invalidValue(
                    path: "\(path).\(key)", reason: "expected a whole number (like 12), found \(Self.found(value!))"),
                at: value!.location)
            return nil
        }
    }

    /// `name` and `description` from their `_en`/`_nl` pairs; empty texts are left out, and
    /// the field when both are empty (the gohike target writes "" for them).
    mutating func addTexts(_ object: JSONMembers, to item: inout GohikeItem) {
        for (field, keys) in Self.textFields {
            var texts: [(locale: String, text: String)] = []
            texts.reserveCapacity(keys.count)
            for (locale, key) in keys {
                let value = object[key]
                // A string, read without making a `JSONValue` first (the usual case).
                if let text = value?.string {
                    if !text.isEmpty {
                        texts.append((locale, text))
                        item.sourceValues?[key] = text
                    }
                    continue
                }
                switch value?.scalar {
                case .string(let text)? where !text.isEmpty:
                    texts.append((locale, text))
                    item.sourceValues?[key] = text
                case .string?, .null?, nil:
                    break
                default:
                    fail(
                        .wrongShape(path: "\(item.path).\(key)", expected: "a string, found \(Self.found(value!))"),
                        at: value!.location)
                }
            }
            if !texts.isEmpty { item.fields.append((field, .texts(texts))) }
        }
    }

    /// A latitude or longitude: its text when it is a decimal number (kept digit for digit),
    /// else nil with a warning.
    mutating func coordinate(_ object: JSONMembers, _ key: String, at path: String) -> String? {
        switch object[key]?.scalar {
        case .string(let text)?:
            if Self.isDecimal(text) { return text }
            warnings.append("\(path).\(key): \(YAMLScalar.quoted(text)) is not a decimal number; the position is left out")
        case .int(let value)?:
            return String(value)
        case .number(let value)? where value.isFinite:
            warnings.append("\(path).\(key) is a JSON number, not a string; written as \(value) (trailing zeros are lost)")
            return "\(value)"
        case .null?:
            warnings.append("\(path).\(key) is null; the position is left out")
        case nil:
            break  // reported with the other absent keys
        default:
            warnings.append("\(path).\(key) is not a number; the position is left out")
        }
        return nil
    }

    /// Whether `text` is a decimal number YAML reads as a number with the same text: an
    /// optional sign, digits, and an optional fraction (`52.341645271`, `-0.5`, `4`).
    static func isDecimal(_ text: String) -> Bool {
        var integerDigits = 0
        var fractionDigits = 0
        var hasPoint = false
        var first = true
        for byte in text.utf8 {
            defer { first = false }
            if first && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")) { continue }
            if byte == UInt8(ascii: ".") && !hasPoint {
                hasPoint = true
            } else if byte >= 0x30 && byte <= 0x39 {
                if hasPoint { fractionDigits += 1 } else { integerDigits += 1 }
            } else {
                return false
            }
        }
        return integerDigits > 0 && (!hasPoint || fractionDigits > 0)
    }

    /// Decodes a base64 image into an asset named by its content (`images/<hash>.<ext>`)
    /// and adds the field; identical images share one file.
    mutating func addImage(_ object: JSONMembers, key: String, field: String, to item: inout GohikeItem) {
        guard let value = object[key], !value.isNull, value.withRawString({ $0.isEmpty }) != true else { return }
        var decoded = value.withRawString(Self.decodeWrappedBase64) ?? nil
        if decoded == nil {
            guard case .string(let text) = value.scalar else {
                fail(
                    .wrongShape(path: "\(item.path).\(key)", expected: "a base64 string or null, found \(Self.found(value))"),
                    at: value.location)
                return
            }
            decoded = Self.decodeBase64(text)
        }
        guard let data = decoded else {
            fail(.invalidBase64(path: "\(item.path).\(key)"), at: value.location)
            return
        }
        // The path and the place are made only for a message: most images have none.
        guard let assetPath = assetPath(of: data, at: "\(item.path).\(key)", location: value.location) else { return }
        item.images.append((assetPath, data))
        item.fields.append((field, .plain(assetPath)))
        item.sourceValues?[key] = assetPath
    }

    /// The bytes of base64 as a content file writes it (wrapped with `\n` escapes, `/` maybe
    /// escaped), read from the JSON string's raw bytes without decoding it into a `String`
    /// first; nil when `decodeBase64` must decide (other escapes, white space, bad base64).
    static func decodeWrappedBase64(_ raw: UnsafeBufferPointer<UInt8>) -> Data? {
        guard let start = raw.baseAddress, !raw.isEmpty else { return nil }
        // Most images in one pass, escapes and all (about a tenth of a diff of content files
        // with photos went to copying the characters out and decoding them with Foundation).
        var image = Data(count: raw.count / 4 * 3 + 3)
        let written = image.withUnsafeMutableBytes { target in
            gamepack_base64_decode_json_string(start, raw.count, target.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        guard written < 0 else {
            image.count = written
            return image
        }
        return copyAndDecodeBase64(raw)
    }

    /// `decodeWrappedBase64` the slow way, for the text its one pass leaves (padding where it
    /// does not complete a group, white space, other escapes): the characters copied out of
    /// the escapes, then decoded by Foundation.
    static func copyAndDecodeBase64(_ raw: UnsafeBufferPointer<UInt8>) -> Data? {
        guard let start = raw.baseAddress, !raw.isEmpty else { return nil }
        var base64 = Data(count: raw.count + 2)
        let count = base64.withUnsafeMutableBytes { (target: UnsafeMutableRawBufferPointer) -> Int? in
            let out = target.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var count = 0
            var index = 0
            while index < raw.count {
                // Runs between escapes are copied whole (the JSON scan made sure an escape is complete).
                let found = memchr(start + index, Int32(UInt8(ascii: "\\")), raw.count - index)
                let end = found.map { UnsafeRawPointer(start).distance(to: $0) } ?? raw.count
                memcpy(out + count, start + index, end - index)
                count += end - index
                guard end < raw.count else { break }
                switch raw[end + 1] {
                case UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"): break
                case UInt8(ascii: "/"):
                    out[count] = UInt8(ascii: "/")
                    count += 1
                default: return nil
                }
                index = end + 2
            }
            switch count % 4 {
            case 0: break
            case 1: return nil
            case let remainder:
                for _ in remainder..<4 {
                    out[count] = UInt8(ascii: "=")
                    count += 1
                }
            }
            return count
        }
        guard let count, count > 0 else { return nil }
        base64.count = count
        // Foundation refuses white space, which `decodeBase64` leaves out: either way the
        // bytes are those it decodes.
        return Data(base64Encoded: base64)
    }

    /// Base64 with or without line breaks (the old server wrapped at 60 characters), with or
    /// without `=` padding.
    static func decodeBase64(_ text: String) -> Data? {
        var base64 = [UInt8]()
        base64.reserveCapacity(text.utf8.count)
        for byte in text.utf8 where byte != 0x0A && byte != 0x0D && byte != 0x20 && byte != 0x09 { base64.append(byte) }
        switch base64.count % 4 {
        case 0: break
        case 1: return nil
        case let remainder: base64 += Array(repeating: UInt8(ascii: "="), count: 4 - remainder)
        }
        guard !base64.isEmpty else { return nil }
        return Data(base64Encoded: Data(base64))
    }

    /// Keeps an item's images (each distinct image once).
    mutating func storeImages(of item: GohikeItem) {
        for (path, data) in item.images where images[path] == nil {
            images[path] = data
            imageOrder.append(path)
        }
    }

    /// The asset path of an image, named by its content and real format.
    mutating func assetPath(
        of data: Data, at path: @autoclosure () -> String, location: @autoclosure () -> JSONLocation
    ) -> String? {
        let format: MediaFormat
        do {
            format = try MediaProbe.probe(
                header: data.prefix(MediaProbe.jpegScanLimit), tail: data.suffix(16), byteCount: data.count
            ).format
        } catch MediaProbeError.corrupt(let damaged, let why) {
            format = damaged
            warnings.append(
                "\(path()): a damaged \(damaged.rawValue.uppercased()) image (\(why)); written as is, lint will report it")
        } catch {
            fail(.notAnImage(path: path(), reason: "\(error)"), at: location())
            return nil
        }
        guard format.isImage else {
            fail(.notAnImage(path: path(), reason: "the bytes are \(format.rawValue.uppercased()) audio"), at: location())
            return nil
        }
        let ext = format == .jpeg ? "jpg" : format.rawValue
        guard hashesImages else {
            let key = ImageBytes(data)
            let number: Int
            if let known = pendingNumbers[key] {
                number = known
            } else {
                number = pendingNumbers.count
                pendingNumbers[key] = number
            }
            return "images/pending-\(number).\(ext)"
        }
        let digest = SHA256.hash(data: data).prefix(8).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
        return "images/\(digest).\(ext)"
    }
}

/// An image's bytes as a dictionary key, hashed by their count and a few of their bytes (the
/// first ones, which `Data` hashes, are the same header in many images) and compared in full.
struct ImageBytes: Hashable {
    let data: Data

    init(_ data: Data) { self.data = data }

    func hash(into hasher: inout Hasher) {
        hasher.combine(data.count)
        data.withUnsafeBytes { bytes in
            for offset in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 32)) { hasher.combine(bytes[offset]) }
            hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes[max(0, bytes.count - 32)...]))
        }
    }
}
