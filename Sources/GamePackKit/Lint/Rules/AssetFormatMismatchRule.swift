/// `asset-format-mismatch`: an asset's bytes are not what its extension says.
///
/// Reported by the asset inspection (`AssetChecks`); this file describes the rule.
enum AssetFormatMismatchRule: LintRuleDefinition {
    static let id = "asset-format-mismatch"
    static let defaultSeverity = Severity.error
    static let summary = "An asset's bytes are not what its extension says."
    static let details = "the bytes are not what the extension says (a PNG named `.jpg`)"
    static let examples: [LintExample] = [
        .triggering(
            [:], setup: ["copy assets/badges/art-lover.png assets/photos/rijksmuseum.jpg"]),
        .nonTriggering(
            [:], setup: ["copy assets/photos/profile.jpg assets/photos/rijksmuseum.jpg"]),
    ]
}

extension LintRule {
    /// An asset's bytes are not what its extension says.
    public static let assetFormatMismatch = LintRule(AssetFormatMismatchRule.self)
}
