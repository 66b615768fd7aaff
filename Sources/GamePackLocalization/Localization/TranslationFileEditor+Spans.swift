import GamePackContent

/// Where values end in a YAML file's text, for editors outside this target (the studio's item
/// editor): the scanning the translation writer uses, over the same lines and positions
/// (0-based line, 0-based column in Unicode scalars).
package struct SourceTextSpans {
    let editor: TranslationFileEditor

    package init(path: String, text: String) {
        editor = TranslationFileEditor(path: path, text: text, defaultLocale: "")
    }

    /// The file's lines as Unicode scalars, without line breaks or byte order mark.
    package var lines: [ArraySlice<Unicode.Scalar>] { editor.lines }
    /// The line break the file mostly uses.
    package var newline: String { editor.newline }

    /// The end (exclusive) of the scalar starting at `line`/`column`; `parentIndent` is the
    /// indentation of the block collection holding it.
    package func endOfScalar(line: Int, column: Int, flow: Bool, parentIndent: Int) throws -> (line: Int, column: Int) {
        let end = try editor.endOfScalar(at: .init(line: line, column: column), flow: flow, parentIndent: parentIndent)
        return (end.line, end.column)
    }

    /// The end (exclusive) of the quoted scalar starting at `line`/`column`.
    package func endOfQuoted(line: Int, column: Int) throws -> (line: Int, column: Int) {
        let end = try editor.endOfQuoted(.init(line: line, column: column))
        return (end.line, end.column)
    }
}
