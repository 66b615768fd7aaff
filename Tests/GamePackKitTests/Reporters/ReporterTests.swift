import Foundation
import GamePackBuild
import GamePackContent
import GamePackLint
import GamePackTestSupport
import Testing

/// Reporter outputs compared to golden files in `Fixtures/golden/` (re-record with
/// `GAMEPACK_RECORD=1 swift test`), and checked against the formats' own validators.
@Suite("Reporters")
struct ReporterTests {
    static let fixtures = TestPaths.fixtures("GamePackKitTests")

    /// A project with an error with a fix, an error with a note, a warning on a line, a
    /// file-only warning, and characters every format must escape.
    static func findings() async throws -> ([Diagnostic], ReportContext, TemporaryDirectory) {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(fixtures.appendingPathComponent("lint/base"), as: "project")
        try temp.write(
            "id: 1\nname: {en: Art Lover, nl: Art Lover}\nimage: badges/art-lover.png\n\"odd, key: <c> & 'd' 100%\": 1\n",
            to: "project/content/rewards/1.yaml")
        try temp.write(
            "id: 2\nname: {en: Copy, nl: Kopie}\nposition: {latitude: 52.36, longitude: 4.88}\n",
            to: "project/content/locations/2b.yaml")
        try temp.write("x", to: "project/assets/unused file.txt")
        let loaded = try await Project.load(at: project)
        let diagnostics = await Linter.lint(loaded)
        let context = ReportContext(
            pathPrefix: "project/", checkedFiles: [Project.configFile] + loaded.contentFiles, sources: loaded.sources)
        return (diagnostics, context, temp)
    }

    @Test("each format matches its golden file", arguments: OutputFormat.allCases)
    func golden(_ format: OutputFormat) async throws {
        let (diagnostics, context, temp) = try await Self.findings()
        defer { withExtendedLifetime(temp) {} }
        #expect(diagnostics.map(\.rule).sorted() == ["duplicate-id", "identical-translation", "unknown-field", "unused-asset"])
        let output = format.reporter(rules: LintRule.allCases).report(diagnostics, context: context)
        let golden = Self.fixtures.appendingPathComponent("golden/lint.\(format.rawValue)")
        let difference = try Golden.compare(output, to: golden)
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test("text format colors only when asked, and reports a clean run")
    func textColorsAndClean() async throws {
        let (diagnostics, context, temp) = try await Self.findings()
        defer { withExtendedLifetime(temp) {} }
        var colored = context
        colored.color = true
        #expect(TextReporter().report(diagnostics, context: colored).contains("\u{1B}[1;31merror"))
        #expect(!TextReporter().report(diagnostics, context: context).contains("\u{1B}["))
        #expect(TextReporter().report([], context: context) == "No problems found in 10 files.\n")
    }

    @Test("SARIF validates against the SARIF 2.1.0 JSON schema", .tags(.python), .requires(.jsonschema))
    func sarifSchema() async throws {
        let (diagnostics, context, temp) = try await Self.findings()
        let sarif = temp.url.appendingPathComponent("lint.sarif")
        try Data(SARIFReporter(rules: LintRule.allCases).report(diagnostics, context: context).utf8).write(to: sarif)
        let schema = TestPaths.standards.appendingPathComponent("sarif-schema-2.1.0.json")
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); doc = json.load(open(sys.argv[2]))
            jsonschema.Draft4Validator.check_schema(schema)
            errors = list(jsonschema.Draft4Validator(schema).iter_errors(doc))
            for e in errors: print(list(e.path), e.message)
            assert len(doc["runs"][0]["results"]) == 4
            sys.exit(1 if errors else 0)
            """
        let result = try CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, schema.path, sarif.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test("a SARIF document that breaks the schema is caught by the same check", .tags(.python), .requires(.jsonschema))
    func sarifSchemaCatchesErrors() throws {
        let temp = try TemporaryDirectory()
        let bad = try temp.write(#"{"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]}"#, to: "bad.sarif")
        let schema = TestPaths.standards.appendingPathComponent("sarif-schema-2.1.0.json")
        let result = try CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", "-c",
                "import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])))",
                schema.path, bad.path,
            ])
        #expect(result.status != 0)
    }

    @Test("JUnit output is well-formed XML with one failure per error")
    func junitWellFormed() async throws {
        let (diagnostics, context, temp) = try await Self.findings()
        let file = try temp.write(JUnitReporter().report(diagnostics, context: context), to: "lint.xml")
        let script = """
            import sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            print(len(root.findall('.//failure')), len(root.findall('.//testcase')))
            """
        let result = try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "2 11\n")
    }

    @Test("GitHub annotations escape newlines, commas and colons")
    func githubEscaping() {
        let d = Diagnostic(
            severity: .warning, rule: "r", message: "100% a\nb", location: SourceLocation(file: "a,b:c.yaml", line: 2, column: 3))
        let out = GitHubReporter().report([d], context: ReportContext(pathPrefix: "", checkedFiles: []))
        #expect(out == "::warning file=a%2Cb%3Ac.yaml,line=2,col=3,title=gamepack [r]::100%25 a%0Ab\n")
    }
}
