/// `asset-dimensions`: an image is outside its field's width/height limits.
///
/// Reported by the asset inspection (`AssetChecks`); this file describes the rule.
enum AssetDimensionsRule: LintRuleDefinition {
    static let id = "asset-dimensions"
    static let defaultSeverity = Severity.error
    static let summary = "An image is outside its field's width/height limits."
    static let details = "outside the field's width/height limits (read from the file header)"
    static let examples: [LintExample] = [
        .triggering(
            [
                "schema/rewards.yaml": """
                description: Badges.
                fields:
                  name: {type: localized, required: true, max_length: 60}
                  description: {type: localized}
                  image: {type: image, formats: [png], max_width: 16, max_height: 16}
                """
            ]),
        .nonTriggering(
            [
                "schema/rewards.yaml": """
                description: Badges.
                fields:
                  name: {type: localized, required: true, max_length: 60}
                  description: {type: localized}
                  image: {type: image, formats: [png], max_width: 4096, max_height: 4096}
                """
            ]),
    ]
}

extension LintRule {
    /// An image is outside its field's width/height limits.
    public static let assetDimensions = LintRule(AssetDimensionsRule.self)
}
