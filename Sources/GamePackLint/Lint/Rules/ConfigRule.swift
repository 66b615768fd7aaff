import GamePackContent

/// `config`: gamepack.yaml has a missing, unknown or invalid setting.
///
/// Parsing finds it, so `ProjectConfig.parse` reports it as a plain diagnostic with
/// `RuleID.config`, the id of this rule; this file describes the rule.
enum ConfigRule: LintRuleDefinition {
    static let id = RuleID.config
    static let defaultSeverity = Severity.error
    static let isConfigurable = false
    static let summary = "gamepack.yaml has a missing, unknown or invalid setting."
    static let details = "`gamepack.yaml`: missing id/name/locales, unknown settings (with \"did you mean\")"
    static let examples: [LintExample] = [
        .triggering(
            [
                "gamepack.yaml": """
                id: lint-base
                name: Lint Base
                locales: [en, nl]
                targets: [gohike, canonical]
                lint:
                  waypoint_max_meters: 3000
                ↓localess: [en]
                """
            ]),
        .nonTriggering(
            [
                "gamepack.yaml": """
                id: lint-base
                name: Lint Base
                locales: [en, nl]
                targets: [gohike, canonical]
                lint:
                  waypoint_max_meters: 3000
                """
            ]),
    ]
}

extension LintRule {
    /// gamepack.yaml has a missing, unknown or invalid setting.
    public static let config = LintRule(ConfigRule.self)
}
