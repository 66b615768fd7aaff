import Foundation
import GamePackFormat

/// Decodes `Decodable` values straight from items already parsed into `JSONValue` trees.
///
/// Offline queries decode their hits on every call. With `JSONDecoder` each call parsed the
/// items' JSON again, about 10 µs for a small item (`nearby` around a city centre, 3,000
/// hits, took 30 ms); a decoder over the tree parsed once when the collection is opened takes
/// a fraction of that. It follows `JSONDecoder`'s default strategies: numbers convert to any
/// numeric type that holds them exactly, `Date` as its `Decodable` conformance reads it (a
/// number), `Data` from base64, `URL` and `Decimal` from a string and a number, and the
/// errors are the same `DecodingError` cases with the coding path.
struct ContentDecoder {
    /// The empty coding path, carrying `userInfo`; shared by every value this decoder decodes.
    let root: CodingPathNode

    init(userInfo: [CodingUserInfoKey: Any] = [:]) {
        root = CodingPathNode(key: nil, parent: nil, userInfo: userInfo)
    }

    var userInfo: [CodingUserInfoKey: Any] { root.userInfo }

    func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try TreeDecoder(value: value, path: root).decodeValue(type)
    }
}

/// A coding path as a chain of nodes, so that decoding a nested value does not copy an array.
/// Every node carries the decoder's `userInfo`, so decoders and containers hold one reference.
final class CodingPathNode: @unchecked Sendable {
    let key: (any CodingKey)?
    let parent: CodingPathNode?
    let userInfo: [CodingUserInfoKey: Any]

    init(key: (any CodingKey)?, parent: CodingPathNode?, userInfo: [CodingUserInfoKey: Any]) {
        self.key = key
        self.parent = parent
        self.userInfo = userInfo
    }

    func appending(_ key: any CodingKey) -> CodingPathNode { CodingPathNode(key: key, parent: self, userInfo: userInfo) }

    var path: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node: CodingPathNode? = self
        while let current = node, let key = current.key {
            keys.append(key)
            node = current.parent
        }
        return keys.reversed()
    }
}

/// A key of a coding path that the decoded type did not declare: an unkeyed container's index,
/// or `super`.
struct PathKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) { self.init(index: intValue) }
}

struct TreeDecoder: Decoder {
    let value: JSONValue
    /// The path to the value's container, and the value's key in it: the node of the value's
    /// own path is made only when a container or an error needs it.
    let parent: CodingPathNode
    let key: (any CodingKey)?

    init(value: JSONValue, path: CodingPathNode) {
        self.init(value: value, parent: path, key: nil)
    }

    init(value: JSONValue, parent: CodingPathNode, key: (any CodingKey)?) {
        self.value = value
        self.parent = parent
        self.key = key
    }

    var userInfo: [CodingUserInfoKey: Any] { parent.userInfo }

    var path: CodingPathNode { key.map { parent.appending($0) } ?? parent }
    var codingPath: [any CodingKey] { path.path }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else {
            throw TreeDecoder.mismatch([String: Any].self, value, path)
        }
        return KeyedDecodingContainer(KeyedTreeContainer<Key>(object: object, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let array) = value else { throw TreeDecoder.mismatch([Any].self, value, path) }
        return UnkeyedTreeContainer(array: array, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// `T` from this decoder's value, with `JSONDecoder`'s special cases.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is String.Type: return try decode(String.self) as! T
        case is Int.Type: return try decode(Int.self) as! T
        case is Double.Type: return try decode(Double.self) as! T
        case is Bool.Type: return try decode(Bool.self) as! T
        case is URL.Type:
            let text = try decode(String.self)
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Invalid URL string."))
            }
            return url as! T
        case is Data.Type:
            let text = try decode(String.self)
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "Encountered Data is not valid Base64."))
            }
            return data as! T
        case is Decimal.Type:
            switch value {
            case .int(let number): return Decimal(number) as! T
            case .number(let number): return Decimal(number) as! T
            default: throw TreeDecoder.mismatch(Decimal.self, value, path)
            }
        default:
            return try T(from: self)
        }
    }

    /// The `DecodingError` `JSONDecoder` throws for a value of the wrong kind.
    static func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: CodingPathNode) -> DecodingError {
        if case .null = value {
            return .valueNotFound(
                type,
                .init(codingPath: path.path, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        }
        return .typeMismatch(
            type, .init(codingPath: path.path, debugDescription: "Expected to decode \(type) but found \(kind(value)) instead."))
    }

    static func numberText(_ value: JSONValue) -> String {
        switch value {
        case .int(let number): "\(number)"
        case .number(let number): "\(number)"
        default: kind(value)
        }
    }

    static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "bool"
        case .int, .number: "number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }
}

extension TreeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw Self.mismatch(type, value, path) }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let text) = value else { throw Self.mismatch(type, value, path) }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch value {
        case .number(let number): return number
        case .int(let number): return Double(number)
        default: throw Self.mismatch(type, value, path)
        }
    }

    func decode(_ type: Float.Type) throws -> Float {
        let number = try decode(Double.self)
        guard number.isFinite, abs(number) <= Double(Float.greatestFiniteMagnitude) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "Number \(number) does not fit in \(type)."))
        }
        return Float(number)
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    /// A whole number that fits `T` exactly (`2.0` is 2, `2.5` is not an integer).
    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let fitted: T?
        switch value {
        case .int(let number): fitted = T(exactly: number)
        case .number(let number): fitted = T(exactly: number)
        default: throw Self.mismatch(type, value, path)
        }
        guard let fitted else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath,
                    debugDescription: "Parsed JSON number <\(Self.numberText(value))> does not fit in \(type)."))
        }
        return fitted
    }
}

struct KeyedTreeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: [String: JSONValue]
    let path: CodingPathNode

    var codingPath: [any CodingKey] { path.path }
    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    func child(_ key: Key) throws -> TreeDecoder {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                .init(codingPath: path.path, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return TreeDecoder(value: value, parent: path, key: key)
    }

    // Fast paths for the common cases make no child decoder (and no coding-path node); the
    // child is made only to throw the error.
    func decodeNil(forKey key: Key) throws -> Bool {
        switch object[key.stringValue] {
        case .null?: return true
        case nil: return try child(key).decodeNil()
        default: return false
        }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        switch object[key.stringValue] {
        case .string(let text)?: return text
        case .null?, nil: return nil
        default: return try child(key).decode(type)
        }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        switch object[key.stringValue] {
        case .int(let number)?: return number
        case .null?, nil: return nil
        default: return try child(key).decode(type)
        }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        switch object[key.stringValue] {
        case .number(let number)?: return number
        case .int(let number)?: return Double(number)
        case .null?, nil: return nil
        default: return try child(key).decode(type)
        }
    }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        switch object[key.stringValue] {
        case .bool(let flag)?: return flag
        case .null?, nil: return nil
        default: return try child(key).decode(type)
        }
    }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        if case .bool(let flag)? = object[key.stringValue] { return flag }
        return try child(key).decode(type)
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        // The most common case, without a child decoder unless it fails.
        if case .string(let text)? = object[key.stringValue] { return text }
        return try child(key).decode(type)
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        switch object[key.stringValue] {
        case .number(let number)?: return number
        case .int(let number)?: return Double(number)
        default: return try child(key).decode(type)
        }
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        if case .int(let number)? = object[key.stringValue] { return number }
        return try child(key).decode(type)
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decodeValue(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TreeDecoder(value: object["super"] ?? .null, path: path.appending(PathKey(stringValue: "super")))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TreeDecoder(value: object[key.stringValue] ?? .null, path: path.appending(key))
    }
}

struct UnkeyedTreeContainer: UnkeyedDecodingContainer {
    let array: [JSONValue]
    let path: CodingPathNode
    var currentIndex = 0

    init(array: [JSONValue], path: CodingPathNode) {
        self.array = array
        self.path = path
    }

    var codingPath: [any CodingKey] { path.path }
    var count: Int? { array.count }
    var isAtEnd: Bool { currentIndex >= array.count }

    /// The decoder of the next element, without moving on.
    func next<T>(_ type: T.Type) throws -> TreeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: path.appending(PathKey(index: currentIndex)).path,
                    debugDescription: "Unkeyed container is at end."))
        }
        return TreeDecoder(value: array[currentIndex], parent: path, key: PathKey(index: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard try next(Never.self).decodeNil() else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try next(type).decodeValue(type)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let container = try next([String: Any].self).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try next([Any].self).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try next(Any.self)
        currentIndex += 1
        return decoder
    }
}
