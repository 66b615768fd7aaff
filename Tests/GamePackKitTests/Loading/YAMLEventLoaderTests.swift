import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackContent
@testable import GamePackLint

/// Files are read from libyaml's events when they can be, through Yams's tree otherwise: both
/// ways must give the same tree (values, raw texts, quoting, every location) or the same errors.
@Suite("YAML event loader")
struct YAMLEventLoaderTests {
    /// Whether two nodes are the same, locations included.
    static func same(_ a: SourceNode, _ b: SourceNode) -> Bool {
        guard a.raw == b.raw, a.isQuoted == b.isQuoted, a.location == b.location else { return false }
        switch (a.value, b.value) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y || (x.isNaN && y.isNaN)
        case (.string(let x), .string(let y)): return x == y
        case (.list(let x), .list(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.map(let x), .map(let y)):
            return x.count == y.count
                && zip(x, y).allSatisfy { $0.key == $1.key && $0.keyLocation == $1.keyLocation && same($0.value, $1.value) }
        default: return false
        }
    }

    /// Loads `data` both ways and records an issue when they differ; returns whether the
    /// event loader took the file.
    @discardableResult
    static func compare(_ data: Data, path: String) -> Bool {
        let viaEvents = SourceLoader.load(data: data, path: path, fromEvents: true)
        let viaYams = SourceLoader.load(data: data, path: path, fromEvents: false)
        switch (viaEvents, viaYams) {
        case (.loaded(let a), .loaded(let b)):
            #expect(same(a, b), "\(path)")
        case (.failed(let a), .failed(let b)):
            #expect(a == b, "\(path)")
        default:
            Issue.record("\(path): one way loads, the other fails")
        }
        return String(data: data, encoding: .utf8).flatMap { YAMLEventLoader.load($0, path: path) } != nil
    }

    @Test("every YAML and JSON file of the examples, templates, test fixtures and lint rule examples")
    func repositoryFiles() throws {
        var taken = 0
        var count = 0
        for folder in ["examples", "templates", "Tests"] {
            let root = TestPaths.repoRoot.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
            for case let url as URL in files where ["yaml", "yml", "json"].contains(url.pathExtension) {
                let data = try Data(contentsOf: url)
                guard data.count < 1 << 20 else { continue }
                count += 1
                if Self.compare(data, path: url.lastPathComponent) { taken += 1 }
            }
        }
        // The lint rules' examples: the files their fixtures once repeated.
        for rule in LintRule.allCases {
            for example in rule.definition.examples {
                for (path, text) in example.files where ["yaml", "yml", "json"].contains((path as NSString).pathExtension) {
                    count += 1
                    if Self.compare(Data(text.utf8), path: (path as NSString).lastPathComponent) { taken += 1 }
                }
            }
        }
        #expect(count > 100)
        #expect(taken > count / 2, "the event loader took \(taken) of \(count) files")
    }

    @Test(
        "scalars of every style and kind, flow and block collections, and the files left to Yams",
        arguments: [
            "id: 1\nname: {en: \"Grüße\", nl: 'it''s'}\nlist: [1, -2.5e3, +4, 0x1F, 0o17, .inf, -.Inf, .nan, ~, null, true, False, yes, 1.2.3]\n",
            "text: |\n  line one\n  line two\nfolded: >-\n  a\n  b\nempty:\nquoted: \"\"\nplain key with spaces: v\n\"quoted key\": 2\n",
            "- a\n- - nested\n  - [x, {y: z}]\n- {}\n- []\n",
            "just a scalar\n", "---\nid: 1\n...\n", "# only a comment\n", "", "id: 1\nid: 2\n", "a: &x 1\nb: *x\n",
            "<<: {a: 1}\n", "'<<': 1\n", "? [a, b]\n: 1\n", "a: !!str 5\n", "!!map {a: 1}\n", "--- 1\n--- 2\n",
            "a: [1, 2\n", "a: b: c\n", "a:\n  - 1\n - 2\n", "a: \"\\x41\\u00e9\\t\\0end\"\n", "a: 'x'\n'a': y\n",
            "{\"json\": [1, 2.50, \"s\", null, true], \"n\": {\"k\": -0}}", "a:\r\n  b: 1\r\n",
        ])
    func samples(text: String) {
        Self.compare(Data(text.utf8), path: "content/x/sample.yaml")
    }

    /// Keys are looked up in the map's entries while it is small and in a set from 16 keys
    /// on: a repeated key is left to Yams (which reports it) either way, wherever it is.
    @Test("a repeated key in a small or a large map", arguments: [3, 15, 16, 17, 40])
    func repeatedKeys(keys: Int) throws {
        let distinct = (0..<keys).map { "k\($0): \($0)\n" }.joined()
        #expect(YAMLEventLoader.load(distinct, path: "x.yaml")?.entries?.count == keys)
        for repeated in [0, keys / 2, keys - 1] {
            let text = distinct + "k\(repeated): again\n"
            #expect(YAMLEventLoader.load(text, path: "x.yaml") == nil, "k\(repeated) of \(keys)")
            guard case .failed(let problems) = SourceLoader.load(data: Data(text.utf8), path: "x.yaml") else {
                Issue.record("a repeated key k\(repeated) of \(keys) loaded")
                continue
            }
            #expect(problems.first?.message.contains("duplicate key 'k\(repeated)'") == true)
            #expect(problems.first?.location?.line == keys + 1)
        }
    }
}
