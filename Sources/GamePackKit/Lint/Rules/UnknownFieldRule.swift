/// `unknown-field`: an item has a field its content type does not define.
///
/// Reported by the item walk (`ItemValidator`); this file describes the rule.
enum UnknownFieldRule: LintRuleDefinition {
    static let id = "unknown-field"
    static let defaultSeverity = Severity.error
    static let summary = "An item has a field its content type does not define."
    static let details = "a field the type does not define (with \"did you mean\")"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/locations/2.yaml": """
                id: 2
                name: {en: Van Gogh Museum, nl: Het Van Gogh Museum}
                descripton: {en: Paintings., nl: Schilderijen.}
                position: {latitude: 52.3584, longitude: 4.8811}
                """
            ]),
        .nonTriggering(
            [
                "content/locations/2.yaml": """
                id: 2
                name: {en: Van Gogh Museum, nl: Het Van Gogh Museum}
                description: {en: Paintings., nl: Schilderijen.}
                position: {latitude: 52.3584, longitude: 4.8811}
                """
            ]),
    ]
}

extension LintRule {
    /// An item has a field its content type does not define.
    public static let unknownField = LintRule(UnknownFieldRule.self)
}
