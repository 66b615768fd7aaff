/// `asset-format-not-allowed`: an asset's format is not one its field allows.
///
/// Reported by the asset inspection (`AssetChecks`); this file describes the rule.
enum AssetFormatNotAllowedRule: LintRuleDefinition {
    static let id = "asset-format-not-allowed"
    static let defaultSeverity = Severity.error
    static let summary = "An asset's format is not one its field allows."
    static let details = "a format the field does not allow, or an image where a sound belongs"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/rewards/1.yaml": """
                id: 1
                name: {en: Art Lover, nl: Kunstliefhebber}
                image: photos/profile.jpg
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
    /// An asset's format is not one its field allows.
    public static let assetFormatNotAllowed = LintRule(AssetFormatNotAllowedRule.self)
}
