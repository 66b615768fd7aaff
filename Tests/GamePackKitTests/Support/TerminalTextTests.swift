import GamePackContent
import Testing

/// `TerminalText` shows what a terminal would obey, and leaves every other text as it was.
@Suite("texts made safe for a terminal")
struct TerminalTextTests {
    @Test("controls, DEL, C1 and bidirectional overrides are written as escapes")
    func hiddenCharactersAreEscaped() {
        #expect(TerminalText.shown("a\u{1B}[2Jb") == "a\\u{1B}[2Jb")
        #expect(TerminalText.shown("title\u{1B}]0;pwned\u{07}") == "title\\u{1B}]0;pwned\\u{7}")
        #expect(TerminalText.shown("over\rwritten") == "over\\u{D}written")
        #expect(TerminalText.shown("\u{0}\u{7F}\u{9B}31m") == "\\u{0}\\u{7F}\\u{9B}31m")
        #expect(TerminalText.shown("abc\u{202E}fed\u{2066}x\u{2069}") == "abc\\u{202E}fed\\u{2066}x\\u{2069}")
    }

    @Test("line breaks, tabs and every printable character are kept")
    func printableTextIsKept() {
        let text = "Één van de oudste bruggen – 1664 …\n\tnote → “quoted” 🚲 \u{A0}\u{200B}"
        #expect(TerminalText.shown(text) == text)
        #expect(TerminalText.shown("") == "")
        // The lead bytes of C1 controls and of the overrides begin printable characters too.
        #expect(TerminalText.shown("\u{A9} \u{2026} \u{2070}") == "\u{A9} \u{2026} \u{2070}")
        for scalar in ["\n", "\t", "é", "…", "\u{2065}", "\u{202F}", "\u{A0}"].flatMap(\.unicodeScalars) {
            #expect(!TerminalText.isHidden(scalar), "\(scalar.value)")
        }
        for value: UInt32 in [0, 8, 0x0B, 0x0D, 0x1B, 0x1F, 0x7F, 0x80, 0x9F, 0x202A, 0x202E, 0x2066, 0x2069] {
            #expect(TerminalText.isHidden(Unicode.Scalar(value)!), "\(value)")
        }
    }
}
