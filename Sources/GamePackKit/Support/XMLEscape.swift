/// Escaping for XML 1.0 element content and attribute values: the one XML escaper of
/// GamePackKit, used by the XLIFF export (which refuses a character XML cannot carry) and the
/// JUnit report (which replaces it, so a hostile name still gives a file every parser reads).
///
/// Whitespace survives exactly: `\r` is written `&#13;` and a tab `&#9;` (an XML parser would
/// otherwise turn `\r\n` into `\n`), a line break in an attribute `&#10;` (else it would read
/// back as a space); C1 controls are written as references, so they show in any editor.
enum XMLEscape {
    /// A scalar XML 1.0 cannot carry, found while escaping.
    struct ForbiddenCharacter: Error, CustomStringConvertible {
        var scalar: Unicode.Scalar
        /// `U+0007`.
        var description: String {
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

    /// `value` escaped for element content or (with `inAttribute`) a double-quoted attribute
    /// value. A character XML cannot carry throws, or with `replacingForbidden` becomes U+FFFD.
    static func escape(_ value: String, inAttribute: Bool, replacingForbidden: Bool = false) throws(ForbiddenCharacter)
        -> String
    {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where inAttribute: out += "&quot;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            case "\n" where inAttribute: out += "&#10;"
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

    /// `value` for XML, every character XML cannot carry replaced by U+FFFD.
    static func replacing(_ value: String, inAttribute: Bool) -> String {
        (try? escape(value, inAttribute: inAttribute, replacingForbidden: true)) ?? ""
    }
}
