/// `wrong-type`: a value has the wrong type for its field.
///
/// Reported by the item walk (`ItemValidator`); this file describes the rule.
enum WrongTypeRule: LintRuleDefinition {
    static let id = "wrong-type"
    static let defaultSeverity = Severity.error
    static let summary = "A value has the wrong type for its field."
    static let details = "e.g. text where a number belongs, a non-http URL"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/sounds/1.yaml": """
                id: 1
                name: Hit
                file: sounds/hit.wav
                volume: loud
                code: HIT
                """
            ]),
        .nonTriggering(
            [
                "content/sounds/1.yaml": """
                id: 1
                name: Hit
                file: sounds/hit.wav
                volume: 0.5
                code: HIT
                """
            ]),
    ]
}

extension LintRule {
    /// A value has the wrong type for its field.
    public static let wrongType = LintRule(WrongTypeRule.self)
}
