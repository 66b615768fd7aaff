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
        precedes(lhs.number, lhs.text, rhs.number, rhs.text)
    }

    /// The order of ids from their numbers (nil when not one) and texts.
    static func precedes(_ lhsNumber: Int?, _ lhsText: String, _ rhsNumber: Int?, _ rhsText: String) -> Bool {
        switch (lhsNumber, rhsNumber) {
        case let (a?, b?): a < b
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): lhsText < rhsText
        }
    }

    public var description: String { text }

    /// An id with its number worked out once, for sorting many ids: `<` on two `ItemID`s
    /// parses both texts at every comparison. It orders exactly as `ItemID` does.
    package struct SortKey: Comparable {
        package let id: ItemID
        let number: Int?

        package init(_ id: ItemID) {
            self.id = id
            number = id.number
        }

        package static func < (lhs: SortKey, rhs: SortKey) -> Bool {
            precedes(lhs.number, lhs.id.text, rhs.number, rhs.id.text)
        }

        package static func == (lhs: SortKey, rhs: SortKey) -> Bool { lhs.id == rhs.id }
    }

    /// `ids` in `ItemID` order.
    package static func sorted(_ ids: some Sequence<ItemID>) -> [ItemID] {
        ids.map(SortKey.init).sorted().map(\.id)
    }

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
