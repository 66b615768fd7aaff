import Foundation
import GamePackBuild
import GamePackContent
import GamePackLint
import GamePackTestSupport
import Testing

/// The lint reports as their consumers read them: sarif-tools and the SARIF 2.1.0 schema (what
/// code scanning checks), junitparser (what test dashboards count), for ordinary and hostile
/// projects; and SARIF fingerprints that survive an edit above the finding.
@Suite("Reporters: read by sarif-tools, the SARIF schema and junitparser")
struct ReportConsumerTests {
    /// Runs `python3 -c script arguments…`, expecting success; returns its standard output.
    static func python(_ script: String, _ arguments: [String]) throws -> String {
        let result = try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script] + arguments)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        return result.stdout
    }

    /// A project whose names are hostile to XML and to line-based formats: a file name with
    /// `]]>`, `&` and `<`, a field name with a newline, `]]>` and control characters, an id
    /// with control characters.
    static func hostile() async throws -> ([Diagnostic], ReportContext, TemporaryDirectory) {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.fixtures("GamePackKitTests").appendingPathComponent("lint/base"), as: "project")
        try temp.write(
            "id: \"x]]>\\u0001\\n\\u001b[31m\"\nname: {en: \"]]><![CDATA[\", nl: \"a\\u0007b\"}\n\"bad\\nkey]]>\\u0002\\u000b\": 1\n",
            to: "project/content/rewards/a]]>&<b>.yaml")
        let loaded = try await Project.load(at: project)
        let diagnostics = await Linter.lint(loaded)
        let context = ReportContext(
            pathPrefix: "project/", checkedFiles: [Project.configFile] + loaded.contentFiles, sources: loaded.sources)
        return (diagnostics, context, temp)
    }

    /// Checks a SARIF file with the SARIF 2.1.0 schema and sarif-tools; returns sarif-tools'
    /// records as `rule|line|location` lines.
    static func checkSARIF(_ file: URL) throws -> [String] {
        let schema = TestPaths.standards.appendingPathComponent("sarif-schema-2.1.0.json")
        let script = """
            import json, sys, jsonschema
            from sarif import loader
            schema = json.load(open(sys.argv[1])); doc = json.load(open(sys.argv[2]))
            errors = list(jsonschema.Draft4Validator(schema).iter_errors(doc))
            for e in errors: print("schema:", list(e.path), e.message)
            sarif = loader.load_sarif_file(sys.argv[2])
            assert sarif.get_result_count() == len(doc["runs"][0]["results"])
            for record in sarif.get_records():
                print(record["Code"].split(" ")[0], record["Line"], record["Location"], sep="|")
            sys.exit(1 if errors else 0)
            """
        return try python(script, [schema.path, file.path]).split(separator: "\n").map(String.init)
    }

    @Test(
        "sarif-tools and the schema read every result with a line, unused-asset included",
        .tags(.python), .requires(.sarifTools, .jsonschema))
    func sarifTools() async throws {
        let (diagnostics, context, temp) = try await ReporterTests.findings()
        let file = try temp.write(SARIFReporter(rules: LintRule.allCases).report(diagnostics, context: context), to: "lint.sarif")
        let records = try Self.checkSARIF(file)
        #expect(records.count == diagnostics.count, "\(records)")
        #expect(records.contains("unused-asset|1|project/assets/unused%20file.txt"), "\(records)")
        // No record lacks its line (sarif-tools writes 1 for a missing region, so compare with the findings).
        for d in diagnostics where d.location?.hasPosition == true {
            #expect(records.contains { $0.hasPrefix("\(d.rule)|\(d.location!.line)|") }, "\(d) in \(records)")
        }
    }

    /// `ruleId → fingerprint` and `ruleId → startLine` of a SARIF report.
    static func fingerprints(_ report: String) throws -> (prints: [String: String], lines: [String: Int]) {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        let results = try #require((json["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        var prints: [String: String] = [:]
        var lines: [String: Int] = [:]
        for result in results {
            let rule = try #require(result["ruleId"] as? String)
            prints[rule] = (result["partialFingerprints"] as? [String: String])?[SARIFReporter.fingerprintKey]
            let region = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"]
            lines[rule] = (region as? [String: Any])?["startLine"] as? Int
        }
        return (prints, lines)
    }

    @Test("SARIF fingerprints stay when lines are inserted above the findings, and differ between findings")
    func fingerprintsSurviveEdits() async throws {
        let (diagnostics, context, temp) = try await ReporterTests.findings()
        let before = try Self.fingerprints(SARIFReporter(rules: LintRule.allCases).report(diagnostics, context: context))
        #expect(before.prints.count == 4 && Set(before.prints.values).count == 4, "\(before.prints)")
        #expect(before.prints.values.allSatisfy { $0.count == 64 })
        // Two comment lines above everything in both content files with findings.
        for file in ["project/content/rewards/1.yaml", "project/content/locations/2b.yaml"] {
            let url = temp.url.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            try ("# an edit above\n# and another\n" + text).write(to: url, atomically: true, encoding: .utf8)
        }
        let project = try await Project.load(at: temp.url.appendingPathComponent("project"))
        let again = await Linter.lint(project)
        let after = try Self.fingerprints(SARIFReporter(rules: LintRule.allCases).report(again, context: context))
        #expect(after.prints == before.prints)
        // The lines did move: the fingerprints do not depend on them.
        for rule in ["duplicate-id", "identical-translation", "unknown-field"] {
            #expect(after.lines[rule] == before.lines[rule].map { $0 + 2 }, "\(rule)")
        }
        // The fingerprint names the item and field: another field with the same finding differs.
        let identical = try #require(again.first { $0.rule == "identical-translation" })
        #expect(identical.item == "rewards/1" && identical.field == "name.nl", "\(identical)")
    }

    @Test("in a list file a finding names its own item and field, and keeps its fingerprint when an item is inserted above")
    func fingerprintsInListFiles() async throws {
        let temp = try TemporaryDirectory()
        let root = try temp.copy(TestPaths.fixtures("GamePackKitTests").appendingPathComponent("lint/base"), as: "project")
        let file = root.appendingPathComponent("content/phrases/phrases.yaml")
        let original = try String(contentsOf: file, encoding: .utf8)
        try (original + "\n- id: 3\n  text: {en: Pivot, nl: Pivot}\n").write(to: file, atomically: true, encoding: .utf8)
        let context = ReportContext(pathPrefix: "", checkedFiles: [])
        let before = await Linter.lint(try await Project.load(at: root))
        let finding = try #require(before.first { $0.rule == "identical-translation" })
        #expect(finding.item == "phrases/3" && finding.field == "text.nl", "\(finding)")
        let prints = try Self.fingerprints(SARIFReporter(rules: LintRule.allCases).report(before, context: context))
        // A new first item moves every line below it.
        try ("- id: 0\n  text: {en: Synergy, nl: Synergie}\n" + original + "\n- id: 3\n  text: {en: Pivot, nl: Pivot}\n")
            .write(to: file, atomically: true, encoding: .utf8)
        let after = await Linter.lint(try await Project.load(at: root))
        let moved = try #require(after.first { $0.rule == "identical-translation" })
        #expect(moved.location!.line == finding.location!.line + 2)
        #expect(
            try Self.fingerprints(SARIFReporter(rules: LintRule.allCases).report(after, context: context)).prints == prints.prints
        )
    }

    /// junitparser's view of a report: per suite `tests failures` as written and as recounted
    /// from the cases, then each case's `file|line|failures`.
    static func junitparser(_ file: URL) throws -> [String] {
        let script = """
            import sys
            from junitparser import JUnitXml, Failure
            xml = JUnitXml.fromfile(sys.argv[1])
            for suite in xml:
                written = (suite.tests, suite.failures)
                failing = sum(1 for case in suite if any(isinstance(r, Failure) for r in case.result))
                suite.update_statistics()
                print("suite", *written, suite.tests, suite.failures, failing)
                for case in suite:
                    print(case._elem.get("file"), case._elem.get("line"), sum(isinstance(r, Failure) for r in case.result), sep="|")
            """
        return try python(script, [file.path]).split(separator: "\n").map(String.init)
    }

    @Test(
        "junitparser: failures counts the failing test cases, and every file's case names its file and line",
        .tags(.python), .requires(.junitparser))
    func junitCounts() async throws {
        let (diagnostics, context, temp) = try await ReporterTests.findings()
        // A second error in a file that already fails: still one failing case.
        var more = diagnostics
        let first = try #require(diagnostics.first { $0.severity == .error })
        more.append(Diagnostic(severity: .error, rule: "pattern", message: "another", location: first.location))
        let file = try temp.write(JUnitReporter().report(more, context: context), to: "lint.xml")
        let lines = try Self.junitparser(file)
        #expect(lines.first == "suite 11 2 11 2 2", "\(lines)")
        let cases = lines.dropFirst()
        #expect(cases.count == 11)
        #expect(cases.allSatisfy { $0.hasPrefix("project/") }, "\(lines)")
        let failing = "\(context.display(first.location!.file))|\(first.location!.line)|1"
        #expect(cases.contains(failing), "\(failing) in \(lines)")
        #expect(cases.contains("project/assets/unused file.txt|None|0"), "\(lines)")
    }

    @Test(
        "a project with newlines, ]]> and control characters in its names: SARIF and JUnit still parse in the tools",
        .tags(.python), .requires(.sarifTools, .jsonschema, .junitparser))
    func hostileNames() async throws {
        let (diagnostics, context, temp) = try await Self.hostile()
        #expect(diagnostics.contains { $0.message.contains("]]>") }, "\(diagnostics)")
        #expect(diagnostics.contains { $0.message.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" } }, "\(diagnostics)")
        let sarif = try temp.write(
            SARIFReporter(rules: LintRule.allCases).report(diagnostics, context: context), to: "lint.sarif")
        #expect(try Self.checkSARIF(sarif).count == diagnostics.count)
        let junit = try temp.write(JUnitReporter().report(diagnostics, context: context), to: "lint.xml")
        let lines = try Self.junitparser(junit)
        let failingFiles = Set(diagnostics.filter { $0.severity == .error }.compactMap { $0.location?.file })
        let suite = try #require(lines.first?.split(separator: " ").map(String.init))
        // Failures as written, as junitparser recounts them, and failing cases: all the failing files.
        #expect([suite[2], suite[4], suite[5]] == Array(repeating: "\(failingFiles.count)", count: 3), "\(lines)")
        #expect(!failingFiles.isEmpty)
        #expect(lines.contains { $0.hasPrefix("project/content/rewards/a]]>&<b>.yaml|") }, "\(lines)")
    }
}
