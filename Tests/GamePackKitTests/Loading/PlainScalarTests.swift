import Testing

@testable import GamePackContent

/// An unquoted scalar resolves by the YAML 1.2 core schema. `resolvePlain` compares a text
/// with the special spellings only when it is short enough to be one: it must resolve every
/// text as comparing each would.
@Suite("Plain scalars")
struct PlainScalarTests {
    static let at = SourceLocation(file: "a.yaml", line: 1, column: 1)

    /// The kind each text resolves to, comparing it with every special spelling.
    static func reference(_ text: String) -> String {
        switch text {
        case "", "~", "null", "Null", "NULL": return "null"
        case "true", "True", "TRUE", "false", "False", "FALSE": return "bool"
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
            return "number"
        default: return "other"
        }
    }

    static func kind(_ node: SourceNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool: "bool"
        case .number(let d) where d.isNaN || d.isInfinite: "number"
        default: "other"
        }
    }

    @Test("the special spellings and texts near them")
    func spellings() {
        let texts = [
            "", "~", "null", "Null", "NULL", "nulls", "true", "True", "TRUE", "truex", "false", "False", "FALSE",
            "falsey", " false", ".inf", "+.Inf", "-.INF", "-.inff", ".nan", ".NaN", ".NAN", "+.nan", "yes", "no", "on",
            "nee", "~~", "tRUE", "true\u{301}", "fa\u{301}lse",
        ]
        for text in texts {
            let node = SourceLoader.resolvePlain(text, at: Self.at)
            #expect(Self.kind(node) == Self.reference(text), "\(text.debugDescription)")
            #expect(node.raw == text)
        }
        #expect(SourceLoader.resolvePlain("-.inf", at: Self.at).doubleValue == -.infinity)
        #expect(SourceLoader.resolvePlain("FALSE", at: Self.at).value.isFalse)
        // Messages name `.nan` and `.inf` by what they are ("not a number `.nan`" read oddly).
        #expect(SourceLoader.resolvePlain(".NaN", at: Self.at).kindDescription == "YAML's not-a-number")
        #expect(SourceLoader.resolvePlain("-.inf", at: Self.at).kindDescription == "YAML's infinity")
        #expect(SourceLoader.resolvePlain("1.5", at: Self.at).kindDescription == "a number")
    }

    @Test("every text of up to four characters from the spellings' letters, and the spellings a letter longer")
    func exhaustive() {
        let letters: [String] = ["t", "r", "u", "e", "F", "A", "L", "S", "E", "n", "l", ".", "+", "-", "~", "i", "f", "a"]
        var all = [""]
        var texts = [""]
        for _ in 0..<4 {
            texts = texts.flatMap { text in letters.map { text + $0 } }
            all += texts
        }
        all += ["FALSE", "False", "false", "+.Inf", "-.inf", "+.INF", "true", "TRUE", "NULL"].flatMap {
            [$0, $0 + "x", "x" + $0]
        }
        var mismatches = 0
        for text in all where Self.kind(SourceLoader.resolvePlain(text, at: Self.at)) != Self.reference(text) {
            Issue.record("\(text.debugDescription) resolves unlike its spelling")
            mismatches += 1
        }
        // `isNull(plain:)` alone, as the gohike reader asks it.
        for text in all + ["null\u{301}", "~\u{301}", "nul"]
        where SourceLoader.isNull(plain: text) != (Self.reference(text) == "null") {
            Issue.record("\(text.debugDescription): isNull unlike its spelling")
            mismatches += 1
        }
        #expect(mismatches == 0)
        #expect(all.count == 1 + 18 + 324 + 5_832 + 104_976 + 27)
    }
}

extension SourceNode.Value {
    fileprivate var isFalse: Bool {
        if case .bool(false) = self { return true }
        return false
    }
}
