import Foundation
import GamePackContent
import GamePackFormat

/// A feature of a project's content that apps built for an older client content format cannot
/// read: a pack that uses it needs a client of at least `format` (`PackManifest.minimumClientFormat`),
/// and a channel never offers it to an older app (`ChannelPointer.target`).
///
/// A feature is one file in this folder, listed in `ClientFormatFeatures.all`. `build` raises the
/// pack's minimum to the newest feature the project uses; `gamepack.yaml`'s `client_format` may
/// raise it further, never lower it (`ClientFormatFeatures.check`).
package protocol ClientFormatFeature: Sendable {
    /// The client content format that first reads the feature (2 or more).
    static var format: Int { get }
    /// The feature's name in messages (`number fields`).
    static var name: String { get }
    /// The first place the project uses the feature (`field points of scores (schema/scores.yaml)`),
    /// nil when it does not.
    static func firstUse(in project: Project) -> String?
}

/// The client-format features gamepack knows, and what they make of a project.
package enum ClientFormatFeatures {
    /// Every feature, oldest format first.
    package static let all: [any ClientFormatFeature.Type] = [NumberFieldFeature.self]

    /// The features `project` uses, each with its first use.
    package static func used(by project: Project) -> [(feature: any ClientFormatFeature.Type, place: String)] {
        all.compactMap { feature in feature.firstUse(in: project).map { (feature, $0) } }
    }

    /// The oldest client content format a pack of `project` is for: `client_format` if set,
    /// raised to the newest feature the project uses; 1 for neither.
    package static func minimumClientFormat(of project: Project) -> Int {
        used(by: project).map { $0.feature.format }.reduce(project.config.clientFormat ?? 1, max)
    }

    /// A `config` error for each feature that needs more than `client_format` says: a setting
    /// below what the content needs would offer the pack to apps that cannot read it, so it is an
    /// error rather than raised in silence.
    package static func check(_ project: Project) -> [Diagnostic] {
        guard let setting = project.config.clientFormat, let location = project.config.clientFormatLocation else { return [] }
        return used(by: project).filter { $0.feature.format > setting }.map { use in
            Diagnostic(
                severity: .error, rule: RuleID.config,
                message: "`client_format: \(setting)` is below what the project's content needs: \(use.feature.name) "
                    + "(\(use.place)) need client format \(use.feature.format); set `client_format: \(use.feature.format)` "
                    + "or remove the setting", location: location, fix: "\(use.feature.format)")
        }
    }
}
