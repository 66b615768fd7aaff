import GamePackContent

/// A rule gamepack lint checks, named by its id: the id used in reports and in the `lint.rules`
/// settings of `gamepack.yaml`. Every rule is a `LintRuleDefinition` in `Lint/Rules/`, listed in
/// `LintRuleRegistry.all`; its constant (`LintRule.unknownField`) is declared in its file.
/// Looking a rule up by id (`init?(rawValue:)`) and listing every rule (`allCases`) go through
/// the registry, so they are declared beside it, in `Lint/Rules/LintRuleRegistry.swift`.
public struct LintRule: RawRepresentable, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// The rule's id, such as `unknown-field`.
    public let rawValue: String

    /// The rule's definition: severity, summary, examples, checks.
    public let definition: any LintRuleDefinition.Type

    /// The rule a definition describes.
    init(_ definition: any LintRuleDefinition.Type) {
        rawValue = definition.id
        self.definition = definition
    }

    public static func == (a: LintRule, b: LintRule) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// The severity a rule reports with unless `gamepack.yaml` says otherwise.
    public var defaultSeverity: Severity { definition.defaultSeverity }

    /// Whether the rule can be turned off or down. Rules that guard the loading of the project
    /// itself cannot: without them nothing else is checked.
    public var isConfigurable: Bool { definition.isConfigurable }

    /// One line saying what the rule checks (SARIF `shortDescription`, `gamepack lint --list-rules`).
    public var summary: String { definition.summary }

    public var description: String { rawValue }
}

extension LintSettings {
    /// The severity `rule` reports with in this project (nil: off).
    public func severity(of rule: LintRule) -> Severity? {
        if rule.isConfigurable, let override = overrides[rule.rawValue] { return override }
        return rule.defaultSeverity
    }
}
