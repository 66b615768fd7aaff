import Foundation
import GamePackFormat
import Testing

@Suite("JSON tape")
struct JSONTapeTests {
    static func root(_ text: String) throws -> JSONView { try JSONScanner.tape(Data(text.utf8)).root }

    @Test("lookups compare decoded keys, a repeated key has its last value, as in the tree")
    func lookups() throws {
        let text = #"{"a": 1, "n\u0061me": "x", "a": [2, {"b": null}], "": null, "é": "\u00e9\ud83d\ude00"}"#
        let object = try #require(try Self.root(text).object)
        #expect(object["a"]?.value == .array([.int(2), .object(["b": .null])]))
        #expect(object["name"]?.string == "x")
        #expect(object[""]?.isNull == true)
        #expect(object["é"]?.string == "é😀")
        #expect(object["nam"] == nil && object["b"] == nil)
        #expect(object.memberCount == 5)
        #expect(object.keys == ["a", "name", "", "é"])
        #expect(try Self.root(text).value == (try JSONScanner.parse(Data(text.utf8))))
        if case .object(let tree) = try JSONScanner.parse(Data(text.utf8)) {
            #expect(tree.count == object.keys.count)
            #expect(tree["a"] == object["a"]?.value)
        } else {
            Issue.record("not an object")
        }
    }

    @Test("a tape reads its document after the data it was scanned from is changed or gone, small or large")
    func keepsItsBytes() throws {
        // Under 15 bytes `Data` holds its bytes inline, up to the copied size the tape copies
        // them, above it the tape reads them where the data keeps them.
        for length in [2, 14, 15, 1000, JSONTape.copiedSize, JSONTape.copiedSize + 1, 100_000] {
            let text = String(repeating: "x", count: max(0, length - 9))
            func scanned() throws -> (JSONView, Data) {
                var data = Data("[\"\(text)\", 7]".utf8)
                let root = try JSONScanner.tape(data).root
                data[2] = UInt8(ascii: "y")  // the caller's copy, changed: the tape's is not
                data.append(contentsOf: Array(repeating: 0x20, count: 64))
                return (root, data)
            }
            let (root, changed) = try scanned()
            #expect(changed[2] == UInt8(ascii: "y"))
            let elements = try #require(root.elements)
            #expect(elements[0].string == text, "\(length) bytes")
            #expect(elements[1].int == 7, "\(length) bytes")
        }
    }

    @Test("a string's plain runs end, eight bytes at a time, at its first quote, backslash or control character")
    func plainRuns() throws {
        // Bytes beside the three that end a run (0x21, 0x23, 0x5B, 0x5D, 0x20, 0x7F) and high
        // bytes, whose borrows a word-wide test could take for a mark, at every offset of a word.
        let ends: [UInt8] = [0x22, 0x5C, 0x00, 0x0A, 0x1F]
        let plain: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xFF, 0x41, 0x5A]
        func reference(_ bytes: [UInt8], from start: Int) -> Int {
            bytes[start...].firstIndex { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 } ?? bytes.count
        }
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 31, 64] {
            for trial in 0..<200 {
                var bytes = (0..<length).map { _ in plain.randomElement(using: &generator)! }
                // None, one or two run ends, anywhere.
                for _ in 0..<(trial % 3) where length > 0 {
                    bytes[Int.random(in: 0..<length, using: &generator)] = ends.randomElement(using: &generator)!
                }
                bytes.withUnsafeBufferPointer { buffer in
                    for start in 0...length {
                        let found = JSONScanner.plainRunEnd(buffer, from: start)
                        #expect(found == reference(bytes, from: start), "\(bytes) from \(start)")
                    }
                }
            }
        }
        // Through the scanner: a string ends at its quote, an escape or a control character is
        // seen at any offset.
        for offset in 0..<20 {
            let text = String(repeating: "é", count: offset / 2) + String(repeating: "x", count: offset % 2)
            #expect(try Self.root("[\"\(text)\\n\(text)\", 1]").elements?.first?.string == text + "\n" + text)
            #expect(throws: JSONScanner.Failure.self) { try Self.root("[\"\(text)\u{01}\(text)\"]") }
        }
    }

    @Test("a value's location is its line and its column in bytes, a string's at its quote, asked in any order")
    func locations() throws {
        let text = "{\"a\": [1,\n  {\"é\": \"x\"},\r\n\n  true],\n\"b\": null}\n"
        let root = try Self.root(text)
        let object = try #require(root.object)
        let elements = try #require(object["a"]?.elements)
        let inner = try #require(elements[1].object)
        // Asked last line first: the line starts are found once and serve every later question.
        #expect(object["b"]?.location == JSONLocation(line: 5, column: 6))
        #expect(root.location == JSONLocation(line: 1, column: 1))
        #expect(object.location == JSONLocation(line: 1, column: 1))
        #expect(object["a"]?.location == JSONLocation(line: 1, column: 7))
        #expect(elements[0].location == JSONLocation(line: 1, column: 8))
        #expect(elements[1].location == JSONLocation(line: 2, column: 3))
        // "é" is two bytes: the value's quote is at byte 10 of the line.
        #expect(inner["é"]?.location == JSONLocation(line: 2, column: 10))
        // \r\n ends a line at its \n; the empty line is counted.
        #expect(elements[2].location == JSONLocation(line: 4, column: 3))
        #expect(JSONLocation(line: 4, column: 3).description == "line 4, column 3")
        // The scan's own failures count the same way.
        #expect(JSONScanner.location(of: text.utf8.count, in: Data(text.utf8)) == JSONLocation(line: 6, column: 1))
        #expect(JSONScanner.location(of: 0, in: Data()) == JSONLocation(line: 1, column: 1))
    }

    @Test("elements step over nested containers; scalar reads leaves and empties containers")
    func elements() throws {
        let elements = try #require(try Self.root(#"[[1, [2]], {"a": {"b": 3}}, "s", -1.5, 7, true, false, null, []]"#).elements)
        #expect(elements.count == 9)
        #expect(
            elements.map(\.scalar) == [
                .array([]), .object([:]), .string("s"), .number(-1.5), .int(7), .bool(true), .bool(false), .null, .array([]),
            ])
        #expect(elements[0].value == .array([.int(1), .array([.int(2)])]))
        #expect(elements[1].object?["a"]?.object?["b"]?.value == .int(3))
        #expect(elements[2].object == nil && elements[2].elements == nil && elements[3].string == nil)
        #expect(try Self.root("[]").elements?.isEmpty == true)
        #expect(try Self.root("{}").object?.memberCount == 0)
    }

    /// What the tree-building scanner said before the tape, message for message.
    @Test(
        "bad input fails where and as before",
        arguments: [
            (#"{"a": 1,}"#, "line 1, column 9: expected a key") as (String, String),
            ("[1 2]", "line 1, column 4: expected ',' or ']'"),
            (#""unterminated"#, "line 1, column 14: unterminated string"),
            (#"{"a" 1}"#, "line 1, column 6: expected ':'"),
            ("tru", "line 1, column 1: unexpected end"),
            ("[1] x", "line 1, column 5: unexpected text after the value"),
            ("\"\u{1}\"", "line 1, column 2: control character in a string"),
            ("-", "line 1, column 2: invalid value"),
            ("1e999", "line 1, column 1: invalid number"),
            (#"{"a":nul}"#, "line 1, column 6: invalid literal"),
            ("[", "line 1, column 2: unexpected end"),
            (" ", "line 1, column 2: unexpected end"),
            (#""\x""#, "line 1, column 4: invalid escape"),
            (#""\ud800\u0041""#, "line 1, column 14: invalid surrogate pair"),
            (#""\u12"#, "line 1, column 4: unexpected end"),
            (#"{"a":"\"#, "line 1, column 8: unexpected end"),
            (#""ab\u00zz""#, #"line 1, column 8: invalid \u escape"#),
            (#"["\ud800\udbff"]"#, "line 1, column 15: invalid surrogate pair"),
        ])
    func refused(_ text: String, _ message: String) throws {
        let data = Data(text.utf8)
        let error = #expect(throws: JSONScanner.Failure.self) { _ = try JSONScanner.tape(data) }
        #expect(try #require(error).message(in: data) == message)
    }

    @Test("lone surrogates read as U+FFFD, escaped slashes and controls as themselves")
    func strings() throws {
        let elements = try #require(try Self.root(#"["\ud800", "\udc00x", "a\/b\b\f\n\r\t\"\\", "plain"]"#).elements)
        #expect(elements.map(\.string) == ["\u{FFFD}", "\u{FFFD}x", "a/b\u{8}\u{C}\n\r\t\"\\", "plain"])
    }
}
