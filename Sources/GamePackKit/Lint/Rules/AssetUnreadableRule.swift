/// `asset-unreadable`: an asset cannot be read or is truncated or corrupt.
///
/// Reported by the asset inspection (`AssetChecks`); this file describes the rule.
enum AssetUnreadableRule: LintRuleDefinition {
    static let id = "asset-unreadable"
    static let defaultSeverity = Severity.error
    static let summary = "An asset cannot be read or is truncated or corrupt."
    static let details = "unreadable, truncated or corrupt (PNG/JPEG/GIF end markers are checked)"
    static let examples: [LintExample] = [
        .triggering(
            [:], setup: ["truncate assets/photos/rijksmuseum.jpg 300"]),
        .nonTriggering(
            [
                "content/locations/1.yaml": """
                id: 1
                name: {en: Rijksmuseum, nl: Het Rijksmuseum}
                position: {latitude: 52.3600, longitude: 4.8852}
                image: photos/profile.jpg
                """
            ]),
    ]
}

extension LintRule {
    /// An asset cannot be read or is truncated or corrupt.
    public static let assetUnreadable = LintRule(AssetUnreadableRule.self)
}
