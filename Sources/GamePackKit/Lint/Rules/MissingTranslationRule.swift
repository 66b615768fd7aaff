/// `missing-translation`: a localized field lacks a text for a project locale.
///
/// Reported by the item walk (`ItemValidator`); this file describes the rule.
enum MissingTranslationRule: LintRuleDefinition {
    static let id = "missing-translation"
    static let defaultSeverity = Severity.warning
    static let summary = "A localized field lacks a text for a project locale."
    static let details = "a localized field without a text for a project locale"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/rewards/1.yaml": """
                id: 1
                name: {en: Art Lover}
                image: badges/art-lover.png
                """
            ]),
        .nonTriggering(
            [
                "content/rewards/1.yaml": """
                id: 1
                name: {en: Art Lover, nl: Kunstliefhebber}
                image: badges/art-lover.png
                """
            ]),
    ]
}

extension LintRule {
    /// A localized field lacks a text for a project locale.
    public static let missingTranslation = LintRule(MissingTranslationRule.self)
}
