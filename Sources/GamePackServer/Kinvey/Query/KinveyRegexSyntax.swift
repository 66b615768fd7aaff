import Foundation

/// The regular expressions `$regex` answers, parsed from the pattern's Unicode code points:
/// PCRE's common subset (literals and escapes, `.`, classes `[…]` with ranges and `\d \w \s`
/// and their negations, `^ $ \A \z \Z \b \B`, groups `(…)` and `(?:…)`, `|`, and the
/// quantifiers `* + ? {n} {n,} {n,m}`, greedy or lazy). Look-around, back-references,
/// possessive quantifiers and inline options are refused by name.
indirect enum KinveyRegexNode: Sendable {
    case scalar(Unicode.Scalar)
    case anyScalar
    case set(KinveyRegexSet)
    case lineStart
    case lineEnd
    case textStart
    case textEnd(beforeFinalNewline: Bool)
    case wordBoundary(Bool)
    case group([[KinveyRegexNode]])
    case repeated(KinveyRegexNode, min: Int, max: Int?, greedy: Bool)
}

/// A character class: ranges of code points and named classes, possibly negated.
struct KinveyRegexSet: Sendable {
    var ranges: [ClosedRange<UInt32>] = []
    var named: [(kind: Character, negated: Bool)] = []
    var negated = false

    func contains(_ scalar: Unicode.Scalar, ignoringCase: Bool) -> Bool {
        var found = containsExactly(scalar)
        if !found, ignoringCase {
            found = KinveyRegexSyntax.caseVariants(scalar).contains { containsExactly($0) }
        }
        return found != negated
    }

    func containsExactly(_ scalar: Unicode.Scalar) -> Bool {
        ranges.contains { $0.contains(scalar.value) }
            || named.contains { KinveyRegexSyntax.isNamed($0.kind, scalar) != $0.negated }
    }
}

/// Parses a `$regex` pattern into `KinveyRegexNode`s.
struct KinveyRegexSyntax {
    let scalars: [Unicode.Scalar]
    var index = 0
    var depth = 0

    static func parse(_ pattern: String) throws(KinveyJSONParser.Failure) -> [KinveyRegexNode] {
        var parser = KinveyRegexSyntax(scalars: Array(pattern.unicodeScalars))
        let alternatives = try parser.alternation()
        guard parser.index == parser.scalars.count else { throw parser.failure("unmatched )") }
        return alternatives.count == 1 ? alternatives[0] : [.group(alternatives)]
    }

    func failure(_ message: String) -> KinveyJSONParser.Failure {
        KinveyJSONParser.Failure(message: "$regex: \(message) at character \(index)")
    }

    var next: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func alternation() throws(KinveyJSONParser.Failure) -> [[KinveyRegexNode]] {
        var alternatives: [[KinveyRegexNode]] = [[]]
        while let scalar = next, scalar != ")" {
            if scalar == "|" {
                index += 1
                alternatives.append([])
                continue
            }
            let atom = try self.atom()
            alternatives[alternatives.count - 1].append(try quantified(atom))
        }
        return alternatives
    }

    mutating func quantified(_ atom: KinveyRegexNode) throws(KinveyJSONParser.Failure) -> KinveyRegexNode {
        guard let scalar = next else { return atom }
        var bounds: (Int, Int?)
        switch scalar {
        case "*": bounds = (0, nil)
        case "+": bounds = (1, nil)
        case "?": bounds = (0, 1)
        case "{":
            guard let counted = try counts() else { return atom }
            bounds = counted
            index -= 1
        default: return atom
        }
        index += 1
        if case .lineStart = atom { throw failure("a quantifier after an anchor") }
        var greedy = true
        if next == "?" {
            greedy = false
            index += 1
        } else if next == "+" {
            throw failure("possessive quantifiers are not supported")
        }
        if let quantifier = next, "*+?".unicodeScalars.contains(quantifier) { throw failure("a quantifier follows a quantifier") }
        return .repeated(atom, min: bounds.0, max: bounds.1, greedy: greedy)
    }

    /// `{n}`, `{n,}` or `{n,m}` (index left after the `}`), or nil when the brace is a literal.
    mutating func counts() throws(KinveyJSONParser.Failure) -> (Int, Int?)? {
        let text = String(String.UnicodeScalarView(scalars[index...].prefix(24)))
        guard let match = text.prefixMatch(of: #/\{([0-9]{1,4})(,([0-9]{0,4}))?\}/#) else { return nil }
        let low = Int(match.1)!
        let high = match.2 == nil ? low : (match.3!.isEmpty ? nil : Int(match.3!))
        if let high, high < low { throw failure("{\(low),\(high)} counts down") }
        guard low <= 1_000, (high ?? 0) <= 1_000 else { throw failure("a count above 1000") }
        index += match.0.unicodeScalars.count
        return (low, high)
    }

    mutating func atom() throws(KinveyJSONParser.Failure) -> KinveyRegexNode {
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case ".": return .anyScalar
        case "^": return .lineStart
        case "$": return .lineEnd
        case "[": return .set(try set())
        case "(": return try group()
        case "*", "+", "?": throw failure("a quantifier with nothing to repeat")
        case "\\": return try escape(inSet: false)
        default: return .scalar(scalar)
        }
    }

    mutating func group() throws(KinveyJSONParser.Failure) -> KinveyRegexNode {
        if next == "?" {
            guard index + 1 < scalars.count, scalars[index + 1] == ":" else {
                throw failure("look-around, named groups and inline options are not supported")
            }
            index += 2
        }
        depth += 1
        guard depth <= 32 else { throw failure("groups nest more than 32 deep") }
        let alternatives = try alternation()
        depth -= 1
        guard next == ")" else { throw failure("a group is not closed") }
        index += 1
        return .group(alternatives)
    }

    mutating func set() throws(KinveyJSONParser.Failure) -> KinveyRegexSet {
        var set = KinveyRegexSet()
        if next == "^" {
            set.negated = true
            index += 1
        }
        var first = true
        while let scalar = next, scalar != "]" || first {
            first = false
            index += 1
            var low: UInt32
            if scalar == "\\" {
                guard case .scalar(let literal) = try escape(inSet: true, into: &set) else { continue }
                low = literal.value
            } else {
                if scalar == "[", next == ":" { throw failure("POSIX classes are not supported") }
                low = scalar.value
            }
            guard next == "-", index + 1 < scalars.count, scalars[index + 1] != "]" else {
                set.ranges.append(low...low)
                continue
            }
            index += 1
            var high = scalars[index]
            index += 1
            if high == "\\" {
                guard case .scalar(let literal) = try escape(inSet: true, into: &set) else { throw failure("a bad range") }
                high = literal
            }
            guard low <= high.value else { throw failure("a range out of order") }
            set.ranges.append(low...high.value)
        }
        guard next == "]" else { throw failure("a class is not closed") }
        index += 1
        return set
    }

    mutating func escape(inSet: Bool) throws(KinveyJSONParser.Failure) -> KinveyRegexNode {
        var set = KinveyRegexSet()
        let node = try escape(inSet: inSet, into: &set)
        return node
    }

    /// The escape after a `\`: a literal, an anchor, or a named class (added to `set` inside
    /// a class; returned as its own set outside).
    mutating func escape(inSet: Bool, into set: inout KinveyRegexSet) throws(KinveyJSONParser.Failure) -> KinveyRegexNode {
        guard let scalar = next else { throw failure("a pattern ends with \\") }
        index += 1
        switch scalar {
        case "d", "w", "s", "D", "W", "S":
            let kind = Character(String(scalar).lowercased())
            let negated = scalar.properties.isUppercase
            if inSet {
                set.named.append((kind, negated))
                return .anyScalar
            }
            return .set(KinveyRegexSet(named: [(kind, negated)]))
        case "n": return .scalar("\n")
        case "r": return .scalar("\r")
        case "t": return .scalar("\t")
        case "f": return .scalar("\u{C}")
        case "v": return .scalar("\u{B}")
        case "e": return .scalar("\u{1B}")
        case "a": return .scalar("\u{7}")
        case "b" where !inSet: return .wordBoundary(true)
        case "B" where !inSet: return .wordBoundary(false)
        case "A" where !inSet: return .textStart
        case "z" where !inSet: return .textEnd(beforeFinalNewline: false)
        case "Z" where !inSet: return .textEnd(beforeFinalNewline: true)
        case "x": return .scalar(try hexEscape())
        default:
            guard !scalar.properties.isAlphabetic, !("0"..."9").contains(scalar) else {
                throw failure("the escape \\\(scalar) is not supported")
            }
            return .scalar(scalar)
        }
    }

    /// `\xhh` or `\x{h…}`.
    mutating func hexEscape() throws(KinveyJSONParser.Failure) -> Unicode.Scalar {
        var digits = ""
        if next == "{" {
            index += 1
            while let scalar = next, scalar != "}", digits.count < 8 {
                digits.unicodeScalars.append(scalar)
                index += 1
            }
            guard next == "}" else { throw failure("\\x{ is not closed") }
            index += 1
        } else {
            while let scalar = next, digits.count < 2, scalar.properties.isASCIIHexDigit {
                digits.unicodeScalars.append(scalar)
                index += 1
            }
        }
        guard let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
            throw failure("a bad \\x escape")
        }
        return scalar
    }

    /// `\d`, `\w`, `\s` as PCRE defines them without UCP: ASCII digits, ASCII word characters,
    /// ASCII white space.
    static func isNamed(_ kind: Character, _ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        switch kind {
        case "d": return (0x30...0x39).contains(value)
        case "w":
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
                || value == 0x5F
        default: return [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D].contains(value)
        }
    }

    /// The other-case forms of a code point (simple case mapping: one code point to one).
    static func caseVariants(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        var variants: [Unicode.Scalar] = []
        for mapped in [scalar.properties.lowercaseMapping, scalar.properties.uppercaseMapping] {
            let mappedScalars = mapped.unicodeScalars
            if mappedScalars.count == 1, let only = mappedScalars.first, only != scalar { variants.append(only) }
        }
        return variants
    }
}
