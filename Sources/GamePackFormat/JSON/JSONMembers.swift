import Foundation

/// The keys a reader expects an object to have, in the order a writer writes them, with their
/// UTF-8 bytes laid out once, one after another (`JSONMembers` compares them with the tape's
/// bytes). A class, and the bytes in one array: a reader passes the keys on for every object
/// it reads, and an array of arrays retained each key's bytes at each comparison.
public final class JSONKeys: Sendable {
    /// The keys in order.
    public let names: [String]
    /// The keys' UTF-8 bytes, one after another.
    let utf8: [UInt8]
    /// Where each key's bytes start in `utf8`, and where the last one ends.
    let starts: [Int]

    public init(_ names: [String]) {
        self.names = names
        utf8 = names.flatMap { Array($0.utf8) }
        starts = names.reduce(into: [0]) { starts, name in starts.append(starts.last! + name.utf8.count) }
    }

    /// The place of `name` among the keys (their lengths compared first: most keys differ in
    /// length, and comparing two unequal strings takes longer).
    @inline(__always)
    public func position(of name: String) -> Int? {
        let count = name.utf8.count
        for index in names.indices where starts[index + 1] - starts[index] == count && names[index] == name {
            return index
        }
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
        valueIndex(key).map { JSONView(tape: object.tape, index: $0) }
    }

    /// The token index of `key`'s value, or nil when the object has no such key.
    func valueIndex(_ key: String) -> Int? {
        guard let matched else { return object.valueIndex(key) }
        // The members are the expected keys: any other key is absent.
        guard let position = matched.position(of: key) else { return nil }
        return values[position]
    }

    /// Where the values of `keys` are (nil where a key is absent): what a reader keeps of an
    /// object to compare a later one of the same document with (`sameScalarsAsWritten`),
    /// without keeping a view, and so a reference to the tape, for each value.
    public func valuePlaces(_ keys: [String]) -> [Int?] { keys.map(valueIndex) }

    /// Whether the values of `keys` are the same scalars as written (`JSONView.isSameScalarAsWritten`)
    /// as those at `places`, found by `valuePlaces` on an object of the same document: absent
    /// where absent, and no container the same as anything.
    public func sameScalarsAsWritten(_ keys: [String], as places: [Int?]) -> Bool {
        guard keys.count == places.count else { return false }
        for (key, place) in zip(keys, places) {
            switch (valueIndex(key), place) {
            case (nil, nil): continue
            case (let here?, let there?) where object.tape.isSameScalarAsWritten(here, object.tape, there): continue
            default: return false
            }
        }
        return true
    }
}

extension JSONObjectView {
    /// The token index of each member's value when the members are exactly `keys`, in that
    /// order, each written without escapes; nil otherwise.
    func valueIndices(inOrder keys: JSONKeys) -> [Int]? {
        guard memberCount == keys.names.count else { return nil }
        return tape.tokens.withUnsafeBufferPointer { tokens in
            tape.withBytes { bytes -> [Int]? in
                keys.utf8.withUnsafeBufferPointer { utf8 in
                    keys.starts.withUnsafeBufferPointer { starts in
                        var values: [Int] = []
                        values.reserveCapacity(keys.names.count)
                        var member = index + 1
                        for key in 0..<keys.names.count {
                            let token = tokens[member]
                            let (start, count) = (starts[key], starts[key + 1] - starts[key])
                            guard token.kind == .string, token.end - token.start == count else { return nil }
                            guard count == 0 || memcmp(bytes.baseAddress! + token.start, utf8.baseAddress! + start, count) == 0
                            else { return nil }
                            values.append(member + 1)
                            let value = tokens[member + 1]
                            member = value.kind == .object || value.kind == .array ? value.end : member + 2
                        }
                        return values
                    }
                }
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
