import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackContent
@testable import GamePackLint

/// The registry is the one list of rules: every rule file is in it, and the README's rule table
/// and SARIF's rule list are made from it. Re-record the README table with
/// `GAMEPACK_RECORD=1 swift test --filter LintRuleRegistryTests`.
@Suite("Lint rule registry")
struct LintRuleRegistryTests {
    static let rulesFolder = TestPaths.repoRoot.appendingPathComponent("Sources/GamePackLint/Lint/Rules")
    static let readme = TestPaths.repoRoot.appendingPathComponent("README.md")
    static let tableHeader = "| rule | default | what it checks |\n| --- | --- | --- |\n"

    @Test("every rule file in Lint/Rules/ is registered, and every registered rule has its file")
    func everyRuleFileIsRegistered() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.rulesFolder.path)
            .filter { $0.hasSuffix("Rule.swift") }
            .map { String($0.dropLast(".swift".count)) }
        #expect(!files.isEmpty)
        let registered = LintRuleRegistry.all.map { String(describing: $0) }
        #expect(Set(files) == Set(registered), "files: \(files.sorted()), registered: \(registered.sorted())")
        #expect(Set(registered).count == registered.count, "a rule is registered twice")
        let ids = LintRuleRegistry.all.map { $0.id }
        #expect(Set(ids).count == ids.count, "two rules share an id")
    }

    @Test("each rule's constant, id lookup and definition agree")
    func ruleValues() {
        for definition in LintRuleRegistry.all {
            let rule = LintRule(rawValue: definition.id)
            #expect(rule?.definition.id == definition.id)
            #expect(rule?.summary == definition.summary)
            #expect(!definition.summary.isEmpty && !definition.details.isEmpty)
        }
        #expect(LintRule.allCases.map(\.rawValue) == LintRuleRegistry.all.map { $0.id })
        #expect(LintRule(rawValue: "no-such-rule") == nil)
        #expect(LintRule.unknownField.rawValue == "unknown-field")
        #expect(LintRule.syntax.isConfigurable == false && LintRule.unusedAsset.defaultSeverity == .warning)
    }

    @Test("each hook list holds exactly the registered rules that adopt its hook, in registry order")
    func hookLists() {
        func names(_ types: [Any.Type]) -> [String] { types.map { String(describing: $0) } }
        let all = LintRuleRegistry.all
        #expect(names(LintRuleRegistry.itemRules) == names(all.filter { $0 is any ItemLintRule.Type }))
        #expect(names(LintRuleRegistry.mapRules) == names(all.filter { $0 is any MapLintRule.Type }))
        #expect(names(LintRuleRegistry.entryRules) == names(all.filter { $0 is any EntryLintRule.Type }))
        #expect(names(LintRuleRegistry.valueRules) == names(all.filter { $0 is any ValueLintRule.Type }))
        #expect(names(LintRuleRegistry.fieldRules) == names(all.filter { $0 is any FieldLintRule.Type }))
        #expect(names(LintRuleRegistry.textRules) == names(all.filter { $0 is any TextLintRule.Type }))
        #expect(names(LintRuleRegistry.assetRules) == names(all.filter { $0 is any AssetLintRule.Type }))
        #expect(names(LintRuleRegistry.projectRules) == names(all.filter { $0 is any ProjectLintRule.Type }))
    }

    /// The README's rule table as the registry describes it.
    static func ruleTable() -> String {
        Self.tableHeader
            + LintRuleRegistry.all.map {
                "| <a id=\"rule-\($0.id)\"></a>`\($0.id)` | \($0.defaultSeverity.rawValue) | \($0.details) |\n"
            }.joined()
    }

    @Test("README's rule table is the registry's (GAMEPACK_RECORD=1 rewrites it)")
    func readmeTable() throws {
        let readme = try String(contentsOf: Self.readme, encoding: .utf8)
        let start = try #require(readme.range(of: Self.tableHeader), "README.md has no rule table")
        // The table runs to the first line that is not a table row.
        var end = start.upperBound
        while end < readme.endIndex, readme[end] == "|" {
            end = readme[end...].firstIndex(of: "\n").map { readme.index(after: $0) } ?? readme.endIndex
        }
        let table = String(readme[start.lowerBound..<end])
        let expected = Self.ruleTable()
        if Golden.isRecording, table != expected {
            try Data(readme.replacingCharacters(in: start.lowerBound..<end, with: expected).utf8).write(to: Self.readme)
            return
        }
        #expect(
            table == expected,
            "README.md's rule table differs from the registry; run GAMEPACK_RECORD=1 swift test --filter LintRuleRegistryTests")
    }

    @Test("SARIF's tool.driver.rules lists the registry's rules, in order, with their summaries and levels")
    func sarifRules() throws {
        let report = SARIFReporter(rules: LintRule.allCases).report([], context: ReportContext(pathPrefix: "", checkedFiles: []))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        let runs = try #require(json["runs"] as? [[String: Any]])
        let driver = try #require((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == LintRuleRegistry.all.map { $0.id })
        #expect(
            rules.map { ($0["shortDescription"] as? [String: Any])?["text"] as? String }
                == LintRuleRegistry.all.map { $0.summary })
        #expect(
            rules.map { ($0["defaultConfiguration"] as? [String: Any])?["level"] as? String }
                == LintRuleRegistry.all.map { $0.defaultSeverity.rawValue })
        #expect(driver["informationUri"] as? String == GamePackVersion.documentation)
        // Each rule's help URI is its anchor in the README's rule table, which the table has.
        let readme = try String(contentsOf: Self.readme, encoding: .utf8)
        for (rule, definition) in zip(rules, LintRuleRegistry.all) {
            let uri = try #require(rule["helpUri"] as? String)
            #expect(uri == GamePackVersion.documentation + "#rule-\(definition.id)")
            #expect(readme.contains("| <a id=\"rule-\(definition.id)\"></a>`\(definition.id)` |"), "\(definition.id)")
            let full = try #require((rule["fullDescription"] as? [String: Any])?["text"] as? String)
            #expect(full.contains(definition.summary) && full.contains(definition.details))
            let help = try #require(rule["help"] as? [String: Any])
            let text = try #require(help["text"] as? String)
            let markdown = try #require(help["markdown"] as? String)
            // The help quotes the rule's own examples: the first triggering one's files.
            let firing = definition.examples.first { $0.triggers }
            let example = try #require(firing)
            for (path, content) in example.files {
                #expect(markdown.contains("`\(path)`:\n\n```") && markdown.contains(content), "\(definition.id)")
                #expect(text.contains(path + ":\n"), "\(definition.id)")
            }
            for command in example.setup { #expect(markdown.contains("then: `\(command)`"), "\(definition.id)") }
            #expect(text.contains(definition.details))
        }
    }
}
