/// `out-of-range`: a value is outside its field's min/max, allowed values or item count.
///
/// Reported by the item walk (`ItemValidator`); this file describes the rule.
enum OutOfRangeRule: LintRuleDefinition {
    static let id = "out-of-range"
    static let defaultSeverity = Severity.error
    static let summary = "A value is outside its field's min/max, allowed values or item count."
    static let details = "min/max, enum values, list length"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/sounds/1.yaml": """
                id: 1
                name: Hit
                file: sounds/hit.wav
                volume: 1.5
                code: HIT
                """
            ]),
        .nonTriggering(
            [
                "content/sounds/1.yaml": """
                id: 1
                name: Hit
                file: sounds/hit.wav
                volume: 1
                code: HIT
                """
            ]),
    ]
}

extension LintRule {
    /// A value is outside its field's min/max, allowed values or item count.
    public static let outOfRange = LintRule(OutOfRangeRule.self)
}
