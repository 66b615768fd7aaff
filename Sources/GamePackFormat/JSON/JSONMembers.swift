import Foundation

/// The keys a reader expects an object to have, in the order a writer writes them, with their
/// UTF-8 bytes made once (`JSONMembers` compares them with the tape's bytes).
public struct JSONKeys: Sendable {
    /// The keys in order.
    public let names: [String]
    /// Each key's UTF-8 bytes.
    let bytes: [[UInt8]]

    public init(_ names: [String]) {
        self.names = names
        bytes = names.map { Array($0.utf8) }
    }

    /// The place of `name` among the keys.
    /// The place of `name` among the keys (their lengths compared first: most keys differ in
    /// length, and comparing two unequal strings takes longer).
    @inline(__always)
    public func position(of name: String) -> Int? {
        let count = name.utf8.count
        for index in bytes.indices where bytes[index].count == count && names[index] == name { return index }
        return nil
    }
}

/// An object's members read by key. When the members are exactly the expected keys, in order
/// and written without escapes (as the writer of a content file writes every object), each
/// key's value is found by its place among them; otherwise by `JSONObjectView`'s scan. Either
/// way a key gives the same value (a content file's objects are read a dozen keys each: one
/// pass over the members instead of one scan per key).
public struct JSONMembers {
    /// The object itself.
    public let object: JSONObjectView
    /// The expected keys, when the members are exactly those.
    private let matched: JSONKeys?
    /// The token index of each expected key's value (`matched` set).
    private let values: [Int]

    public init(_ object: JSONObjectView, expecting keys: JSONKeys) {
        self.object = object
        let values = object.valueIndices(inOrder: keys)
        matched = values == nil ? nil : keys
        self.values = values ?? []
    }

    /// Whether the members are exactly `keys`, in that order, each written without escapes.
    public func hasKeys(inOrder keys: [String]) -> Bool {
        if let matched, matched.names == keys { return true }
        return object.hasKeys(inOrder: keys)
    }

    /// The value of `key`, or nil when the object has no such key.
    public subscript(key: String) -> JSONView? {
        guard let matched else { return object[key] }
        // The members are the expected keys: any other key is absent.
        guard let position = matched.position(of: key) else { return nil }
        return JSONView(tape: object.tape, index: values[position])
    }
}

extension JSONObjectView {
    /// The token index of each member's value when the members are exactly `keys`, in that
    /// order, each written without escapes; nil otherwise.
    func valueIndices(inOrder keys: JSONKeys) -> [Int]? {
        guard memberCount == keys.names.count else { return nil }
        return tape.tokens.withUnsafeBufferPointer { tokens in
            tape.withBytes { bytes -> [Int]? in
                var values: [Int] = []
                values.reserveCapacity(keys.bytes.count)
                var member = index + 1
                for key in keys.bytes {
                    let token = tokens[member]
                    guard token.kind == .string, token.end - token.start == key.count else { return nil }
                    let same = key.withUnsafeBufferPointer { utf8 in
                        utf8.isEmpty || memcmp(bytes.baseAddress! + token.start, utf8.baseAddress!, utf8.count) == 0
                    }
                    guard same else { return nil }
                    values.append(member + 1)
                    let value = tokens[member + 1]
                    member = value.kind == .object || value.kind == .array ? value.end : member + 2
                }
                return values
            }
        }
    }
}

extension JSONView {
    /// An integer value as written (`12`, `-3`), read from its bytes; nil for any other value,
    /// and for an integer too large for `Int` (which `scalar` reads as a number).
    public var int: Int? {
        let token = tape.tokens[index]
        guard token.kind == .int else { return nil }
        return tape.withBytes { bytes -> Int? in
            var offset = token.start
            let negative = offset < token.end && bytes[offset] == UInt8(ascii: "-")
            if negative { offset += 1 }
            guard offset < token.end else { return nil }
            var value = 0
            while offset < token.end {
                let digit = Int(bytes[offset]) - 0x30
                guard digit >= 0 && digit <= 9 else { return nil }
                let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowSum) =
                    negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
                guard !overflowTimes && !overflowSum else { return nil }
                value = sum
                offset += 1
            }
            return value
        }
    }
}
