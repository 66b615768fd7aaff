import Crypto
import Foundation
import GamePackContent

/// SARIF 2.1.0 (OASIS), the format GitHub code scanning and other tools import. Every rule is
/// described in `tool.driver.rules` (its summary, its full description and help made from the
/// rule's own documentation and examples, and a `helpUri` into the README's rule table); each
/// result points at it by id and index.
///
/// Each result carries `partialFingerprints["gamepackFinding/v1"]`: the SHA-256 of the rule,
/// the project-relative file, the item (`collection/id`) and the field path, never a line
/// number, so an alert keeps its identity when lines are inserted above it (a finding outside
/// any item uses its message instead of item and field; the n-th of several equal keys gets
/// `#n`). Every result with a place has a region: a file-only finding (an unused asset) points
/// at the file's start, line 1.
public struct SARIFReporter: DiagnosticReporter {
    /// The rules `tool.driver.rules` lists, in order (`LintRule.allCases`: the registry is in
    /// `Lint/Rules/`, above this folder, so the caller hands them in).
    public let rules: [LintRule]

    public init(rules: [LintRule]) { self.rules = rules }

    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]
        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }
    }

    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
        var columnKind = "unicodeCodePoints"
    }

    struct Tool: Encodable { var driver: Driver }

    struct Driver: Encodable {
        var name = "gamepack"
        var version = GamePackVersion.current
        var informationUri = GamePackVersion.documentation
        var rules: [Rule]
    }

    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message
        var help: MultiformatMessage
        var helpUri: String
        var defaultConfiguration: Configuration
    }

    struct Configuration: Encodable { var level: String }
    struct Message: Encodable { var text: String }
    struct MultiformatMessage: Encodable {
        var text: String
        var markdown: String
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]?
        var partialFingerprints: [String: String]
    }

    struct Location: Encodable { var physicalLocation: PhysicalLocation }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable { var uri: String }
    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }

    /// The key of gamepack's fingerprint in `partialFingerprints`.
    public static let fingerprintKey = "gamepackFinding/v1"

    public func report(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.rawValue, $0) })
        var seen: [String: Int] = [:]
        let results = diagnostics.map { d -> Result in
            var message = d.message
            for note in d.notes { message += " (\(note))" }
            let location = d.location.map { location in
                Location(
                    physicalLocation: PhysicalLocation(
                        artifactLocation: ArtifactLocation(uri: uri(context.display(location.file))),
                        region: location.hasPosition
                            ? Region(startLine: location.line, startColumn: location.column) : Region(startLine: 1)))
            }
            var key = Self.fingerprintSource(d)
            seen[key, default: 0] += 1
            if let count = seen[key], count > 1 { key += "#\(count)" }
            return Result(
                ruleId: d.rule, ruleIndex: ruleIndex[d.rule] ?? 0, level: level(d.severity), message: Message(text: message),
                locations: location.map { [$0] }, partialFingerprints: [Self.fingerprintKey: Self.hex(key)])
        }
        let driver = Driver(
            rules: rules.map {
                Rule(
                    id: $0.rawValue, name: ruleName($0), shortDescription: Message(text: $0.summary),
                    fullDescription: Message(text: Self.fullDescription($0)),
                    help: MultiformatMessage(text: Self.helpText($0), markdown: Self.helpMarkdown($0)),
                    helpUri: Self.helpURI($0),
                    defaultConfiguration: Configuration(level: level($0.defaultSeverity)))
            })
        return JSONOutput.encode(Log(runs: [Run(tool: Tool(driver: driver), results: results)]))
    }

    /// What a finding's fingerprint is the hash of: rule, file, then item and field, or the
    /// message when the finding is in no item (joined by NUL, which none of them contains).
    static func fingerprintSource(_ d: Diagnostic) -> String {
        var parts = [d.rule, d.location?.file ?? ""]
        if let item = d.item {
            parts += [item, d.field ?? ""]
        } else {
            parts.append(d.message)
        }
        return parts.joined(separator: "\u{0}")
    }

    /// The SHA-256 of `text` in lowercase hex.
    static func hex(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// The rule's summary and what it checks (the README table's cell).
    static func fullDescription(_ rule: LintRule) -> String {
        "\(rule.summary) It reports: \(rule.definition.details)."
    }

    /// The rule's row in the README's rule table.
    static func helpURI(_ rule: LintRule) -> String {
        GamePackVersion.documentation + "#rule-" + rule.rawValue
    }

    /// Where a rule's severity is changed, as YAML.
    static func settingExample(_ rule: LintRule) -> String {
        "lint:\n  rules:\n    \(rule.rawValue): \(rule.defaultSeverity == .error ? "warning" : "error")   # error | warning | note | off"
    }

    /// Help as plain text: description, the first example that triggers the rule and the first
    /// that does not, and how to change the rule's severity.
    static func helpText(_ rule: LintRule) -> String {
        var out = "\(rule.rawValue) (\(rule.defaultSeverity.rawValue) by default): \(fullDescription(rule))\n"
        for (title, example) in examples(rule) {
            out += "\n\(title):\n"
            for (path, text) in example.files.sorted(by: { $0.key < $1.key }) {
                out +=
                    "\(path):\n"
                    + text.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }
                    .joined(separator: "\n") + "\n"
            }
            for command in example.setup { out += "then: \(command)\n" }
        }
        if rule.isConfigurable { out += "\nChange its severity or turn it off in gamepack.yaml:\n\(settingExample(rule))\n" }
        return out + "\nDocumentation: \(helpURI(rule))\n"
    }

    /// Help as Markdown, with the examples' files as YAML code blocks.
    static func helpMarkdown(_ rule: LintRule) -> String {
        var out = "**`\(rule.rawValue)`** (\(rule.defaultSeverity.rawValue) by default): \(rule.summary)\n\n"
        out += "It reports: \(rule.definition.details).\n"
        for (title, example) in examples(rule) {
            out += "\n\(title):\n"
            for (path, text) in example.files.sorted(by: { $0.key < $1.key }) {
                let fence = text.contains("```") ? "~~~~" : "```"
                let language = path.hasSuffix(".json") ? "json" : "yaml"
                out += "\n`\(path)`:\n\n\(fence)\(language)\n\(text)\(text.hasSuffix("\n") ? "" : "\n")\(fence)\n"
            }
            for command in example.setup { out += "\nthen: `\(command)`\n" }
        }
        if rule.isConfigurable {
            out += "\nChange its severity or turn it off in `gamepack.yaml`:\n\n```yaml\n\(settingExample(rule))\n```\n"
        }
        return out + "\n[The rule table](\(helpURI(rule)))\n"
    }

    /// The first example that triggers the rule and the first that does not, titled.
    static func examples(_ rule: LintRule) -> [(String, LintExample)] {
        var result: [(String, LintExample)] = []
        if let firing = rule.definition.examples.first(where: \.triggers) { result.append(("Reported for", firing)) }
        if let passing = rule.definition.examples.first(where: { !$0.triggers }) { result.append(("Not reported for", passing)) }
        return result
    }

    func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// `unknown-field` → `UnknownField`, SARIF's suggested PascalCase rule name.
    func ruleName(_ rule: LintRule) -> String {
        rule.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A relative URI reference for a path (spaces and the like percent-encoded).
    func uri(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }
}
