/// An item's id as written: a whole number (`12`) or a string of letters, digits, `-` and `_`.
/// `3` and `"3"` are the same id, so a reference written either way finds the item.
public struct ItemID: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    /// The id's text.
    public let text: String

    public init(_ text: String) { self.text = text }

    /// The id as a number, when it is one.
    public var number: Int? { Int(text) }

    /// Numbers first in numeric order, then strings in code-point order.
    public static func < (lhs: ItemID, rhs: ItemID) -> Bool {
        switch (lhs.number, rhs.number) {
        case let (a?, b?): a < b
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): lhs.text < rhs.text
        }
    }

    public var description: String { text }

    /// The id a scalar node holds, if it is a valid id.
    public init?(node: SourceNode) {
        switch node.value {
        case .int(let i): self.init(String(i))
        case .string(let s) where Self.isValid(s): self.init(s)
        default: return nil
        }
    }

    static func isValid(_ s: String) -> Bool {
        !s.isEmpty && s.count <= 128
            && s.unicodeScalars.allSatisfy {
                ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "-" || $0 == "_"
            }
    }
}
