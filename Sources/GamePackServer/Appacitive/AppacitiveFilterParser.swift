import Foundation

/// Parses Appacitive's filter language, by recursive descent over the filter's Unicode scalars:
///
/// ```
/// filter     := or
/// or         := and (("or" | "||") and)*
/// and        := primary (("and" | "&&") primary)*
/// primary    := "(" or ")" | condition
/// condition  := ("*" | "@")? name operator value
/// operator   := "==" | "<>" | ">" | ">=" | "<" | "<=" | like | match | between
///             | within_circle | within_polygon | tagged_with_one_or_more | tagged_with_all
/// ```
///
/// Keywords are matched ignoring case. The spellings `APQuery` produces are all accepted: quoted
/// numbers (`*age > '25'`), `date('2014-06-13 10:00:00 +0000')`, `within_circle` with `", "`
/// between numbers and ` km`, ` m` (the SDK's miles) or ` mi`, `within_polygon` with or without
/// spaces around `|`, and a tag search with an empty name (` tagged_with_all ('a,b')`). Every
/// error names the 1-based character where it was found. No library parses this language.
struct AppacitiveFilterParser {
    let text: [Unicode.Scalar]
    var at = 0
    var conditions = 0

    /// Parses a whole filter.
    /// - Throws: `AppacitiveFilterError` with the position and what was expected.
    static func parse(_ filter: String) throws -> AppacitiveFilter {
        let scalars = Array(filter.unicodeScalars)
        guard scalars.count <= AppacitiveFilterLimits.maxLength else {
            throw AppacitiveFilterError(
                position: AppacitiveFilterLimits.maxLength + 1,
                message: "the filter is longer than \(AppacitiveFilterLimits.maxLength) characters")
        }
        var parser = AppacitiveFilterParser(text: scalars)
        parser.skipSpaces()
        guard parser.at < scalars.count else { throw parser.error("an empty filter; write a condition such as *name == 'value'") }
        let filter = try parser.parseOr(depth: 0)
        parser.skipSpaces()
        guard parser.at == scalars.count else {
            throw parser.error("unexpected \(parser.quoted(parser.at)) after a complete condition; join conditions with and/or")
        }
        return filter
    }

    func error(_ message: String, at position: Int? = nil) -> AppacitiveFilterError {
        AppacitiveFilterError(position: (position ?? at) + 1, message: message)
    }

    /// The text from `position` (up to 12 characters) in quotes, or "the end".
    func quoted(_ position: Int) -> String {
        guard position < text.count else { return "the end of the filter" }
        var s = String.UnicodeScalarView()
        s.append(contentsOf: text[position..<min(text.count, position + 12)])
        return "'\(String(s))'"
    }

    mutating func skipSpaces() {
        while at < text.count, text[at].properties.isWhitespace { at += 1 }
    }

    /// Consumes `word` (ignoring case) when it is next and not followed by a name character.
    mutating func accept(word: String) -> Bool {
        let scalars = Array(word.unicodeScalars)
        guard at + scalars.count <= text.count else { return false }
        for (offset, scalar) in scalars.enumerated() {
            guard String(text[at + offset]).lowercased() == String(scalar) else { return false }
        }
        if scalars.first.map(Self.isNameCharacter) == true, at + scalars.count < text.count,
            Self.isNameCharacter(text[at + scalars.count])
        {
            return false
        }
        at += scalars.count
        return true
    }

    mutating func expect(_ symbol: String, _ what: String) throws {
        skipSpaces()
        guard accept(word: symbol) else { throw error("expected \(what), found \(quoted(at))") }
    }

    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "." || scalar == "-"
            || scalar == "$"
    }

    mutating func parseOr(depth: Int) throws -> AppacitiveFilter {
        try parseJoined(by: ["or", "||"], wrap: AppacitiveFilter.any) { try $0.parseAnd(depth: depth) }
    }

    mutating func parseAnd(depth: Int) throws -> AppacitiveFilter {
        try parseJoined(by: ["and", "&&"], wrap: AppacitiveFilter.all) { try $0.parsePrimary(depth: depth) }
    }

    /// Parts joined by one of `words`: one part as it is, several wrapped.
    mutating func parseJoined(
        by words: [String], wrap: ([AppacitiveFilter]) -> AppacitiveFilter,
        part: (inout AppacitiveFilterParser) throws -> AppacitiveFilter
    ) throws -> AppacitiveFilter {
        var parts = [try part(&self)]
        while true {
            skipSpaces()
            guard words.contains(where: { accept(word: $0) }) else { break }
            parts.append(try part(&self))
        }
        return parts.count == 1 ? parts[0] : wrap(parts)
    }

    mutating func parsePrimary(depth: Int) throws -> AppacitiveFilter {
        skipSpaces()
        guard at < text.count else { throw error("expected a condition, found the end of the filter") }
        if text[at] == "(" {
            guard depth < AppacitiveFilterLimits.maxDepth else {
                throw error("parentheses nested deeper than \(AppacitiveFilterLimits.maxDepth)")
            }
            let open = at
            at += 1
            let inner = try parseOr(depth: depth + 1)
            skipSpaces()
            guard at < text.count, text[at] == ")" else {
                throw error("expected ')' closing the '(' at character \(open + 1), found \(quoted(at))")
            }
            at += 1
            return inner
        }
        conditions += 1
        guard conditions <= AppacitiveFilterLimits.maxConditions else {
            throw error("more than \(AppacitiveFilterLimits.maxConditions) conditions")
        }
        return .condition(try parseCondition())
    }

    static let tagOperators = ["tagged_with_one_or_more", "tagged_with_all"]

    mutating func parseCondition() throws -> AppacitiveCondition {
        let start = at
        var subject = AppacitiveCondition.Subject.aggregate
        if text[at] == "*" {
            subject = .property
            at += 1
        } else if text[at] == "@" {
            subject = .attribute
            at += 1
        }
        let nameStart = at
        while at < text.count, Self.isNameCharacter(text[at]) { at += 1 }
        var name = String(String.UnicodeScalarView(text[nameStart..<at]))
        if subject == .aggregate, Self.tagOperators.contains(name.lowercased()) {
            at = nameStart
            name = ""
        }
        skipSpaces()
        let operatorStart = at
        if let comparison = acceptComparison() {
            try requireName(name, subject: subject, start: start)
            return AppacitiveCondition(subject: subject, name: name, test: .compare(comparison, try parseLiteral()))
        }
        let wordStart = at
        while at < text.count, Self.isNameCharacter(text[at]) { at += 1 }
        let word = String(String.UnicodeScalarView(text[wordStart..<at])).lowercased()
        if word.isEmpty {
            throw error(
                "expected an operator (==, <>, >, >=, <, <=, like, match, between, within_circle, within_polygon) after \(name.isEmpty ? "the condition's start" : "'\(name)'"), found \(quoted(operatorStart))",
                at: operatorStart)
        }
        if Self.tagOperators.contains(word) {
            guard name.isEmpty, subject == .aggregate else {
                throw error("\(word) searches the object's tags: write it without a property name", at: start)
            }
            let tags = try parseTags()
            return AppacitiveCondition(
                subject: subject, name: "", test: word == "tagged_with_all" ? .taggedWithAll(tags) : .taggedWithAny(tags))
        }
        try requireName(name, subject: subject, start: start)
        let test: AppacitiveTest
        switch word {
        case "like": test = .like(try parseQuoted())
        case "match": test = .match(try parseQuoted())
        case "between":
            try expect("(", "'(' after between")
            let low = try parseLiteral()
            try expect(",", "',' between the two values of between")
            let high = try parseLiteral()
            try expect(")", "')' closing between")
            test = .between(low, high)
        case "within_circle": test = try parseCircle()
        case "within_polygon": test = try parsePolygon()
        default:
            throw error(
                "unknown operator '\(word)'; use ==, <>, >, >=, <, <=, like, match, between, within_circle, within_polygon",
                at: wordStart)
        }
        return AppacitiveCondition(subject: subject, name: name, test: test)
    }

    func requireName(_ name: String, subject: AppacitiveCondition.Subject, start: Int) throws {
        guard !name.isEmpty else {
            throw error("expected a property name (as in *name == 'value'), found \(quoted(start))", at: start)
        }
    }

    mutating func acceptComparison() -> AppacitiveComparison? {
        for symbol in ["==", "<>", ">=", "<=", ">", "<"] where accept(word: symbol) {
            return AppacitiveComparison(rawValue: symbol)
        }
        return nil
    }
}
