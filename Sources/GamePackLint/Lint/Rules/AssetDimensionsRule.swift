import GamePackContent

/// `asset-dimensions`: an image is outside its field's width/height limits.
enum AssetDimensionsRule: AssetLintRule {
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

    /// Only for a file of the kind its field takes (else `asset-format-not-allowed` says so).
    static func check(_ inspection: AssetInspection, of use: AssetUse, context: LintContext) {
        guard case .probed(let info) = inspection, use.takesKind(of: info.format), let width = info.width,
            let height = info.height
        else { return }
        var problems: [String] = []
        if let min = use.spec.minWidth, width < min { problems.append("narrower than \(min) px") }
        if let max = use.spec.maxWidth, width > max { problems.append("wider than \(max) px") }
        if let min = use.spec.minHeight, height < min { problems.append("lower than \(min) px") }
        if let max = use.spec.maxHeight, height > max { problems.append("taller than \(max) px") }
        if !problems.isEmpty {
            context.report(
                .assetDimensions,
                "assets/\(use.path) is \(width)×\(height), \(problems.joined(separator: " and ")) (limits of `\(use.spec.name)`); resize it",
                at: use.location)
        }
    }
}

extension LintRule {
    /// An image is outside its field's width/height limits.
    public static let assetDimensions = LintRule(AssetDimensionsRule.self)
}
