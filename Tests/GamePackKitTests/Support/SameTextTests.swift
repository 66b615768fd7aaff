import GamePackBuild
import GamePackContent
import Testing

/// `SameText` answers what `==` answers, looking at the bytes first.
@Suite("text equality by bytes first")
struct SameTextTests {
    /// "café" written with a precomposed é and with e and a combining accent: different bytes,
    /// canonically equal.
    static let precomposed = "caf\u{E9} aan de gracht"
    static let decomposed = "cafe\u{301} aan de gracht"

    @Test("strings with the same bytes, in separate storage, are equal")
    func sameBytes() {
        // Built at run time, so that the two are not one literal's storage.
        let a = String(decoding: Array("Brug over de Prinsengracht, gebouwd in 1664 – één van de oudste".utf8), as: UTF8.self)
        let b = String(decoding: Array("Brug over de Prinsengracht, gebouwd in 1664 – één van de oudste".utf8), as: UTF8.self)
        #expect(SameText.equal(a, b))
        #expect(SameText.equal("", ""))
    }

    @Test("canonically equal strings with different bytes are equal, as with ==")
    func canonicalEquivalence() {
        #expect(Array(Self.precomposed.utf8) != Array(Self.decomposed.utf8))
        #expect(Self.precomposed == Self.decomposed)
        #expect(SameText.equal(Self.precomposed, Self.decomposed))
        #expect(SameText.equal(["nl": Self.precomposed], ["nl": Self.decomposed]))
        #expect(DiffValue.text(Self.precomposed) == DiffValue.text(Self.decomposed))
        let before = DiffValue.localized(["en": "Cafe", "nl": Self.precomposed])
        #expect(before == .localized(["en": "Cafe", "nl": Self.decomposed]))
    }

    @Test("different texts are different, whatever their lengths")
    func different() {
        #expect(!SameText.equal("één brug", "één burg"))
        #expect(!SameText.equal("één brug", "één brug "))
        #expect(!SameText.equal("", "a"))
        #expect(!SameText.equal(["nl": "brug"], ["nl": "burg"]))
        #expect(!SameText.equal(["nl": "brug"], ["en": "brug"]))
        #expect(!SameText.equal(["nl": "brug"], ["nl": "brug", "en": "bridge"]))
        #expect(DiffValue.localized(["nl": "brug"]) != .localized(["nl": "burg"]))
        #expect(DiffValue.text("één") != .text("eén"))
    }
}
