import Foundation

/// YAML scalars for the files importers write.
package enum YAMLScalar {
    /// How `quoted` writes a control character other than a line break or tab.
    package enum ControlEscape {
        /// `\xNN`, YAML's short form (the files importers write).
        case yaml
        /// `\uNNNN`, which YAML and JSON read alike (translations written into source files,
        /// which may be JSON).
        case json
    }

    /// A double-quoted scalar that reads back as exactly `text`: `"` and `\` escaped; line
    /// breaks and tabs as `\r`, `\n`, `\t`; other control characters as `\xNN` (or, with
    /// `controls: .json`, `\uNNNN`); characters YAML treats as line breaks or as not printable
    /// (U+2028, U+2029, BOM, U+FFFE, U+FFFF) as `\uNNNN`; every other character as UTF-8, as is.
    package static func quoted(_ text: String, controls: ControlEscape = .yaml) -> String {
        var out = String.UnicodeScalarView()
        out.append("\"")
        func hex(_ value: UInt32, digits: Int) -> String {
            let text = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out.append(contentsOf: "\\\"".unicodeScalars)
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) {
                    let escape = controls == .yaml ? "\\x\(hex(value, digits: 2))" : "\\u\(hex(value, digits: 4))"
                    out.append(contentsOf: escape.unicodeScalars)
                } else if value == 0x2028 || value == 0x2029 || value == 0xFEFF || value == 0xFFFE || value == 0xFFFF {
                    out.append(contentsOf: "\\u\(hex(value, digits: 4))".unicodeScalars)
                } else {
                    out.append(scalar)
                }
            }
        }
        out.append("\"")
        return String(out)
    }

    /// `text` as a plain scalar when that reads back as the same string (letters first, a
    /// few punctuation marks, no `: ` or ` #`, not a YAML 1.1 boolean or null), else quoted.
    package static func plainOrQuoted(_ text: String) -> String {
        let allowed = Set(" ,.?!/'()&+_-".unicodeScalars)
        let scalars = text.unicodeScalars
        guard let first = scalars.first, first.isASCIILetter,
            scalars.allSatisfy({ $0.isASCIILetter || ($0 >= "0" && $0 <= "9") || allowed.contains($0) }),
            text.last != " ", !text.contains(": "), !text.contains(" #"),
            !["true", "false", "yes", "no", "on", "off", "null", "y", "n"].contains(text.lowercased())
        else { return quoted(text) }
        return text
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { (self >= "a" && self <= "z") || (self >= "A" && self <= "Z") }
}
