import Foundation

/// Writes translations into one YAML (or JSON) source file's text in place, keeping everything
/// else (comments, key order, quoting, blank lines, line endings) as it was.
///
/// Hand-written: YAML libraries (Yams/libyaml) read and write trees, not text, and drop
/// comments. The editor works on positions that Yams reported (1-based line, column in Unicode
/// scalars) and scans only the few tokens around them: the key, the `:`, the old value, a flow
/// map's closing brace, the line's comment.
///
/// Supported shapes of a localized field:
/// - a block map (`name:` then `  en: …` / `  nl: …` lines): the locale's value is replaced, or
///   a `nl: …` line is added after the map's last entry, indented like the others;
/// - a flow map (`name: {en: A, nl: B}`, one or several lines): the value is replaced, or
///   `, nl: …` is added before the closing brace;
/// - a plain string (`text: Hello`, the default locale only): it becomes a block map of the
///   default locale and the translation (in a flow collection, or a JSON file, a flow map).
///
/// New values are written as double-quoted scalars (escaping `\\`, `"`, `\r`, `\n`, `\t` and
/// other control characters as `\uXXXX`, which YAML and JSON read alike), followed in YAML by the
/// `# gamepack:source` comment (see `SourceHash`). Every result is parsed again and compared
/// with the intended tree before anything is written; a mismatch throws instead.
struct TranslationFileEditor {
    /// One translation to write.
    struct Edit {
        /// The field as read from this file's current text.
        var field: TranslatableField
        var locale: String
        var text: String
        /// The source hash to store (`SourceHash.of(field.source)`).
        var hash: String
        /// Whether to mark the pair approved (`:approved`: a translator approved a text that is
        /// identical to the source).
        var approved = false
    }

    /// A place in the text: 0-based line index and 0-based column in Unicode scalars.
    struct Position: Comparable {
        var line: Int
        var column: Int
        static func < (a: Position, b: Position) -> Bool { (a.line, a.column) < (b.line, b.column) }
    }

    /// Replace the text from `start` to `end` (exclusive) with `text`. Of two replacements at
    /// one place, the one with the higher `order` ends up later in the text.
    struct Replacement {
        var start: Position
        var end: Position
        var text: String
        var order = 0
    }

    /// A `gamepack:source` pair to write in the comment of a line.
    struct CommentUpdate {
        var line: Int
        /// A token boundary on the line after the (old) value, where scanning for the comment starts.
        var scanFrom: Int
        var key: String
        var hash: String
        var approved = false
        var remove: Set<String>
        /// A comment of the old value that the replacement removes (a block scalar's header
        /// comment), kept in the line's new comment.
        var carried: String? = nil
    }

    let path: String
    let isJSON: Bool
    let defaultLocale: String
    /// The file's text as Unicode scalars, without a byte order mark.
    let scalars: [Unicode.Scalar]
    let hasBOM: Bool
    /// Each line's content (without its line break) and where it starts in `scalars`.
    let lines: [ArraySlice<Unicode.Scalar>]
    let lineStarts: [Int]
    /// The line break new lines get: the file's most common one.
    let newline: String

    init(path: String, text: String, defaultLocale: String) {
        self.path = path
        self.isJSON = path.lowercased().hasSuffix(".json")
        self.defaultLocale = defaultLocale
        var scalars = Array(text.unicodeScalars)
        hasBOM = scalars.first == "\u{FEFF}"
        if hasBOM { scalars.removeFirst() }
        self.scalars = scalars
        var lines: [ArraySlice<Unicode.Scalar>] = []
        var starts: [Int] = []
        var start = 0
        var crlf = 0
        var lf = 0
        for (index, scalar) in scalars.enumerated() where scalar == "\n" {
            var end = index
            if end > start, scalars[end - 1] == "\r" {
                end -= 1
                crlf += 1
            } else {
                lf += 1
            }
            lines.append(scalars[start..<end])
            starts.append(start)
            start = index + 1
        }
        lines.append(scalars[start..<scalars.count])
        starts.append(start)
        self.lines = lines
        self.lineStarts = starts
        self.newline = crlf > lf ? "\r\n" : "\n"
    }

    // MARK: Scanning

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

    /// The closing `}` of the flow map starting at `p` (its `{`), the end of the last token
    /// before it, and that token's last character.
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
                    guard c == "}" else { throw failure(q, "unbalanced brackets in a flow map") }
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

    // MARK: Writing

    /// `text` as a double-quoted scalar that YAML and JSON read back exactly.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\r": out += "\\r"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 || v == 0xFEFF || v == 0xFFFE
                    || v == 0xFFFF
                {
                    out += String(format: "\\u%04X", v)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A map key: plain in YAML when safe, quoted in JSON.
    func key(_ name: String) -> String {
        let plain =
            !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
            }
        return isJSON || !plain ? Self.quoted(name) : name
    }

    /// The `gamepack:source` key for a value of `field` in `locale` whose new line is made of the
    /// (0-based) lines `lines`: the locale, or `field.locale` when another text of that locale
    /// starts there.
    func pairKey(field: TranslatableField, locale: String, lines: ClosedRange<Int>, fields: [TranslatableField]) -> (
        key: String, remove: Set<String>
    ) {
        let shared = fields.contains { other in
            other.unitID != field.unitID && other.texts[locale].map { lines.contains($0.location.line - 1) } == true
        }
        let qualified = "\(field.field).\(locale)"
        return shared ? (qualified, []) : (locale, [qualified])
    }

    /// The new text of the file with `edits` applied. `fields` are all translatable fields of
    /// this file as read from its current text.
    func apply(_ edits: [Edit], fields: [TranslatableField]) throws -> String {
        var replacements: [Replacement] = []
        var comments: [CommentUpdate] = []
        for edit in edits {
            let field = edit.field
            let node = field.node
            let value = Self.quoted(edit.text)
            let pairValue = edit.hash + (edit.approved ? SourceHash.approvedSuffix : "")
            let marker = { (key: String) in "  # \(SourceHash.marker) \(key)=\(pairValue)" }
            if let entries = node.entries {
                let flow = isJSON || char(position(node.location)) == "{"
                if let entry = entries.first(where: { $0.key == edit.locale }) {
                    let keyPosition = position(entry.keyLocation)
                    if entry.value.entries != nil || entry.value.elements != nil {
                        throw failure(
                            keyPosition,
                            "the \(edit.locale) value is a \(entry.value.kindDescription.dropFirst(2)), not text; correct it (`gamepack lint` reports it) and import again"
                        )
                    }
                    let start: Position
                    let end: Position
                    var text = value
                    if case .null = entry.value.value {
                        let colon = try colon(afterKeyAt: keyPosition)
                        start = Position(line: colon.line, column: colon.column + 1)
                        end = endOfEmptyValue(afterColon: colon)
                        text = " " + value
                    } else {
                        start = position(entry.value.location)
                        end = try endOfScalar(at: start, flow: flow, parentIndent: keyPosition.column)
                    }
                    replacements.append(Replacement(start: start, end: end, text: text))
                    let pair = pairKey(field: field, locale: edit.locale, lines: start.line...end.line, fields: fields)
                    var update = CommentUpdate(
                        line: end.line, scanFrom: end.column, key: pair.key, hash: edit.hash, approved: edit.approved,
                        remove: pair.remove)
                    if end.line > start.line, char(start) == "|" || char(start) == ">" {
                        let header = Array(lines[start.line])
                        update.carried = YAMLLineScanner.scan(header, from: start.column).commentStart.map {
                            String(String.UnicodeScalarView(header[$0...]))
                        }
                    }
                    comments.append(update)
                } else if flow {
                    let (_, lastEnd, lastChar) = try endOfFlowMap(at: position(node.location))
                    let separator = lastChar == "{" ? "" : lastChar == "," ? " " : ", "
                    replacements.append(
                        Replacement(start: lastEnd, end: lastEnd, text: separator + key(edit.locale) + ": " + value))
                    let pair = pairKey(field: field, locale: edit.locale, lines: lastEnd.line...lastEnd.line, fields: fields)
                    comments.append(
                        CommentUpdate(
                            line: lastEnd.line, scanFrom: lastEnd.column, key: pair.key, hash: edit.hash, approved: edit.approved,
                            remove: pair.remove))
                } else {
                    guard let last = entries.max(by: { position($0.keyLocation) < position($1.keyLocation) }) else {
                        throw failure(position(node.location), "an empty map")
                    }
                    let keyPosition = position(last.keyLocation)
                    let end: Position
                    if case .null = last.value.value {
                        end = endOfEmptyValue(afterColon: try colon(afterKeyAt: keyPosition))
                    } else {
                        end = try endOfScalar(at: position(last.value.location), flow: false, parentIndent: keyPosition.column)
                    }
                    let lineEnd = Position(line: end.line, column: lineLength(end.line))
                    let indent = String(repeating: " ", count: keyPosition.column)
                    replacements.append(
                        Replacement(
                            start: lineEnd, end: lineEnd,
                            text: newline + indent + key(edit.locale) + ": " + value + (isJSON ? "" : marker(edit.locale)),
                            order: 1))
                }
            } else {
                // A plain string: the default locale's text only.
                let start = position(node.location)
                let parentFlow = isJSON || [Unicode.Scalar("{"), "["].contains(char(position(field.parentLocation)))
                let parentIndent: Int
                if let keyLocation = field.keyLocation {
                    parentIndent = keyLocation.column - 1
                } else {
                    let line = lines[start.line]
                    parentIndent =
                        line.prefix(start.column).lastIndex(of: "-").map { $0 - line.startIndex } ?? max(0, start.column - 2)
                }
                let end = try endOfScalar(at: start, flow: parentFlow, parentIndent: parentIndent)
                let source = Self.quoted(field.source)
                if let keyLocation = field.keyLocation, !parentFlow {
                    let keyPosition = position(keyLocation)
                    let colon = try colon(afterKeyAt: keyPosition)
                    let tail = Array(lines[end.line])
                    let scan = YAMLLineScanner.scan(tail, from: end.column)
                    let oldComment = scan.commentStart.map { String(String.UnicodeScalarView(tail[$0...])) }
                    let indent = String(repeating: " ", count: keyPosition.column + 2)
                    let text =
                        (oldComment.map { "  " + $0 } ?? "") + newline + indent + key(defaultLocale) + ": " + source + newline
                        + indent + key(edit.locale) + ": " + value + marker(edit.locale)
                    replacements.append(
                        Replacement(
                            start: Position(line: colon.line, column: colon.column + 1),
                            end: Position(line: end.line, column: lineLength(end.line)), text: text))
                } else {
                    let text = "{" + key(defaultLocale) + ": " + source + ", " + key(edit.locale) + ": " + value + "}"
                    replacements.append(Replacement(start: start, end: end, text: text))
                    let pair = pairKey(field: field, locale: edit.locale, lines: start.line...end.line, fields: fields)
                    var update = CommentUpdate(
                        line: end.line, scanFrom: end.column, key: pair.key, hash: edit.hash, approved: edit.approved,
                        remove: pair.remove)
                    if end.line > start.line, char(start) == "|" || char(start) == ">" {
                        let header = Array(lines[start.line])
                        update.carried = YAMLLineScanner.scan(header, from: start.column).commentStart.map {
                            String(String.UnicodeScalarView(header[$0...]))
                        }
                    }
                    comments.append(update)
                }
            }
        }
        if !isJSON {
            replacements += try commentReplacements(comments)
        }
        return try applying(replacements)
    }

    /// Turns the pairs to write into replacements of each line's comment (one per line).
    func commentReplacements(_ updates: [CommentUpdate]) throws -> [Replacement] {
        var result: [Replacement] = []
        for (line, group) in Dictionary(grouping: updates, by: \.line).sorted(by: { $0.key < $1.key }) {
            let scanFrom = group.map(\.scanFrom).max() ?? 0
            let content = Array(lines[line])
            let scan = YAMLLineScanner.scan(content, from: scanFrom)
            if scan.endsInQuote {
                throw failure(
                    Position(line: line, column: scanFrom),
                    "the line ends inside a quoted text, so the source hash comment cannot be added; put this translation on its own line"
                )
            }
            var start = scan.commentStart ?? content.count
            while start > scanFrom, Self.isSpace(content[start - 1]) { start -= 1 }
            let carried = group.compactMap(\.carried).map { $0.drop { $0 == "#" || $0 == " " } }
            let own = scan.commentStart.map { String(String.UnicodeScalarView(content[$0...])) }
            let existing =
                carried.isEmpty
                ? own
                : "# " + (carried + [own.map { $0.drop { $0 == "#" || $0 == " " } }].compactMap { $0 }).joined(separator: " ")
            let comment = SourceHash.updatedComment(
                existing, setting: group.map { ($0.key, $0.hash, $0.approved) },
                removing: group.reduce(into: Set<String>()) { $0.formUnion($1.remove) })
            result.append(
                Replacement(
                    start: Position(line: line, column: start), end: Position(line: line, column: content.count),
                    text: comment.isEmpty ? "" : "  " + comment))
        }
        return result
    }

    /// The text with `replacements` applied (they must not overlap).
    func applying(_ replacements: [Replacement]) throws -> String {
        let sorted = replacements.sorted { ($0.start, $0.order) < ($1.start, $1.order) }
        for (a, b) in zip(sorted, sorted.dropFirst()) where b.start < a.end {
            throw failure(b.start, "two changes overlap in this file; put the localized fields on separate lines")
        }
        var result = scalars
        for replacement in sorted.reversed() {
            let start = lineStarts[replacement.start.line] + replacement.start.column
            let end = lineStarts[replacement.end.line] + replacement.end.column
            result.replaceSubrange(start..<end, with: replacement.text.unicodeScalars)
        }
        var text = String(String.UnicodeScalarView(result))
        if hasBOM { text = "\u{FEFF}" + text }
        return text
    }
}

/// A source tree reduced to what a value means (no positions, no quoting style), for checking
/// that an edited file reads back as intended.
indirect enum SourceShape: Equatable {
    case null
    case scalar(String)
    case list([SourceShape])
    case map([Pair])

    struct Pair: Equatable {
        var key: String
        var value: SourceShape
    }

    init(_ node: SourceNode) {
        switch node.value {
        case .null: self = .null
        case .list(let elements): self = .list(elements.map(SourceShape.init))
        case .map(let entries): self = .map(entries.map { Pair(key: $0.key, value: SourceShape($0.value)) })
        default: self = .scalar(node.scalarText ?? "")
        }
    }

    /// Whether two trees have the same values at the same places (line and column).
    static func sameNodes(_ a: SourceNode, _ b: SourceNode) -> Bool {
        guard a.location == b.location else { return false }
        switch (a.value, b.value) {
        case (.list(let x), .list(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { sameNodes($0, $1) }
        case (.map(let x), .map(let y)):
            return x.count == y.count
                && zip(x, y).allSatisfy { $0.key == $1.key && $0.keyLocation == $1.keyLocation && sameNodes($0.value, $1.value) }
        default:
            return SourceShape(a) == SourceShape(b) && a.raw == b.raw
        }
    }

    /// One step of a field path: a map key or a list index.
    enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    /// The steps of a field path such as `details.text` or `tips[2].title`.
    static func steps(_ path: String) -> [Step] {
        var steps: [Step] = []
        for part in path.split(separator: ".") {
            var rest = Substring(part)
            if let bracket = rest.firstIndex(of: "[") {
                steps.append(.key(String(rest[..<bracket])))
                rest = rest[bracket...]
                while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                    if let index = Int(rest[rest.index(after: rest.startIndex)..<close]) { steps.append(.index(index)) }
                    rest = rest[rest.index(after: close)...]
                }
            } else {
                steps.append(.key(String(rest)))
            }
        }
        return steps
    }

    /// This tree with the value at `steps` transformed; nil when the path does not exist.
    func updating(_ steps: ArraySlice<Step>, _ transform: (SourceShape) -> SourceShape) -> SourceShape? {
        guard let step = steps.first else { return transform(self) }
        switch (self, step) {
        case (.map(var pairs), .key(let key)):
            guard let index = pairs.firstIndex(where: { $0.key == key }),
                let updated = pairs[index].value.updating(steps.dropFirst(), transform)
            else { return nil }
            pairs[index].value = updated
            return .map(pairs)
        case (.list(var elements), .index(let index)):
            guard elements.indices.contains(index), let updated = elements[index].updating(steps.dropFirst(), transform) else {
                return nil
            }
            elements[index] = updated
            return .list(elements)
        default:
            return nil
        }
    }

    /// A localized value with the text of `locale` set to `text` (a plain string becomes a map
    /// of the default locale and `locale`).
    func settingTranslation(_ locale: String, to text: String, defaultLocale: String) -> SourceShape {
        switch self {
        case .map(var pairs):
            if let index = pairs.firstIndex(where: { $0.key == locale }) {
                pairs[index].value = .scalar(text)
            } else {
                pairs.append(Pair(key: locale, value: .scalar(text)))
            }
            return .map(pairs)
        default:
            return .map([Pair(key: defaultLocale, value: self), Pair(key: locale, value: .scalar(text))])
        }
    }
}
