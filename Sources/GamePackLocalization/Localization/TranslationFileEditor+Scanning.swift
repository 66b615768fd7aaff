import Foundation
import GamePackContent

/// Scanning: the few tokens around the positions Yams reported (a key's `:`, a value's end, a
/// flow map's closing brace).
extension TranslationFileEditor {

    func failure(_ position: Position, _ reason: String) -> LocalizationError {
        .cannotEdit(location: SourceLocation(file: path, line: position.line + 1, column: position.column + 1), reason: reason)
    }

    func position(_ location: SourceLocation) -> Position {
        Position(line: location.line - 1, column: location.column - 1)
    }

    /// The scalar at `p`, nil at or past the end of its line.
    func char(_ p: Position) -> Unicode.Scalar? {
        guard p.line >= 0, p.line < lines.count, p.column >= 0, p.column < lines[p.line].count else { return nil }
        return lines[p.line][lines[p.line].startIndex + p.column]
    }

    func lineLength(_ line: Int) -> Int { lines[line].count }

    static func isSpace(_ c: Unicode.Scalar?) -> Bool { c == " " || c == "\t" }
    static func isSpaceOrEnd(_ c: Unicode.Scalar?) -> Bool { c == nil || c == " " || c == "\t" }

    /// The indentation (leading spaces) of a line; nil for a blank line.
    func indentation(_ line: Int) -> Int? {
        let content = lines[line]
        guard let first = content.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return nil }
        return first - content.startIndex
    }

    /// The position after the closing quote of the quoted scalar starting at `p`.
    func endOfQuoted(_ p: Position) throws -> Position {
        let quote = char(p)
        var line = p.line
        var column = p.column + 1
        while line < lines.count {
            let count = lineLength(line)
            while column < count {
                let c = char(Position(line: line, column: column))
                if quote == "\"" {
                    if c == "\\" {
                        column += 2
                        continue
                    }
                    if c == "\"" { return Position(line: line, column: column + 1) }
                } else if c == "'" {
                    if char(Position(line: line, column: column + 1)) == "'" {
                        column += 2
                        continue
                    }
                    return Position(line: line, column: column + 1)
                }
                column += 1
            }
            line += 1
            column = 0
        }
        throw failure(p, "a quoted text is not closed")
    }

    /// The `:` ending the map key that starts at `p`.
    func colon(afterKeyAt p: Position) throws -> Position {
        var q = p
        if char(q) == "\"" || char(q) == "'" {
            q = try endOfQuoted(q)
        } else {
            while let c = char(q),
                !(c == ":"
                    && (Self.isSpaceOrEnd(char(Position(line: q.line, column: q.column + 1)))
                        || [",", "}", "]"].contains(char(Position(line: q.line, column: q.column + 1)))))
            {
                q.column += 1
            }
        }
        while Self.isSpace(char(q)) { q.column += 1 }
        guard char(q) == ":" else { throw failure(p, "cannot find the `:` after this key") }
        return q
    }

    /// The end of an explicitly written null (`~`, `null`) right after `p` (spaces skipped),
    /// or `p` when the value is simply absent.
    func endOfEmptyValue(afterColon colon: Position) -> Position {
        var q = Position(line: colon.line, column: colon.column + 1)
        while Self.isSpace(char(q)) { q.column += 1 }
        for token in ["~", "null", "Null", "NULL"] {
            let length = token.unicodeScalars.count
            let matches = token.unicodeScalars.enumerated().allSatisfy {
                char(Position(line: q.line, column: q.column + $0.offset)) == $0.element
            }
            let after = char(Position(line: q.line, column: q.column + length))
            if matches && (Self.isSpaceOrEnd(after) || after == "," || after == "}" || after == "]") {
                return Position(line: q.line, column: q.column + length)
            }
        }
        return Position(line: colon.line, column: colon.column + 1)
    }

    /// The end (exclusive) of the scalar value starting at `p`. `parentIndent` is the
    /// indentation of the block map or list holding it (continuation lines are deeper).
    func endOfScalar(at p: Position, flow: Bool, parentIndent: Int) throws -> Position {
        switch char(p) {
        case "\""?, "'"?:
            return try endOfQuoted(p)
        case "{"?, "["?:
            throw failure(p, "a translation must be text, not a map or a list")
        case "&"?, "!"?:
            throw failure(p, "the value has a YAML anchor or tag; write the text without it")
        case "|"?, ">"?:
            var header = p
            while let c = char(header), "|>+-0123456789".unicodeScalars.contains(c) { header.column += 1 }
            var last: Int?
            var line = p.line + 1
            while line < lines.count {
                guard let indent = indentation(line) else {
                    line += 1
                    continue
                }
                guard indent > parentIndent else { break }
                last = line
                line += 1
            }
            return last.map { Position(line: $0, column: lineLength($0)) } ?? header
        case "*"?:
            var q = p
            while let c = char(q), !Self.isSpace(c), c != ",", c != "}", c != "]" { q.column += 1 }
            return q
        case nil:
            throw failure(p, "expected a value here")
        default:
            var end = p
            /// Scans a plain scalar's piece on one line; returns whether the scalar ends on it.
            func scanLine(from start: Position) -> Bool {
                var q = start
                while let c = char(q) {
                    let next = char(Position(line: q.line, column: q.column + 1))
                    if c == "#", q.column == 0 || Self.isSpace(char(Position(line: q.line, column: q.column - 1))) { return true }
                    if c == ":", Self.isSpaceOrEnd(next) || (flow && (next == "," || next == "}" || next == "]")) { return true }
                    if flow, c == "," || c == "}" || c == "]" { return true }
                    if !Self.isSpace(c) { end = Position(line: q.line, column: q.column + 1) }
                    q.column += 1
                }
                return false
            }
            if scanLine(from: p) || flow { return end }
            var line = p.line + 1
            while line < lines.count {
                guard let indent = indentation(line) else {
                    line += 1
                    continue
                }
                guard indent > parentIndent, char(Position(line: line, column: indent)) != "#" else { break }
                if scanLine(from: Position(line: line, column: indent)) { break }
                line += 1
            }
            return end
        }
    }

    /// The closing `}` of the flow map starting at `p` (its `{`; or the `]` of a flow list
    /// starting with `[`), the end of the last token before it, and that token's last character.
    func endOfFlowMap(at p: Position) throws -> (close: Position, lastEnd: Position, lastChar: Unicode.Scalar) {
        var depth = 0
        var q = p
        var lastEnd = p
        var lastChar: Unicode.Scalar = "{"
        while q.line < lines.count {
            guard let c = char(q) else {
                q = Position(line: q.line + 1, column: 0)
                continue
            }
            switch c {
            case " ", "\t":
                q.column += 1
            case "#" where q.column == 0 || Self.isSpace(char(Position(line: q.line, column: q.column - 1))):
                q = Position(line: q.line + 1, column: 0)
            case "\"", "'":
                q = try endOfQuoted(q)
                lastEnd = q
                lastChar = c
            case "{", "[":
                depth += 1
                q.column += 1
                lastEnd = q
                lastChar = c
            case "}", "]":
                depth -= 1
                if depth == 0 {
                    guard (c == "}") == (char(p) == "{") else { throw failure(q, "unbalanced brackets in a flow map") }
                    return (q, lastEnd, lastChar)
                }
                q.column += 1
                lastEnd = q
                lastChar = c
            case ",", ":":
                q.column += 1
                lastEnd = q
                lastChar = c
            default:
                // A plain scalar: up to `,`, a closing bracket, `: ` or ` #`.
                while let d = char(q) {
                    let next = char(Position(line: q.line, column: q.column + 1))
                    if d == "," || d == "}" || d == "]" || d == "[" || d == "{" { break }
                    if d == ":", Self.isSpaceOrEnd(next) || next == "," || next == "}" || next == "]" { break }
                    if d == "#", Self.isSpace(char(Position(line: q.line, column: q.column - 1))) { break }
                    q.column += 1
                    if !Self.isSpace(d) {
                        lastEnd = q
                        lastChar = d
                    }
                }
            }
        }
        throw failure(p, "the flow map `{…}` is not closed")
    }
}
