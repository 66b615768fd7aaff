import GamePackContent

extension Linter {
    /// Lints `items` only, for the preview (and any editor) after a change: the item walk with
    /// the item, map, value, field and text rules, then `dangling-reference` on the items'
    /// references and the asset rules on the assets they name. The rules that need the whole
    /// project (duplicates, translations across items, unused assets) wait for a full `lint`.
    /// `context.project` is the project with `items` in it; `context.itemIndex` answers the
    /// references (built from the project unless set).
    package static func check(items: [ContentItem], context: LintContext) {
        let project = context.project
        let validator = ItemValidator(context: context)
        for item in items {
            guard let type = project.type(of: item.collection) else { continue }
            validator.validate(item, as: type)
        }
        if context.settings.severity(of: .danglingReference) != nil {
            DanglingReferenceRule.check(project: context)
        }
        AssetChecks.runSerially(context)
    }
}
