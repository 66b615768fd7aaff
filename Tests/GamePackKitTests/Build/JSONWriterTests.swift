import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackKit

/// The JSON writer's hand-written scanners agree with the grammar and with Python's json module,
/// which the gohike version rule is defined by.
@Suite("JSON writer")
struct JSONWriterTests {
    @Test(
        "JSON numbers are recognised exactly",
        arguments: [
            ("0", true), ("-0", true), ("52.359838386", true), ("4.89", true), ("-12", true), ("1e5", true),
            ("1E+5", true), ("2.5e-3", true), ("1868", true), ("01", false), ("1.", false), (".5", false),
            ("+1", false), ("1e", false), ("1e+", false), ("--1", false), ("", false), ("-", false),
            ("0x10", false), ("1 ", false), (" 1", false), ("1\n", false), ("NaN", false), ("١٢", false),
        ])
    func numbers(text: String, expected: Bool) {
        #expect(JSONWriter.isJSONNumber(text) == expected, "\(text.debugDescription)")
    }

    @Test("strings are escaped byte for byte as json.dumps(ensure_ascii=False) does")
    func escaping() throws {
        let samples = [
            "plain", "", "quote \" and backslash \\", "line\nreturn\r\ntab\tbs\u{08}ff\u{0C}",
            "control \u{01}\u{1F}\u{7F} end", "Grüße, 北京, 🚲 and \u{2028}", String(repeating: "long \"text\" ", count: 20_000),
        ]
        let temp = try TemporaryDirectory()
        let url = temp.url.appendingPathComponent("strings.json")
        let out = try OutputFile(url: url)
        var json = JSONWriter(out)
        try json.beginArray()
        for sample in samples { try json.string(sample) }
        try json.endArray()
        _ = try out.close()
        #expect(try JSONDecoder().decode([String].self, from: Data(contentsOf: url)) == samples)
        let python = try #require(CommandRunner.which("python3"))
        let script = """
            import json, sys
            data = open(sys.argv[1], 'rb').read()
            values = json.loads(data)
            assert json.dumps(values, separators=(',', ':'), ensure_ascii=False).encode() == data, 'bytes differ'
            print(len(values))
            """
        let result = try CommandRunner.run(python, ["-c", script, url.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "\(samples.count)")
    }
}
