import GamePackContent

/// The translation writer's text machinery, for editors outside this target (the studio's item
/// editor): the file's lines, where values end, and replacements applied with the same overlap
/// check, over the same positions (0-based line, 0-based column in Unicode scalars).
package struct SourceTextSpans {
    let editor: TranslationFileEditor

    package init(path: String, text: String) {
        editor = TranslationFileEditor(path: path, text: text, defaultLocale: "")
    }

    /// The file's lines as Unicode scalars, without line breaks or byte order mark.
    package var lines: [ArraySlice<Unicode.Scalar>] { editor.lines }
    /// The line break the file mostly uses.
    package var newline: String { editor.newline }

    /// A YAML map key as the translation writer writes it: plain when safe, else quoted.
    package static func key(_ name: String) -> String { TranslationFileEditor.yamlKey(name) }

    /// `location` as a position.
    package func position(_ location: SourceLocation) -> TextPosition { editor.position(location) }

    /// The scalar at `position`, nil at or past the end of its line.
    package func char(_ position: TextPosition) -> Unicode.Scalar? { editor.char(position) }

    /// The indentation (leading spaces) of a line; nil for a blank line.
    package func indentation(_ line: Int) -> Int? { editor.indentation(line) }

    /// The end (exclusive) of the scalar starting at `start`; `parentIndent` is the
    /// indentation of the block collection holding it.
    package func endOfScalar(at start: TextPosition, flow: Bool, parentIndent: Int) throws -> TextPosition {
        try editor.endOfScalar(at: start, flow: flow, parentIndent: parentIndent)
    }

    /// The end (exclusive: after its closing bracket) of the flow map or list starting at `start`.
    package func endOfFlowCollection(at start: TextPosition) throws -> TextPosition {
        let close = try editor.endOfFlowMap(at: start).close
        return TextPosition(line: close.line, column: close.column + 1)
    }

    /// The text with `replacements` made (they must not overlap; `LocalizationError` says
    /// where two do).
    package func applying(_ replacements: [TextReplacement]) throws -> String {
        try editor.applying(replacements)
    }
}
