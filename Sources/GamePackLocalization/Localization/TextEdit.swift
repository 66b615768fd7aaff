/// A place in a file's text: 0-based line index and 0-based column in Unicode scalars (a
/// `SourceLocation` minus one on each), as the YAML editors (`l10n import`'s translation writer,
/// the studio's item editor) address it.
package struct TextPosition: Comparable, Sendable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static func < (a: TextPosition, b: TextPosition) -> Bool { (a.line, a.column) < (b.line, b.column) }
}

/// Replace the text from `start` to `end` (exclusive) with `text`. Of two replacements at one
/// place, the one with the higher `order` ends up later in the text.
package struct TextReplacement: Sendable {
    package var start: TextPosition
    package var end: TextPosition
    package var text: String
    package var order = 0

    package init(start: TextPosition, end: TextPosition, text: String, order: Int = 0) {
        self.start = start
        self.end = end
        self.text = text
        self.order = order
    }
}
