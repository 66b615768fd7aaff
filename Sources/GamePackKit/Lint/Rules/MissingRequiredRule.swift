/// `missing-required`: a required field is absent or empty.
///
/// Reported by the item walk (`ItemValidator`); this file describes the rule.
enum MissingRequiredRule: LintRuleDefinition {
    static let id = "missing-required"
    static let defaultSeverity = Severity.error
    static let summary = "A required field is absent or empty."
    static let details = "a required field absent or empty; an item without `id`"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/locations/3.yaml": """
                id: 3
                name: {en: Dam Square, nl: De Dam}
                """
            ]),
        .nonTriggering(
            [
                "content/locations/3.yaml": """
                id: 3
                name: {en: Dam Square, nl: De Dam}
                position: {latitude: 52.3731, longitude: 4.8926}
                """
            ]),
    ]
}

extension LintRule {
    /// A required field is absent or empty.
    public static let missingRequired = LintRule(MissingRequiredRule.self)
}
