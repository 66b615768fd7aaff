import GamePackContent

/// `unused-asset`: a file in assets/ is used by no item.
enum UnusedAssetRule: ProjectLintRule {
    static let id = "unused-asset"
    static let defaultSeverity = Severity.warning
    static let summary = "A file in assets/ is used by no item."
    static let details = "a file in `assets/` no item uses"
    static let examples: [LintExample] = [
        .triggering(
            [:], setup: ["copy assets/photos/profile.jpg assets/photos/extra.jpg"]),
        .nonTriggering(
            [
                "content/locations/2.yaml": """
                id: 2
                name: {en: Van Gogh Museum, nl: Het Van Gogh Museum}
                description: {en: Paintings., nl: Schilderijen.}
                position: {latitude: 52.3584, longitude: 4.8811}
                image: photos/extra.jpg
                """
            ], setup: ["copy assets/photos/profile.jpg assets/photos/extra.jpg"]),
    ]

    static func check(project context: LintContext) {
        // An asset may be used by an item in a file that failed to load: say nothing until it loads.
        guard context.project.unloadedFiles.isEmpty else { return }
        let used = Set(context.assetUses.map { AssetChecks.normalize($0.path) })
        for file in context.project.assetFiles where !used.contains(file) {
            context.report(
                .unusedAsset, "assets/\(file) is used by no item; remove it or refer to it from an item",
                at: .file("assets/\(file)"))
        }
    }
}

extension LintRule {
    /// A file in assets/ is used by no item.
    public static let unusedAsset = LintRule(UnusedAssetRule.self)
}
