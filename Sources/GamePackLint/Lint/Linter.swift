import Foundation
import GamePackContent

/// Runs every lint rule over a loaded project and returns the findings, sorted by place: one
/// walk over the items (`ItemValidator`, calling the item, map, entry, value, field and text
/// rules; runs of items side by side), then the project rules and the asset inspection with
/// the asset rules, all side by side, their findings added as one pass in that order would
/// add them. `check(items:context:)` runs the per-item part for a few changed items.
public enum Linter {
    /// Lints `project`. Diagnostics met while loading are included, with the project's rule
    /// settings applied to them too.
    public static func lint(_ project: Project) async -> [Diagnostic] {
        await lintInspecting(project).diagnostics
    }

    /// `lint(_:)`, with what the asset inspection found in each asset it could read, by its
    /// path as `AssetPath.normalize` writes it: a build whose targets need no hashes of the
    /// assets takes their sizes, formats and dimensions from here instead of reading them again.
    package static func lintProbing(_ project: Project) async -> (diagnostics: [Diagnostic], probed: [String: MediaInfo]) {
        let (diagnostics, inspections) = await lintInspecting(project)
        var probed: [String: MediaInfo] = [:]
        for (path, inspection) in inspections {
            if case .probed(let info) = inspection { probed[AssetChecks.normalize(path)] = info }
        }
        return (diagnostics, probed)
    }

    /// `lint(_:)`, with the asset inspection's findings by asset path as the items name them.
    static func lintInspecting(_ project: Project) async -> (
        diagnostics: [Diagnostic], inspections: [String: AssetInspection]
    ) {
        // The asset inspection at the end reads the start of every asset: the disk can fetch
        // them meanwhile.
        let assetsFolder = project.root.path + "/assets/"
        ReadAhead.startInBackground(project.assetFiles.map { assetsFolder + $0 }, head: MediaProbe.headBytes)
        let context = LintContext(project: project)
        context.add(project.diagnostics)
        // The index the project rules look items up in is built beside the walk.
        async let index = ItemIndex(project.items)
        // Items are validated in runs of `walkRun`, side by side, each run into its own
        // context; the runs' findings and facts are then added in item order, so the result is
        // the same as one walk's.
        let runs = stride(from: 0, to: project.items.count, by: walkRun).map {
            $0..<min($0 + walkRun, project.items.count)
        }
        let parts = await runs.concurrentMap { run -> LintFacts in
            let part = LintContext(project: project)
            let validator = ItemValidator(context: part)
            for offset in run {
                let item = project.items[offset]
                // Items without a content type: `unknown-collection` (a project rule) reports them.
                guard let type = project.type(of: item.collection) else { continue }
                validator.validate(item, as: type)
            }
            return part.facts
        }
        for part in parts { context.append(part) }
        let itemIndex = await index
        context.itemIndex = itemIndex
        // The project rules and the asset inspection run side by side, each into a context of
        // its own holding the walk's facts; their findings are added in the order of one pass
        // over them: the rules in the registry's order, then the assets'.
        var facts = context.facts
        facts.diagnostics = []
        let walked = facts
        async let assets = assetFindings(project: project, facts: walked, index: itemIndex)
        let rules = LintRuleRegistry.projectRules
        let ruleFindings = await Array(rules.indices).concurrentMap { rule in
            let part = LintContext(project: project, facts: walked, index: itemIndex)
            rules[rule].check(project: part)
            return part.diagnostics
        }
        for findings in ruleFindings { context.append(findings: findings) }
        let (inspections, assetDiagnostics) = await assets
        context.append(findings: assetDiagnostics)
        let diagnostics = Diagnostic.sortedForReport(
            DiagnosticSubjects.placing(holdingBackConsequences(of: project.config, in: context.diagnostics), in: project))
        return (diagnostics, inspections)
    }

    /// The asset inspection's findings, in a context of their own, and what it found at each
    /// asset path.
    static func assetFindings(project: Project, facts: LintFacts, index: ItemIndex) async -> (
        [String: AssetInspection], [Diagnostic]
    ) {
        let part = LintContext(project: project, facts: facts, index: index)
        let inspections = await AssetChecks.run(part)
        return (inspections, part.diagnostics)
    }

    /// How many items one task of the walk validates.
    static let walkRun = 256

    /// `diagnostics` without the findings that follow from gamepack.yaml's errors (a misspelt
    /// `locales:` makes every Dutch text an unknown locale): those are replaced by one note
    /// saying how many were held back and why, so the config error is what the user fixes
    /// first. Unchanged when the config has no error.
    static func holdingBackConsequences(of config: ProjectConfig, in diagnostics: [Diagnostic]) -> [Diagnostic] {
        let affected = config.unsettled.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        let configFailed = diagnostics.contains { $0.rule == LintRule.config.rawValue && $0.severity == .error }
        guard configFailed, !affected.isEmpty else { return diagnostics }
        var kept: [Diagnostic] = []
        var heldBack: [Diagnostic] = []
        for diagnostic in diagnostics {
            if affected.contains(diagnostic.rule) {
                heldBack.append(diagnostic)
            } else {
                kept.append(diagnostic)
            }
        }
        guard !heldBack.isEmpty else { return diagnostics }
        let rules = Set(heldBack.map(\.rule)).sorted().joined(separator: ", ")
        let settings = config.unsettled.keys.sorted().map { "`\($0)`" }.joined(separator: ", ")
        let count = heldBack.count == 1 ? "1 more finding" : "\(heldBack.count) more findings"
        kept.append(
            Diagnostic(
                severity: .note, rule: LintRule.config.rawValue,
                message: "\(count) (\(rules)) not shown: they follow from the gamepack.yaml errors about \(settings); "
                    + "fix those first, then lint again",
                location: .file(Project.configFile)))
        return kept
    }
}
