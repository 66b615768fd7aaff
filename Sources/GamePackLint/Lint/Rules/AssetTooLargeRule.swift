import GamePackContent

/// `asset-too-large`: an asset is over its byte budget.
enum AssetTooLargeRule: AssetLintRule {
    static let id = "asset-too-large"
    static let defaultSeverity = Severity.error
    static let summary = "An asset is over its byte budget."
    static let details = "over the field's `max_bytes` (else `lint.max_asset_bytes`, 5 MB)"
    static let examples: [LintExample] = [
        .triggering(
            [
                "schema/sounds.yaml": """
                description: Sound effects.
                fields:
                  name: {type: string, required: true, max_length: 20}
                  file: {type: audio, required: true, formats: [wav], max_bytes: 1000}
                  volume: {type: number, min: 0, max: 1}
                  code: {type: string, unique: true, pattern: '[A-Z]{3}'}
                """
            ]),
        .nonTriggering(
            [
                "schema/sounds.yaml": """
                description: Sound effects.
                fields:
                  name: {type: string, required: true, max_length: 20}
                  file: {type: audio, required: true, formats: [wav], max_bytes: 100000}
                  volume: {type: number, min: 0, max: 1}
                  code: {type: string, unique: true, pattern: '[A-Z]{3}'}
                """
            ]),
    ]

    /// Only for a file of the kind its field takes (else `asset-format-not-allowed` says so).
    static func check(_ inspection: AssetInspection, of use: AssetUse, context: LintContext) {
        guard case .probed(let info) = inspection, use.takesKind(of: info.format) else { return }
        let budget = use.spec.maxBytes ?? context.settings.maxAssetBytes
        if info.byteCount > budget {
            context.report(
                .assetTooLarge,
                "assets/\(use.path) is \(ByteCount.describe(info.byteCount)); `\(use.spec.name)` allows \(ByteCount.describe(budget)). Compress or resize it",
                at: use.location)
        }
    }
}

extension LintRule {
    /// An asset is over its byte budget.
    public static let assetTooLarge = LintRule(AssetTooLargeRule.self)
}
