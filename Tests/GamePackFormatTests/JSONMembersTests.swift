import Foundation
import GamePackFormat
import Testing

@Suite("JSON members read by place")
struct JSONMembersTests {
    static func object(_ text: String) throws -> JSONObjectView {
        try #require(try JSONScanner.tape(Data(text.utf8)).root.object)
    }

    static let keys = JSONKeys(["id", "name", "list", "child", "last"])
    static let probes = ["id", "name", "list", "child", "last", "", "nam", "names", "other"]

    /// Each probe key gives, read by place, what the object's scan gives: the same token, told
    /// by its value and where it is written.
    static func expectSameAsScan(_ text: String, matched: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let object = try Self.object(text)
        let members = JSONMembers(object, expecting: Self.keys)
        #expect(members.hasKeys(inOrder: Self.keys.names) == matched, sourceLocation: sourceLocation)
        for key in Self.probes {
            let placed = members[key]
            let scanned = object[key]
            #expect((placed == nil) == (scanned == nil), "\(key) in \(text)", sourceLocation: sourceLocation)
            if let placed, let scanned {
                #expect(placed.value == scanned.value, "\(key) in \(text)", sourceLocation: sourceLocation)
                #expect(placed.location == scanned.location, "\(key) in \(text)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("the expected keys in order give each value by place, containers stepped over")
    func matchedObject() throws {
        let text = #"{"id": 7, "name": "a", "list": [1, [2, {"id": 3}], {}], "child": {"id": 9, "name": "b"}, "last": null}"#
        try Self.expectSameAsScan(text, matched: true)
        let members = JSONMembers(try Self.object(text), expecting: Self.keys)
        #expect(members["id"]?.int == 7)
        #expect(members["child"]?.object?["id"]?.int == 9)
        #expect(members["last"]?.isNull == true)
        // A key the object does not have is absent, whatever the nested objects hold.
        #expect(members["other"] == nil)
    }

    @Test("other objects are read by the scan: keys reordered, missing, added, repeated or escaped")
    func unmatchedObjects() throws {
        let objects = [
            #"{"name": "a", "id": 7, "list": [], "child": {}, "last": 1}"#,  // reordered
            #"{"id": 7, "name": "a", "list": [], "child": {}}"#,  // one missing
            #"{"id": 7, "name": "a", "list": [], "child": {}, "last": 1, "other": 2}"#,  // one more
            #"{"id": 7, "name": "a", "list": [], "child": {}, "id": 8}"#,  // repeated: the last value
            #"{"id": 7, "n\u0061me": "a", "list": [], "child": {}, "last": 1}"#,  // escaped, same text
            #"{"id": 7, "nam": "a", "list": [], "child": {}, "last": 1}"#,  // a key one byte short
            #"{"id": 7, "namf": "a", "list": [], "child": {}, "last": 1}"#,  // same length, other bytes
            #"{}"#,
        ]
        for text in objects { try Self.expectSameAsScan(text, matched: false) }
        let repeated = JSONMembers(try Self.object(objects[3]), expecting: Self.keys)
        #expect(repeated["id"]?.int == 8)
    }

    @Test("an integer is read from its bytes as the scan's tree reads it; other values are not integers")
    func integers() throws {
        let values = ["0", "-0", "7", "-12", "9223372036854775807", "-9223372036854775808"]
        for text in values {
            let view = try JSONScanner.tape(Data("[\(text)]".utf8)).root.elements![0]
            #expect(view.int == Int(text), "\(text)")
            #expect(view.value == .int(Int(text)!), "\(text)")
        }
        // Too large for Int (a number in the tree), a fraction, an exponent, a string of digits.
        for text in ["9223372036854775808", "-9223372036854775809", "1.0", "1e3", "\"12\"", "null", "true"] {
            let view = try JSONScanner.tape(Data("[\(text)]".utf8)).root.elements![0]
            #expect(view.int == nil, "\(text)")
        }
    }
}
