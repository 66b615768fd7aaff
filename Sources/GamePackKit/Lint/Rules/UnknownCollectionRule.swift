/// `unknown-collection`: a folder under content/ has no content type.
///
/// Reported by the item walk (`Linter`); this file describes the rule.
enum UnknownCollectionRule: LintRuleDefinition {
    static let id = "unknown-collection"
    static let defaultSeverity = Severity.error
    static let summary = "A folder under content/ has no content type."
    static let details = "a `content/<folder>` with no content type"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/widgets/1.yaml": """
                id: 1
                """
            ]),
        .nonTriggering(
            [
                "content/sounds/2.yaml": """
                id: 2
                name: Miss
                file: sounds/hit.wav
                code: MIS
                """
            ]),
    ]
}

extension LintRule {
    /// A folder under content/ has no content type.
    public static let unknownCollection = LintRule(UnknownCollectionRule.self)
}
