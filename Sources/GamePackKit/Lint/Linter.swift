import Foundation

/// Runs every lint rule over a loaded project and returns the findings, sorted by place: one
/// walk over the items (`ItemValidator`, calling the text rules), then the project rules, then
/// the asset inspection.
public enum Linter {
    /// Lints `project`. Diagnostics met while loading are included, with the project's rule
    /// settings applied to them too.
    public static func lint(_ project: Project) async -> [Diagnostic] {
        let context = LintContext(project: project)
        context.add(project.diagnostics)
        let validator = ItemValidator(context: context)
        var reportedCollections: Set<String> = []
        for item in project.items {
            guard let type = project.type(of: item.collection) else {
                if reportedCollections.insert(item.collection).inserted {
                    let hint = Suggestions.closest(to: item.collection, among: project.types.keys)
                    context.report(
                        .unknownCollection,
                        "no content type for collection `\(item.collection)`"
                            + (hint.map { "; did you mean `content/\($0)/`?" } ?? "; add schema/\(item.collection).yaml"),
                        at: .file(item.file), fix: hint)
                }
                continue
            }
            validator.validate(item, as: type)
        }
        for rule in LintRuleRegistry.projectRules {
            rule.check(project: context)
        }
        await AssetChecks.run(context)
        return Diagnostic.sortedForReport(holdingBackConsequences(of: project.config, in: context.diagnostics))
    }

    /// `diagnostics` without the findings that follow from gamepack.yaml's errors (a misspelt
    /// `locales:` makes every Dutch text an unknown locale): those are replaced by one note
    /// saying how many were held back and why, so the config error is what the user fixes
    /// first. Unchanged when the config has no error.
    static func holdingBackConsequences(of config: ProjectConfig, in diagnostics: [Diagnostic]) -> [Diagnostic] {
        let affected = config.unsettled.values.reduce(into: Set<LintRule>()) { $0.formUnion($1) }
        let configFailed = diagnostics.contains { $0.rule == LintRule.config.rawValue && $0.severity == .error }
        guard configFailed, !affected.isEmpty else { return diagnostics }
        var kept: [Diagnostic] = []
        var heldBack: [Diagnostic] = []
        for diagnostic in diagnostics {
            if let rule = LintRule(rawValue: diagnostic.rule), affected.contains(rule) {
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
