/// `unknown-locale`: a localized field has a text for a locale the project does not have.
///
/// Reported by the item walk (`ItemValidator`); this file describes the rule.
enum UnknownLocaleRule: LintRuleDefinition {
    static let id = "unknown-locale"
    static let defaultSeverity = Severity.error
    static let summary = "A localized field has a text for a locale the project does not have."
    static let details = "a text for a locale the project does not have"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/rewards/1.yaml": """
                id: 1
                name: {en: Art Lover, nl: Kunstliefhebber, fr: Amateur d’art}
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
    /// A localized field has a text for a locale the project does not have.
    public static let unknownLocale = LintRule(UnknownLocaleRule.self)
}
