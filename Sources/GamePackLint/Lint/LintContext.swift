import Foundation
import GamePackContent

/// Collects diagnostics during one lint run, applying the project's rule settings, and the
/// facts the per-item walk gathers for the project-wide checks that follow it.
package final class LintContext {
    let project: Project
    let settings: LintSettings
    package private(set) var diagnostics: [Diagnostic] = []

    /// Asset paths as referenced by items.
    package var assetUses: [AssetUse] = []
    /// References to other items.
    var references: [ReferenceUse] = []
    /// Every geo point, for the swapped-coordinates heuristic.
    var geoPoints: [GeoUse] = []
    /// Ordered lists of references whose targets have a geo field (waypoints).
    var geoPaths: [GeoPathUse] = []
    /// Values of fields marked unique.
    var uniqueValues: [UniqueUse] = []

    /// The items by collection and id: built on first use, unless the linter set it already
    /// (it builds it beside the walk).
    package lazy var itemIndex = ItemIndex(project.items)

    package init(project: Project) {
        self.project = project
        self.settings = project.config.lint
    }

    /// A context for one of the project-wide checks that run side by side: `facts` (the
    /// walk's) and the item index.
    convenience init(project: Project, facts: LintFacts, index: ItemIndex) {
        self.init(project: project)
        // Assigned, not appended: the lists are shared with the walk's, not copied.
        diagnostics = facts.diagnostics
        assetUses = facts.assetUses
        references = facts.references
        geoPoints = facts.geoPoints
        geoPaths = facts.geoPaths
        uniqueValues = facts.uniqueValues
        itemIndex = index
    }

    /// Reports a finding of `rule` unless the project turned the rule off.
    func report(
        _ rule: LintRule, _ message: String, at location: SourceLocation?, notes: [String] = [], fix: String? = nil
    ) {
        guard let severity = settings.severity(of: rule) else { return }
        diagnostics.append(
            Diagnostic(severity: severity, rule: rule.rawValue, message: message, location: location, notes: notes, fix: fix))
    }

    /// Adds diagnostics produced elsewhere (loading), applying the project's rule settings.
    package func add(_ loaded: [Diagnostic]) {
        for var diagnostic in loaded {
            if let rule = LintRule(rawValue: diagnostic.rule) {
                guard let severity = settings.severity(of: rule) else { continue }
                diagnostic.severity = severity
            }
            diagnostics.append(diagnostic)
        }
    }

    /// The findings and facts gathered so far, to be added to another context.
    var facts: LintFacts {
        LintFacts(
            diagnostics: diagnostics, assetUses: assetUses, references: references, geoPoints: geoPoints,
            geoPaths: geoPaths, uniqueValues: uniqueValues)
    }

    /// Adds `part`'s findings and facts after this context's own (the walk's runs, in order).
    func append(_ part: LintFacts) {
        diagnostics += part.diagnostics
        assetUses += part.assetUses
        references += part.references
        geoPoints += part.geoPoints
        geoPaths += part.geoPaths
        uniqueValues += part.uniqueValues
    }

    /// Adds the findings of a project-wide check that ran in a context of its own.
    func append(findings: [Diagnostic]) {
        diagnostics += findings
    }

    /// "location 12", "route 3": how messages name an item.
    static func label(_ collection: String, _ id: ItemID?) -> String {
        let singular = LintContextLabel.singular(collection)
        guard let id else { return "this \(singular)" }
        return "\(singular) \(id)"
    }
}

/// How messages and the preview's pages name one item of a collection: "route", "deal".
package enum LintContextLabel {
    /// The collection's name without a final "s".
    package static func singular(_ collection: String) -> String {
        collection.hasSuffix("s") ? String(collection.dropLast()) : collection
    }
}

/// What validating some items found and gathered: a `LintContext`'s lists, handed from a task
/// that validated a run of items to the context of the whole lint.
struct LintFacts: Sendable {
    var diagnostics: [Diagnostic]
    var assetUses: [AssetUse]
    var references: [ReferenceUse]
    var geoPoints: [GeoUse]
    var geoPaths: [GeoPathUse]
    var uniqueValues: [UniqueUse]
}

/// An asset path written in an item's field.
package struct AssetUse {
    package var path: String
    var spec: FieldSpec
    var location: SourceLocation
}

/// A reference written in an item's field.
struct ReferenceUse {
    var target: String
    var id: ItemID
    var location: SourceLocation
    var from: String
}

/// A geo point written in an item's field (degrees).
struct GeoUse {
    var latitude: Double
    var longitude: Double
    var location: SourceLocation
}

/// An ordered list of references whose targets carry a geo point in `geoField`.
struct GeoPathUse {
    var target: String
    var geoField: String
    var steps: [(id: ItemID, location: SourceLocation)]
    var owner: String
}

/// A value of a field marked unique.
struct UniqueUse {
    var collection: String
    var field: String
    var value: String
    var location: SourceLocation
}
