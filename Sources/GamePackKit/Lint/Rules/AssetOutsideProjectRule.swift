/// `asset-outside-project`: an asset path leaves assets/ (.., absolute path or symlink).
///
/// Reported by the asset inspection (`AssetChecks`); this file describes the rule.
enum AssetOutsideProjectRule: LintRuleDefinition {
    static let id = "asset-outside-project"
    static let defaultSeverity = Severity.error
    static let summary = "An asset path leaves assets/ (.., absolute path or symlink)."
    static let details = "`..`, absolute paths, symlinks leaving the project"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/rewards/1.yaml": """
                id: 1
                name: {en: Art Lover, nl: Kunstliefhebber}
                image: ../gamepack.yaml
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
    /// An asset path leaves assets/ (.., absolute path or symlink).
    public static let assetOutsideProject = LintRule(AssetOutsideProjectRule.self)
}
