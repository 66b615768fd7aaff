import Testing

@testable import GamePackContent

/// `isBlank` and `isSameTrimmed(as:)` skip trimming when a text begins and ends with an ASCII
/// character that is not white space; on every text they must agree with `trimmedWhitespace`,
/// Unicode white space and non-ASCII ends included.
@Suite("White space around texts")
struct WhitespaceTests {
    static let texts = [
        "", " ", "\t\n", "\u{A0}", "\u{3000}", "a", " a", "a ", " a ", "a\u{A0}", "\u{2003}a", "\u{2028}",
        "é", "é ", "e\u{301}", "\u{E9}", "Hallo", "Hallo\n", "\r\nHallo", "Hallo wereld", "x\u{0B}", "\u{1F600}",
    ]

    @Test("both agree with trimming the texts, on every pair")
    func agreeWithTrimming() {
        for text in Self.texts {
            #expect(text.isBlank == text.trimmedWhitespace.isEmpty, "\(text.debugDescription)")
            for other in Self.texts {
                #expect(
                    text.isSameTrimmed(as: other) == (text.trimmedWhitespace == other.trimmedWhitespace),
                    "\(text.debugDescription) and \(other.debugDescription)")
            }
        }
        // Canonically equivalent texts are the same, trimmed or not, as `String` compares them.
        #expect("e\u{301}".isSameTrimmed(as: "\u{E9}"))
        #expect(" e\u{301}".isSameTrimmed(as: "\u{E9}\u{A0}"))
        #expect(!"Hallo".isSameTrimmed(as: "Hallo wereld"))
        #expect(!"a".mayNeedTrimming && "a ".mayNeedTrimming && "é".mayNeedTrimming && "".mayNeedTrimming)
    }
}
