import Foundation
import GamePackBuild
import GamePackContent
import GamePackFormat
import GamePackTestSupport
import Testing

@testable import GamePackKit

/// The four formats on the project's gohike fixtures (the iOS bundle → v1): JSON against the
/// committed schema, Markdown's shape, HTML's escaping and images, text's colors.
@Suite("Diff renderers")
struct DiffRendererTests {
    static func report() async throws -> (DiffReport, DiffRenderContext) {
        let before = try await SnapshotLoader.load(.path(DiffTesting.ios))
        let after = try await SnapshotLoader.load(.path(DiffTesting.v1))
        let report = try await DiffEngine.compare(before, after)
        return (report, DiffRenderContext(oldAssets: before.assets, newAssets: after.assets))
    }

    static func validate(_ json: String, in temp: TemporaryDirectory) throws -> CommandResult {
        let file = try temp.write(json, to: "report.json")
        let schema = TestPaths.repoRoot.appendingPathComponent("docs/diff-report.schema.json")
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); doc = json.load(open(sys.argv[2]))
            jsonschema.Draft7Validator.check_schema(schema)
            errors = list(jsonschema.Draft7Validator(schema).iter_errors(doc))
            for e in errors: print(list(e.path), e.message)
            sys.exit(1 if errors else 0)
            """
        return try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, schema.path, file.path])
    }

    @Test("text, Markdown and JSON match their golden files", arguments: [DiffFormat.text, .markdown, .json])
    func golden(_ format: DiffFormat) async throws {
        let (report, context) = try await Self.report()
        let output = format.renderer.render(report, context: context)
            .replacingOccurrences(of: TestPaths.repoRoot.path, with: "<repo>")
        let golden = TestPaths.fixtures("GamePackKitTests").appendingPathComponent("golden/diff-gohike.\(format.rawValue)")
        let difference = try Golden.compare(output, to: golden)
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test("JSON is byte for byte what JSONEncoder writes of the report, on every kind of member and value")
    func jsonAsEncoded() async throws {
        let (small, context) = try await Self.report()
        #expect(!small.items.isEmpty)
        func check(_ report: DiffReport) throws -> String {
            let written = DiffJSONRenderer().render(report, context: context)
            let encoded = try DiffJSONRenderer.encoder().encode(report)
            #expect(written == String(decoding: encoded, as: UTF8.self) + "\n")
            return written
        }
        #expect(try DiffJSONRenderer.decode(try check(small)) == small)
        // Every item of the fixtures' report many times over, under new ids, with every
        // optional member set and unset by turns and values of every kind, escapes and
        // non-ASCII texts among them.
        var random = SeededRandom(34)
        var report = small
        report.items = (0..<60).flatMap { copy in
            small.items.map { item in Self.varied(item, copy: copy, random: &random) }
        }
        report.byCollection["Zoë/é"] = ChangeCounts()
        report.byCollection["B10"] = report.totals
        report.warnings += ["new: \u{1}\u{1F}\u{7F} \"quoted\" \\ back/slash\r\n\t\u{8}\u{C}", ""]
        report.old.project = nil
        report.new.version = nil
        report.minimumClientFormat = ClientFormatChange(old: 1, new: 2)
        report.coverage.append(
            CoverageChange(
                locale: "fr", old: Coverage(translated: 1, total: 3), new: Coverage(translated: 0, total: 0), newlyStale: 0))
        // (Not read back: NaN and a whole number written as an integer do not decode the same.)
        #expect(try check(report).contains("\"meters\" : \"NaN\""))
        report.items = []
        report.byCollection = [:]
        report.warnings = []
        _ = try check(report)
    }

    /// `item` under a new id with its optional members and values varied by `copy` and `random`.
    static func varied(_ item: ItemChange, copy: Int, random: inout SeededRandom) -> ItemChange {
        var item = item
        item.id = "\(item.id)-\(copy)"
        item.title = copy % 3 == 0 ? nil : copy % 7 == 0 ? "Café “\(copy)” \n\t/\u{2028}" : item.title
        item.reason = copy % 4 == 1 ? "because \"\(copy)\"" : nil
        item.referencedBy = copy % 5 == 2 ? [] : copy % 5 == 3 ? ["routes/\(copy)", "profiles/1"] : nil
        item.renumberedFrom = copy % 6 == 4 || copy % 6 == 0 ? "\(copy + 1)" : nil
        item.renumberedTo = copy % 6 == 5 || copy % 6 == 0 ? "\(copy + 2)" : nil
        if copy % 8 == 7 { item.changes = [] }
        for index in item.changes.indices {
            var change = item.changes[index]
            change.old = copy % 2 == 0 ? Self.randomValue(depth: 0, random: &random) : change.old
            change.new = copy % 3 == 1 ? nil : Self.randomValue(depth: 0, random: &random)
            let doubles: [Double] = [.nan, .infinity, -.infinity, -0.0, 1e15, 1e21, 1e-5, 0.1 + 0.2, 12.5, 3]
            change.meters = copy % 2 == 1 ? doubles[(copy + index) % doubles.count] : nil
            change.staleTranslations = copy % 4 == 3 ? ["nl", "fr"] : copy % 4 == 2 ? [] : nil
            change.words = copy % 5 == 0 ? [WordSegment(.equal, "a \"b\""), WordSegment(.insert, "ç\n")] : nil
            change.list =
                copy % 5 == 1
                ? ListChange(
                    inserted: [.init(key: "1", from: nil, to: 2)], removed: [.init(key: "x", from: 3, to: nil)],
                    moved: [.init(key: "y", from: 1, to: 4), .init(key: "", from: nil, to: nil)])
                : change.list
            item.changes[index] = change
        }
        return item
    }

    /// A JSON value of any kind, containers up to three deep, keys in no order.
    static func randomValue(depth: Int, random: inout SeededRandom) -> JSONValue {
        let texts = ["", "a", "B", "é", "Zoë", "\u{0}\u{9}\"\\/", "10", "9", "aa", "a\u{1F600}", "A"]
        switch Int(random.next() % (depth < 3 ? 9 : 7)) {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2: return .int(Int(truncatingIfNeeded: random.next()) >> Int(random.next() % 64))
        case 3:
            let doubles: [Double] = [0.5, -0.0, 2, 1e15, 1e16, 123456.789, .nan, .infinity, -1e-7, 4e300]
            return .number(doubles[Int(random.next() % UInt64(doubles.count))])
        case 4, 5, 6: return .string(texts[Int(random.next() % UInt64(texts.count))])
        case 7: return .array((0..<Int(random.next() % 4)).map { _ in randomValue(depth: depth + 1, random: &random) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int(random.next() % 5) {
                members[texts[Int(random.next() % UInt64(texts.count))]] = randomValue(depth: depth + 1, random: &random)
            }
            return .object(members)
        }
    }

    @Test("JSON validates against docs/diff-report.schema.json and reads back", .tags(.python), .requires(.jsonschema))
    func jsonSchema() async throws {
        let (report, context) = try await Self.report()
        let json = DiffJSONRenderer().render(report, context: context)
        let temp = try TemporaryDirectory()
        let result = try Self.validate(json, in: temp)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(try DiffJSONRenderer.decode(json) == report)
        // The contract's core keys, as a CI script reads them.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]])
        let route = try #require(items.first { $0["collection"] as? String == "routes" && $0["id"] as? String == "1" })
        #expect(route["change"] as? String == "modified")
        #expect(route["class"] as? String == "breaking")
        #expect(route["fields"] as? [String] == ["image", "waypoints"])
        let totals = try #require(object["totals"] as? [String: Any])
        #expect((totals["classes"] as? [String: Int])?["breaking"] == 1)
    }

    @Test("the schema check catches a report that breaks the contract", .tags(.python), .requires(.jsonschema))
    func jsonSchemaCatchesErrors() throws {
        let temp = try TemporaryDirectory()
        let result = try Self.validate(
            #"{"schema": "https://gamepack.dev/schemas/diff-report-1.json", "items": [{"id": 1}]}"#, in: temp)
        #expect(result.status == 1)
    }

    @Test("a generated pair with every class validates too", .tags(.python), .requires(.jsonschema))
    func jsonSchemaGenerated() async throws {
        let temp = try TemporaryDirectory()
        let (a, b, _) = try DiffTesting.generatedPair(in: temp, arguments: ["--items", "0.2", "--images", "0.2"])
        let report = try await DiffTesting.diff(a.path, b.path)
        let result = try Self.validate(DiffJSONRenderer().render(report, context: .init()), in: temp)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test("Markdown: summary table first, details collapsed per collection")
    func markdown() async throws {
        let (report, context) = try await Self.report()
        let markdown = DiffMarkdownRenderer().render(report, context: context)
        let table = try #require(markdown.range(of: "| collection | added | removed | modified |"))
        let details = try #require(markdown.range(of: "<details><summary><b>locations</b>"))
        #expect(table.lowerBound < details.lowerBound)
        #expect(markdown.contains("⚠️ **1 breaking change**"))
        #expect(markdown.contains("| **total** | 7 | 0 | 4 | 1 | 9 | 0 | 1 | 0 |"))
        #expect(markdown.components(separatedBy: "<details>").count == markdown.components(separatedBy: "</details>").count)
        #expect(markdown.contains("- modified `routes/1` Park Loop · **breaking**"))
    }

    @Test("Markdown and HTML escape content; HTML embeds before/after images as data: URIs")
    func escaping() async throws {
        let temp = try TemporaryDirectory()
        let old = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "old")
        let new = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "new")
        let file = new.appendingPathComponent("content/locations/3.yaml")
        let text = try String(contentsOf: file, encoding: .utf8)
        try Data(
            text.replacingOccurrences(of: "en: \"Marie Heinekenplein\"", with: "en: \"<script>alert('x')</script> | *A*\"").utf8
        ).write(to: file)
        try FileManager.default.removeItem(at: new.appendingPathComponent("assets/photos/rai-congress-center.jpg"))
        try FileManager.default.copyItem(
            at: new.appendingPathComponent("assets/routes/green-trail.jpg"),
            to: new.appendingPathComponent("assets/photos/rai-congress-center.jpg"))
        let before = try await SnapshotLoader.load(.path(old.path))
        let after = try await SnapshotLoader.load(.path(new.path))
        let report = try await DiffEngine.compare(before, after)
        let context = DiffRenderContext(oldAssets: before.assets, newAssets: after.assets)
        let page = DiffHTMLRenderer().render(report, context: context)
        #expect(!page.contains("<script>"))
        #expect(page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(page.components(separatedBy: "src=\"data:image/jpeg;base64,").count == 3)
        #expect(!page.contains("http://") && !page.contains("https://"))
        let markdown = DiffMarkdownRenderer().render(report, context: context)
        #expect(!markdown.contains("<script>"))
        #expect(markdown.contains("\\| \\*A\\*"))
    }

    @Test("a long text's changed words read as runs, a rewritten one as before and after, in all four formats")
    func wordDiffRuns() async throws {
        let temp = try TemporaryDirectory()
        func setDescription(_ side: String, _ file: String, _ text: String) throws {
            let url = temp.url.appendingPathComponent("\(side)/content/locations/\(file)")
            var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            let index = try #require(lines.firstIndex(of: "description:"))
            lines[index + 1] = "  en: \"\(text)\""
            try Data(lines.joined(separator: "\n").utf8).write(to: url)
        }
        for side in ["old", "new"] { _ = try temp.copy(TestPaths.example("gohike-amsterdam"), as: side) }
        let sentence = "The hall was built in 1961 by %@ and it still hosts fairs in every month of the year."
        try setDescription("old", "1.yaml", sentence.replacingOccurrences(of: "%@", with: "the city council together,"))
        try setDescription("new", "1.yaml", sentence.replacingOccurrences(of: "%@", with: "a private company,"))
        let before = "Open daily from nine to five, with guided tours on Sundays and a cafe on the roof terrace."
        let after = "Closed for renovation until the spring of next year; the collection is shown elsewhere."
        try setDescription("old", "3.yaml", before)
        try setDescription("new", "3.yaml", after)
        let oldSide = try await SnapshotLoader.load(.path(temp.url.appendingPathComponent("old").path))
        let newSide = try await SnapshotLoader.load(.path(temp.url.appendingPathComponent("new").path))
        let report = try await DiffEngine.compare(oldSide, newSide)
        let context = DiffRenderContext()

        let text = DiffTextRenderer().render(report, context: context)
        #expect(
            text.contains("      The hall was built in 1961 by [-the city council together,-]{+a private company,+} and it"),
            "\(text)")
        #expect(text.contains("      before: \(before)\n      after:  \(after)\n"), "\(text)")
        let markdown = DiffMarkdownRenderer().render(report, context: context)
        #expect(markdown.contains("by <del>the city council together,</del><ins>a private company,</ins> and"), "\(markdown)")
        #expect(markdown.contains("<blockquote><b>before:</b> \(before)</blockquote>"), "\(markdown)")
        #expect(markdown.contains("<blockquote><b>after:</b> \(after)</blockquote>"), "\(markdown)")
        let html = DiffHTMLRenderer().render(report, context: context)
        #expect(html.contains("by <del>the city council together,</del><ins>a private company,</ins> and"))
        #expect(html.contains("<blockquote class=\"before\"><b>before:</b> \(before)</blockquote>"), "\(html)")
        #expect(html.contains("<blockquote class=\"after\"><b>after:</b> \(after)</blockquote>"))
        let json = try DiffJSONRenderer.decode(DiffJSONRenderer().render(report, context: context))
        let words = json.items.flatMap(\.changes).compactMap(\.words)
        #expect(
            words.contains {
                $0.contains(WordSegment(.delete, "the city council together,"))
                    && $0.contains(WordSegment(.insert, "a private company,"))
            })
        #expect(words.contains([WordSegment(.delete, before), WordSegment(.insert, after)]))
    }

    @Test("text: colors only when asked; word diff marks")
    func text() async throws {
        let (report, context) = try await Self.report()
        let plain = DiffTextRenderer().render(report, context: context)
        #expect(!plain.contains("\u{1B}["))
        #expect(plain.contains("~ routes/1 \"Park Loop\" modified [breaking]"))
        #expect(plain.contains("    waypoints: inserted locations 3 at 1; moved locations 2 from 1 to 3"))
        var colored = context
        colored.color = true
        #expect(DiffTextRenderer().render(report, context: colored).contains("\u{1B}[1;31m[breaking]"))
    }
}
