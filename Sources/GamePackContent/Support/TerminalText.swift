/// Text from content, file names or any other input, made safe to write to a terminal or a CI
/// log: the one such guard of gamepack's human output (lint's text and GitHub formats, diff's
/// text, the command's error messages).
///
/// A control character (C0 but line feed and tab, DEL, C1) and a bidirectional override,
/// embedding or isolate (U+202A to U+202E, U+2066 to U+2069) are written as Swift-style escapes
/// such as `\u{1B}`, so an escape sequence in a title, a locale code or a file name can neither
/// color, move nor clear what the reader sees, and no line reads other than it is. Text without
/// any of them comes back as it was, without a copy.
package enum TerminalText {
    /// `text` with every hidden character (`isHidden`) written as its escape.
    package static func shown(_ text: String) -> String {
        guard text.utf8.contains(where: mayStartHidden) else { return text }
        guard text.unicodeScalars.contains(where: isHidden) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isHidden(scalar) { out += escape(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// Whether `scalar` is one a terminal would act on or that reorders a line: controls but
    /// line feed and tab, and the bidirectional formatting characters.
    package static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `\u{1B}`: the escape `shown` writes for `scalar`.
    package static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// Whether a UTF-8 byte can begin a hidden character: a C0 byte or DEL, or the lead byte of
    /// C1 controls (0xC2) and of the bidirectional characters (0xE2). The quick first look.
    private static func mayStartHidden(_ byte: UInt8) -> Bool {
        byte < 0x20 && byte != 0x0A && byte != 0x09 || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }
}
