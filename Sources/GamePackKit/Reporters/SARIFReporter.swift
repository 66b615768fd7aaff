import Foundation

/// SARIF 2.1.0 (OASIS), the format GitHub code scanning and other tools import. Every rule is
/// described in `tool.driver.rules`; each result points at it by id and index.
public struct SARIFReporter: DiagnosticReporter {
    public init() {}

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
        var rules: [Rule]
    }

    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Message
        var defaultConfiguration: Configuration
    }

    struct Configuration: Encodable { var level: String }
    struct Message: Encodable { var text: String }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]?
    }

    struct Location: Encodable { var physicalLocation: PhysicalLocation }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable { var uri: String }
    struct Region: Encodable { var startLine: Int, startColumn: Int }

    public func report(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        let rules = LintRule.allCases
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.rawValue, $0) })
        let results = diagnostics.map { d -> Result in
            var message = d.message
            for note in d.notes { message += " (\(note))" }
            let location = d.location.map { location in
                Location(
                    physicalLocation: PhysicalLocation(
                        artifactLocation: ArtifactLocation(uri: uri(context.display(location.file))),
                        region: location.hasPosition ? Region(startLine: location.line, startColumn: location.column) : nil))
            }
            return Result(
                ruleId: d.rule, ruleIndex: ruleIndex[d.rule] ?? 0, level: level(d.severity), message: Message(text: message),
                locations: location.map { [$0] })
        }
        let driver = Driver(
            rules: rules.map {
                Rule(
                    id: $0.rawValue, name: ruleName($0), shortDescription: Message(text: $0.summary),
                    defaultConfiguration: Configuration(level: level($0.defaultSeverity)))
            })
        return JSONOutput.encode(Log(runs: [Run(tool: Tool(driver: driver), results: results)]))
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
