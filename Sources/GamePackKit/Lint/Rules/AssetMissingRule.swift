/// `asset-missing`: a referenced asset file does not exist.
///
/// Reported by the asset inspection (`AssetChecks`); this file describes the rule.
enum AssetMissingRule: LintRuleDefinition {
    static let id = "asset-missing"
    static let defaultSeverity = Severity.error
    static let summary = "A referenced asset file does not exist."
    static let details = "the referenced file does not exist (suggests the closest name)"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/rewards/1.yaml": """
                id: 1
                name: {en: Art Lover, nl: Kunstliefhebber}
                image: badges/art-lovr.png
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
    /// A referenced asset file does not exist.
    public static let assetMissing = LintRule(AssetMissingRule.self)
}
