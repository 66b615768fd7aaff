import Foundation
import GamePackContent

/// `asset-missing`: a referenced asset file does not exist.
enum AssetMissingRule: AssetLintRule {
    static let id = "asset-missing"
    static let defaultSeverity = Severity.error
    static let summary = "A referenced asset file does not exist."
    static let details = "the referenced file does not exist (suggests the closest name)"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/rewards/1.yaml": """
                id: 1
                name: {en: Art Lover, nl: Kunstliefhebber}
                image: ↓badges/art-lovr.png
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

    /// Suggests the closest existing asset path, else one with the same file name.
    static func check(_ inspection: AssetInspection, of use: AssetUse, context: LintContext) {
        guard case .missing = inspection else { return }
        let existing = context.project.assetFiles
        let hint =
            Suggestions.closest(to: use.path, among: existing)
            ?? existing.first { ($0 as NSString).lastPathComponent == (use.path as NSString).lastPathComponent }
        context.report(
            .assetMissing,
            "assets/\(use.path) does not exist"
                + (hint.map { "; did you mean `\($0)`?" } ?? "; add the file or correct the path"),
            at: use.location, fix: hint)
    }
}

extension LintRule {
    /// A referenced asset file does not exist.
    public static let assetMissing = LintRule(AssetMissingRule.self)
}
