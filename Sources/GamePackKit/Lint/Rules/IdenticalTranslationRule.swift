/// `identical-translation`: a translation is identical to the default-locale text.
///
/// Reported by the item walk (`ItemValidator`); this file describes the rule.
enum IdenticalTranslationRule: LintRuleDefinition {
    static let id = "identical-translation"
    static let defaultSeverity = Severity.warning
    static let summary = "A translation is identical to the default-locale text."
    static let details = "a translation equal to the default-locale text"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/rewards/1.yaml": """
                id: 1
                name: {en: Art Lover, nl: Art Lover}
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
    /// A translation is identical to the default-locale text.
    public static let identicalTranslation = LintRule(IdenticalTranslationRule.self)
}
