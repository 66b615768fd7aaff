import Foundation
import GamePackContent

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

    typealias Position = TextPosition
    typealias Replacement = TextReplacement

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

    // MARK: Writing

    /// `text` as a double-quoted scalar that YAML and JSON read back exactly.
    static func quoted(_ text: String) -> String { YAMLScalar.quoted(text, controls: .json) }

    /// A map key: plain in YAML when safe, quoted in JSON.
    func key(_ name: String) -> String { isJSON ? Self.quoted(name) : Self.yamlKey(name) }

    /// A YAML map key: plain when it is ASCII letters, digits, `-` and `_`, else quoted.
    static func yamlKey(_ name: String) -> String {
        let plain =
            !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
            }
        return plain ? name : quoted(name)
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
        var plan = EditPlan()
        for edit in edits {
            if let entries = edit.field.node.entries {
                let flow = isJSON || char(position(edit.field.node.location)) == "{"
                if let entry = entries.first(where: { $0.key == edit.locale }) {
                    try planReplacing(entry, edit: edit, flow: flow, fields: fields, into: &plan)
                } else if flow {
                    try planAddingToFlowMap(edit, fields: fields, into: &plan)
                } else {
                    try planAddingToBlockMap(edit, entries: entries, into: &plan)
                }
            } else {
                try planReplacingPlainString(edit, fields: fields, into: &plan)
            }
        }
        if !isJSON {
            plan.replacements += try commentReplacements(plan.comments)
        }
        return try applying(plan.replacements)
    }

    /// The replacements and comment updates that a list of edits adds up to.
    struct EditPlan {
        var replacements: [Replacement] = []
        var comments: [CommentUpdate] = []
    }

    /// `value` followed by the `gamepack:source` comment of `edit` under `key`.
    func markedValue(_ value: String, key: String, edit: Edit) -> String {
        let pairValue = edit.hash + (edit.approved ? SourceHash.approvedSuffix : "")
        return value + "  # \(SourceHash.marker) \(key)=\(pairValue)"
    }

    /// The comment update for a value of `edit` newly written from `start` to `end`; a block
    /// scalar's header comment it replaces is carried over.
    func commentUpdate(
        for edit: Edit, start: Position, end: Position, fields: [TranslatableField]
    ) -> CommentUpdate {
        let pair = pairKey(field: edit.field, locale: edit.locale, lines: start.line...end.line, fields: fields)
        var update = CommentUpdate(
            line: end.line, scanFrom: end.column, key: pair.key, hash: edit.hash, approved: edit.approved,
            remove: pair.remove)
        if end.line > start.line, char(start) == "|" || char(start) == ">" {
            let header = Array(lines[start.line])
            update.carried = YAMLLineScanner.scan(header, from: start.column).commentStart.map {
                String(String.UnicodeScalarView(header[$0...]))
            }
        }
        return update
    }

    /// A map's existing value of the edit's locale: replaced (an explicit or absent null too).
    func planReplacing(
        _ entry: SourceEntry, edit: Edit, flow: Bool, fields: [TranslatableField], into plan: inout EditPlan
    ) throws {
        let value = Self.quoted(edit.text)
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
        plan.replacements.append(Replacement(start: start, end: end, text: text))
        plan.comments.append(commentUpdate(for: edit, start: start, end: end, fields: fields))
    }

    /// A flow map without the edit's locale: `, nl: …` before its closing brace.
    func planAddingToFlowMap(_ edit: Edit, fields: [TranslatableField], into plan: inout EditPlan) throws {
        let value = Self.quoted(edit.text)
        let (_, lastEnd, lastChar) = try endOfFlowMap(at: position(edit.field.node.location))
        let separator = lastChar == "{" ? "" : lastChar == "," ? " " : ", "
        plan.replacements.append(
            Replacement(start: lastEnd, end: lastEnd, text: separator + key(edit.locale) + ": " + value))
        let pair = pairKey(field: edit.field, locale: edit.locale, lines: lastEnd.line...lastEnd.line, fields: fields)
        plan.comments.append(
            CommentUpdate(
                line: lastEnd.line, scanFrom: lastEnd.column, key: pair.key, hash: edit.hash, approved: edit.approved,
                remove: pair.remove))
    }

    /// A block map without the edit's locale: a new line after its last entry.
    func planAddingToBlockMap(_ edit: Edit, entries: [SourceEntry], into plan: inout EditPlan) throws {
        let value = Self.quoted(edit.text)
        guard let last = entries.max(by: { position($0.keyLocation) < position($1.keyLocation) }) else {
            throw failure(position(edit.field.node.location), "an empty map")
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
        let line = key(edit.locale) + ": " + (isJSON ? value : markedValue(value, key: edit.locale, edit: edit))
        plan.replacements.append(Replacement(start: lineEnd, end: lineEnd, text: newline + indent + line, order: 1))
    }

    /// A plain string (the default locale's text only): it becomes a map of the default locale
    /// and the edit's locale, a block map under a block key, a flow map elsewhere.
    func planReplacingPlainString(_ edit: Edit, fields: [TranslatableField], into plan: inout EditPlan) throws {
        let field = edit.field
        let value = Self.quoted(edit.text)
        let start = position(field.node.location)
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
                + indent + key(edit.locale) + ": " + markedValue(value, key: edit.locale, edit: edit)
            plan.replacements.append(
                Replacement(
                    start: Position(line: colon.line, column: colon.column + 1),
                    end: Position(line: end.line, column: lineLength(end.line)), text: text))
        } else {
            let text = "{" + key(defaultLocale) + ": " + source + ", " + key(edit.locale) + ": " + value + "}"
            plan.replacements.append(Replacement(start: start, end: end, text: text))
            plan.comments.append(commentUpdate(for: edit, start: start, end: end, fields: fields))
        }
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
