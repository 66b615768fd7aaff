/// Escaping for HTML and XML 1.0: the one markup escaper of GamePackKit. The pages (preview,
/// HTML and Markdown diff) use `.html`; the XLIFF export (which refuses a character XML cannot
/// carry) and the JUnit report (which replaces it, so a hostile name still gives a file every
/// parser reads) use `.xmlText` and `.xmlAttribute`.
///
/// Every mode writes `&`, `<` and `>` as references. Beyond that:
/// - `.html`, for element content and double- or single-quoted attribute values alike: `"` and
///   `'` as references too, and NUL as U+FFFD;
/// - `.xmlText` and `.xmlAttribute` (double-quoted): whitespace survives exactly: `\r` is written
///   `&#13;` and a tab `&#9;` (an XML parser would otherwise turn `\r\n` into `\n`); in an
///   attribute `"` is `&quot;` and a line break `&#10;` (else it would read back as a space). C1
///   controls are written as references, so they show in any editor, and a character XML cannot
///   carry throws (or, with `replacingForbidden`, becomes U+FFFD).
package enum MarkupEscape {
    /// Where the escaped text goes.
    package enum Mode {
        case html
        case xmlText
        case xmlAttribute
    }

    /// A scalar XML 1.0 cannot carry, found while escaping.
    package struct ForbiddenCharacter: Error, CustomStringConvertible {
        var scalar: Unicode.Scalar
        /// `U+0007`.
        package var description: String {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }

    /// Whether XML 1.0 allows `scalar` in a document (the `Char` production).
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// `value` escaped for `mode`. In the XML modes a character XML cannot carry throws, or with
    /// `replacingForbidden` becomes U+FFFD; `.html` never throws.
    package static func escape(_ value: String, _ mode: Mode, replacingForbidden: Bool = false) throws(ForbiddenCharacter)
        -> String
    {
        if case .html = mode { return html(value) }
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch (scalar, mode) {
            case ("&", _): out += "&amp;"
            case ("<", _): out += "&lt;"
            case (">", _): out += "&gt;"
            case ("\"", .xmlAttribute): out += "&quot;"
            case ("\r", _): out += "&#13;"
            case ("\t", _): out += "&#9;"
            case ("\n", .xmlAttribute): out += "&#10;"
            default:
                guard isAllowed(scalar) else {
                    guard replacingForbidden else { throw ForbiddenCharacter(scalar: scalar) }
                    out += "\u{FFFD}"
                    continue
                }
                if (0x7F...0x9F).contains(scalar.value) {
                    out += "&#x\(String(scalar.value, radix: 16, uppercase: true));"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// `text` escaped for HTML element content and for double- or single-quoted attribute
    /// values (`.html`): every text that comes from a project (content, file names, ids,
    /// messages) goes through it, so a `<script>` in a YAML file shows as text.
    ///
    /// Byte by byte, as every character it replaces is ASCII, and a text with none of them
    /// (most) is returned as it is: a static preview escapes millions of titles and links.
    package static func html(_ text: String) -> String {
        let special = text.utf8.contains { byte in
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0: true
            default: false
            }
        }
        guard special else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out += "&amp;".utf8
            case UInt8(ascii: "<"): out += "&lt;".utf8
            case UInt8(ascii: ">"): out += "&gt;".utf8
            case UInt8(ascii: "\""): out += "&quot;".utf8
            case UInt8(ascii: "'"): out += "&#39;".utf8
            case 0: out += "\u{FFFD}".utf8
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `value` for XML (`mode` `.xmlText` or `.xmlAttribute`), every character XML cannot carry
    /// replaced by U+FFFD.
    package static func replacing(_ value: String, _ mode: Mode) -> String {
        (try? escape(value, mode, replacingForbidden: true)) ?? ""
    }
}

/// `MarkupEscape.html(text)`, by its short name for the diff renderers.
package func html(_ text: String) -> String { MarkupEscape.html(text) }
