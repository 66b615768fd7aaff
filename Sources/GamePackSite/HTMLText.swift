import Foundation

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
        path.split(separator: "/", omittingEmptySubsequences: false).map { urlSegment(String($0)) }.joined(separator: "/")
    }

    /// A file-name-safe, deterministic spelling of an item id: ASCII letters, digits, `-` and
    /// `_` stay, every other byte of its UTF-8 becomes `~XX` (hex). Never empty, never `.`-led.
    public static func slug(_ id: String) -> String {
        var result = ""
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += String(format: "~%02X", byte)
            }
        }
        return result.isEmpty ? "~" : result
    }

    /// A number with at most `digits` decimals and no trailing zeros, for SVG coordinates.
    static func number(_ value: Double, digits: Int = 1) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.\(digits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
