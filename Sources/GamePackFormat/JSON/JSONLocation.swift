/// A place in a JSON document, as a person finds it in an editor: the line and the column, both
/// 1-based (the column counts bytes). Written "line 3, column 7".
public struct JSONLocation: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "line \(line), column \(column)" }
}
