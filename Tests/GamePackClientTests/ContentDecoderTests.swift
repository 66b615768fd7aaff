import Foundation
import GamePackFormat
import Testing

@testable import GamePackClient

/// The offline queries' decoder must decode what `JSONDecoder` decodes, to the same values, and
/// fail where it fails, with the same kind of error at the same coding path.
@Suite("ContentDecoder agrees with JSONDecoder")
struct ContentDecoderTests {
    struct Everything: Codable, Equatable {
        enum Kind: String, Codable { case food, drinks }
        struct Inner: Codable, Equatable {
            var name: String
            var note: String?
        }
        var id: Int
        var small: Int8
        var unsigned: UInt16
        var big: Int64
        var ratio: Double
        var single: Float
        var flag: Bool
        var text: String
        var kind: Kind
        var missing: String?
        var null: Int?
        var list: [Int]
        var nested: [[String]]
        var inner: Inner
        var inners: [Inner]
        var map: [String: Double]
        var byNumber: [Int: String]
        var url: URL
        var blob: Data
        var when: Date
        var amount: Decimal
        var whole: Int
    }

    static let everything = #"""
        {"id": 12, "small": -5, "unsigned": 65535, "big": 9007199254740993, "ratio": 0.1,
         "single": 2.5, "flag": true, "text": "caf\u00e9 \"quoted\" \ud83d\ude00", "kind": "drinks",
         "null": null, "list": [1, 2, 3], "nested": [["a"], [], ["b", "c"]],
         "inner": {"name": "x", "note": "y"}, "inners": [{"name": "p"}, {"name": "q", "note": null}],
         "map": {"a": 1, "b": 2.25}, "byNumber": {"1": "one", "20": "twenty"},
         "url": "https://example.org/a?b=c", "blob": "aGVsbG8=", "when": 700000000.5, "amount": 12.5,
         "whole": 3.0}
        """#

    func both<T: Decodable & Equatable>(_ type: T.Type, _ json: String) throws -> (T, T) {
        let data = Data(json.utf8)
        let expected = try JSONDecoder().decode(type, from: data)
        let actual = try ContentDecoder().decode(type, from: try JSONScanner.parse(data))
        return (expected, actual)
    }

    @Test("every kind of field decodes to the value JSONDecoder gives")
    func sameValues() throws {
        let (expected, actual) = try both(Everything.self, Self.everything)
        #expect(actual == expected)
        #expect(actual.big == 9_007_199_254_740_993)
        #expect(actual.text == "café \"quoted\" 😀")
        #expect(actual.inners[1].note == nil)
        #expect(actual.blob == Data("hello".utf8))
        #expect(actual.whole == 3)
    }

    /// The error JSONDecoder throws and the one ContentDecoder throws, as case and path.
    func errors<T: Decodable>(_ type: T.Type, _ json: String) -> (String, String) {
        func describe(_ error: (any Error)?) -> String {
            switch error as? DecodingError {
            case .typeMismatch(_, let context)?: "typeMismatch at \(context.codingPath.map(\.stringValue))"
            case .valueNotFound(_, let context)?: "valueNotFound at \(context.codingPath.map(\.stringValue))"
            case .keyNotFound(let key, let context)?:
                "keyNotFound \(key.stringValue) at \(context.codingPath.map(\.stringValue))"
            case .dataCorrupted(let context)?: "dataCorrupted at \(context.codingPath.map(\.stringValue))"
            default: "no DecodingError: \(String(describing: error))"
            }
        }
        let data = Data(json.utf8)
        var expected: (any Error)?
        var actual: (any Error)?
        do { _ = try JSONDecoder().decode(type, from: data) } catch { expected = error }
        do { _ = try ContentDecoder().decode(type, from: try JSONScanner.parse(data)) } catch { actual = error }
        return (describe(expected), describe(actual))
    }

    @Test(
        "bad items fail as they fail with JSONDecoder",
        arguments: [
            (#"{"name": 3}"#, "a number for a string"),
            (#"{"note": "y"}"#, "a missing key"),
            (#"{"name": null}"#, "null for a string"),
            (#"[]"#, "an array for an object"),
        ])
    func sameErrors(json: String, what: String) {
        let (expected, actual) = errors(Everything.Inner.self, json)
        #expect(actual == expected, "\(what)")
        #expect(!actual.hasPrefix("no DecodingError"), "\(what)")
    }

    @Test("nested failures name the same coding path")
    func nestedPaths() {
        struct Outer: Decodable {
            var inners: [Everything.Inner]
            var small: Int8
        }
        for json in [
            #"{"inners": [{"name": "a"}, {"name": 1}], "small": 1}"#,
            #"{"inners": [{"name": "a"}, {}], "small": 1}"#,
            #"{"inners": [], "small": 300}"#,
            #"{"inners": [], "small": 1.5}"#,
        ] {
            let (expected, actual) = errors(Outer.self, json)
            if expected.hasPrefix("dataCorrupted") {
                // JSONDecoder names the containing object's path for a number that does not
                // fit; ContentDecoder names the field's own, which says more.
                #expect(actual == #"dataCorrupted at ["small"]"#, "\(json)")
            } else {
                #expect(actual == expected, "\(json)")
            }
        }
    }
}
