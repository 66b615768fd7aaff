import GamePackContent

/// `asset-format-not-allowed`: an asset's format is not one its field allows.
enum AssetFormatNotAllowedRule: AssetLintRule {
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
                image: ↓photos/profile.jpg
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

    /// An image where a sound belongs (or the reverse), else a format the field does not list.
    static func check(_ inspection: AssetInspection, of use: AssetUse, context: LintContext) {
        guard case .probed(let info) = inspection else { return }
        let field = use.spec.name
        let wantsImage = use.spec.type == .image
        if !use.takesKind(of: info.format) {
            context.report(
                .assetFormatNotAllowed,
                "`\(field)` takes \(wantsImage ? "an image" : "a sound"), but assets/\(use.path) is \(info.format.rawValue.uppercased())",
                at: use.location)
        } else if !use.spec.formats.isEmpty, !use.spec.formats.contains(info.format) {
            context.report(
                .assetFormatNotAllowed,
                "`\(field)` allows \(use.spec.formats.map { $0.rawValue.uppercased() }.joined(separator: ", ")), but assets/\(use.path) is \(info.format.rawValue.uppercased()); convert it",
                at: use.location)
        }
    }
}

extension LintRule {
    /// An asset's format is not one its field allows.
    public static let assetFormatNotAllowed = LintRule(AssetFormatNotAllowedRule.self)
}
