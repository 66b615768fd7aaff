import Foundation
import GamePackContent

/// `asset-format-mismatch`: an asset's bytes are not what its extension says.
enum AssetFormatMismatchRule: AssetLintRule {
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

    static func check(_ inspection: AssetInspection, of use: AssetUse, context: LintContext) {
        guard case .probed(let info) = inspection else { return }
        let path = use.path
        let ext = (path as NSString).pathExtension
        if let claimed = MediaFormat(fileExtension: ext), claimed != info.format {
            context.report(
                .assetFormatMismatch,
                "assets/\(path) is named .\(ext) but holds \(info.format.rawValue.uppercased()) data; rename it or convert it",
                at: use.location)
        } else if MediaFormat(fileExtension: ext) == nil {
            context.report(
                .assetFormatMismatch,
                "assets/\(path) has no media extension (.png, .jpg, .gif, .webp, .wav, .mp3, .caf, .m4a) but holds \(info.format.rawValue.uppercased()) data; rename it",
                at: use.location)
        }
    }
}

extension LintRule {
    /// An asset's bytes are not what its extension says.
    public static let assetFormatMismatch = LintRule(AssetFormatMismatchRule.self)
}
