import GamePackContent

/// `asset-outside-project`: an asset path leaves assets/ (.., absolute path or symlink).
///
/// Also reported, with `RuleID.assetOutsideProject`, by the project walk for a symlink out of assets/.
enum AssetOutsideProjectRule: AssetLintRule {
    static let id = RuleID.assetOutsideProject
    static let defaultSeverity = Severity.error
    static let summary = "An asset path leaves assets/ (.., absolute path or symlink)."
    static let details = "`..`, absolute paths, symlinks leaving the project"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/rewards/1.yaml": """
                id: 1
                name: {en: Art Lover, nl: Kunstliefhebber}
                image: ↓../gamepack.yaml
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

    static func check(_ inspection: AssetInspection, of use: AssetUse, context: LintContext) {
        guard case .outside(let why) = inspection else { return }
        context.report(
            .assetOutsideProject, "`\(use.path)` \(why); asset paths are relative to assets/ and stay inside it",
            at: use.location)
    }
}

extension LintRule {
    /// An asset path leaves assets/ (.., absolute path or symlink).
    public static let assetOutsideProject = LintRule(AssetOutsideProjectRule.self)
}
