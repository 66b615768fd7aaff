import Foundation
import GamePackFormat

/// What the pages need besides escaping (which is `MarkupEscape.html`): URL path segments, file
/// names for item ids, SVG numbers.
public enum HTMLText {
    /// `text` percent-encoded for one path segment of a URL (`/`, `?`, `#`, `%` included).
    public static func urlSegment(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// A project-relative path percent-encoded segment by segment.
    public static func urlPath(_ path: String) -> String {
        // At `/` bytes (`PackPath.parts`): a `/` before a combining accent is one character.
        PackPath.parts(of: path, keepingEmpty: true).map { urlSegment(String($0)) }.joined(separator: "/")
    }

    /// A file-name-safe, deterministic spelling of an item id: ASCII letters, digits, `-` and
    /// `_` stay, every other byte of its UTF-8 becomes `~XX` (hex). Never empty, never `.`-led,
    /// and never the name of a collection's list page (`index`, `page-2`): an item with such an
    /// id has its first byte written `~XX` (`~69ndex`), where its page took the list's place.
    public static func slug(_ id: String) -> String {
        let plain = plainSlug(id)
        guard plain == "index" || (plain.hasPrefix("page-") && plain.utf8.dropFirst(5).allSatisfy { (0x30...0x39).contains($0) })
        else {
            return plain
        }
        return "~" + hex([plain.utf8.first!]).uppercased() + plain.dropFirst()
    }

    /// `slug` before list-page names are set apart.
    static func plainSlug(_ id: String) -> String {
        var result = ""
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "~" + hex([byte]).uppercased()
            }
        }
        return result.isEmpty ? "~" : result
    }

    /// A number with at most `digits` decimals and no trailing zeros, for SVG coordinates.
    static func number(_ value: Double, digits: Int = 1) -> String {
        guard value.isFinite else { return "0" }
        if let text = roundedNumber(value, digits: digits) { return text }
        var text = String(format: "%.\(digits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// `number` without `String(format:)`, which took a quarter of a static preview's time (a map
    /// of 400 pins is 1,600 numbers): `value` times 10^`digits`, rounded to the nearest whole
    /// number as `%.Nf` rounds it. The product is within 1.2e-7 of the exact one below 1e9, so
    /// it rounds the same unless it lies within 1e-6 of a tie, when this gives nil and `number`
    /// asks `String(format:)`.
    static func roundedNumber(_ value: Double, digits: Int) -> String? {
        guard (0...6).contains(digits) else { return nil }
        var scale: UInt64 = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = value.magnitude * Double(scale)
        guard scaled < 1e9 else { return nil }
        let whole = scaled.rounded(.down)
        let fraction = scaled - whole
        guard (fraction - 0.5).magnitude > 1e-6 else { return nil }
        let units = UInt64(whole) + (fraction > 0.5 ? 1 : 0)
        guard units > 0 else { return "0" }
        var text = value < 0 ? "-" : ""
        text += String(units / scale)
        var decimals = units % scale, width = digits
        while width > 0, decimals % 10 == 0 {
            decimals /= 10
            width -= 1
        }
        if width > 0 {
            let part = String(decimals)
            text += "." + String(repeating: "0", count: width - part.count) + part
        }
        return text
    }
}
