import GamePackContent

extension Linter {
    /// The findings `lint` gives for `items` alone, with `project` (whose items they are among)
    /// answering their references through `index`: the per-item rules, then every project rule
    /// over what these items hold (their references, waypoint distances, unique values,
    /// coordinates, stale translations), then the asset checks of the assets they name. Rules
    /// that need every item to say anything (`unused-asset`) are left out; duplicate ids are
    /// kept for the items' files only. What the studio validates an edited item with, in
    /// milliseconds where a whole lint takes seconds: the caller picks the items a change can
    /// affect (the item, its referrers, the items sharing its unique values).
    package static func lint(only items: [ContentItem], of project: Project, index: ItemIndex) -> [Diagnostic] {
        let files = Set(items.map(\.file))
        var slice = project
        slice.items = items
        slice.markedFiles = project.markedFiles.intersection(files)
        let context = LintContext(project: slice)
        context.itemIndex = index
        context.add(project.diagnostics.filter { files.contains($0.location?.file ?? "") })
        let validator = ItemValidator(context: context)
        for item in items {
            guard let type = project.type(of: item.collection) else { continue }
            validator.validate(item, as: type)
        }
        for rule in LintRuleRegistry.projectRules where ObjectIdentifier(rule) != ObjectIdentifier(UnusedAssetRule.self) {
            rule.check(project: context)
        }
        AssetChecks.runSerially(context)
        let own = context.diagnostics.filter { $0.location.map { files.contains($0.file) } ?? false }
        return Diagnostic.sortedForReport(
            DiagnosticSubjects.placing(holdingBackConsequences(of: project.config, in: own), in: slice))
    }
}
