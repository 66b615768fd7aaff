import GamePackContent

/// `schema`: a content type in schema/ is invalid.
///
/// Parsing finds it, so `SchemaParser` reports it as a plain diagnostic with `RuleID.schema`, the
/// id of this rule; this file describes the rule.
enum SchemaRule: LintRuleDefinition {
    static let id = RuleID.schema
    static let defaultSeverity = Severity.error
    static let isConfigurable = false
    static let summary = "A content type in schema/ is invalid."
    static let details = "`schema/*.yaml`: unknown types or options, missing `to`/`of`/`values`, bad patterns"
    static let examples: [LintExample] = [
        .triggering(
            [
                "schema/sounds.yaml": """
                description: Sound effects.
                fields:
                  name: {type: string, required: true, max_length: 20}
                  file: {type: audio, required: true, formats: [wav], max_bytes: 100000}
                  volume: {type: ↓numbr, min: 0, max: 1}
                  code: {type: string, unique: true, pattern: '[A-Z]{3}'}
                """
            ]),
        .nonTriggering(
            [
                "schema/sounds.yaml": """
                description: Sound effects.
                fields:
                  name: {type: string, required: true, max_length: 20}
                  file: {type: audio, required: true, formats: [wav], max_bytes: 100000}
                  volume: {type: number, min: 0, max: 1}
                  code: {type: string, unique: true, pattern: '[A-Z]{3}'}
                """
            ]),
    ]
}

extension LintRule {
    /// A content type in schema/ is invalid.
    public static let schema = LintRule(SchemaRule.self)
}
