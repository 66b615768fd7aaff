import GamePackContent

/// `asset-unreadable`: an asset cannot be read or is truncated or corrupt.
///
/// Also reported, with `RuleID.assetUnreadable`, by the project walk for a file it cannot list.
enum AssetUnreadableRule: AssetLintRule {
    static let id = RuleID.assetUnreadable
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

    static func check(_ inspection: AssetInspection, of use: AssetUse, context: LintContext) {
        guard case .unreadable(let why) = inspection else { return }
        context.report(.assetUnreadable, "assets/\(use.path) cannot be used: \(why)", at: use.location)
    }
}

extension LintRule {
    /// An asset cannot be read or is truncated or corrupt.
    public static let assetUnreadable = LintRule(AssetUnreadableRule.self)
}
