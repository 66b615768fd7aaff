/// One segment of a word diff.
public struct WordSegment: Sendable, Codable, Equatable {
    public enum Operation: String, Sendable, Codable { case equal, insert, delete }
    public var op: Operation
    public var text: String

    public init(_ op: Operation, _ text: String) {
        self.op = op
        self.text = text
    }
}
