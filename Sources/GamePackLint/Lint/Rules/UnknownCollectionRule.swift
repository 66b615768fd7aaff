import GamePackContent

/// `unknown-collection`: a folder under content/ has no content type.
///
/// Also reported, with `RuleID.unknownCollection`, by loading for a file directly in content/.
enum UnknownCollectionRule: ProjectLintRule {
    static let id = RuleID.unknownCollection
    static let defaultSeverity = Severity.error
    static let summary = "A folder under content/ has no content type."
    static let details = "a `content/<folder>` with no content type"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/widgets/1.yaml": """
                id: 1
                """
            ]),
        .nonTriggering(
            [
                "content/sounds/2.yaml": """
                id: 2
                name: Miss
                file: sounds/hit.wav
                code: MIS
                """
            ]),
    ]

    /// The first item of each collection without a content type (one finding per folder).
    static func check(project context: LintContext) {
        let project = context.project
        var seen: Set<String> = []
        for item in project.items where project.type(of: item.collection) == nil && seen.insert(item.collection).inserted {
            let hint = Suggestions.closest(to: item.collection, among: project.types.keys)
            context.report(
                .unknownCollection,
                "no content type for collection `\(item.collection)`"
                    + (hint.map { "; did you mean `content/\($0)/`?" } ?? "; add schema/\(item.collection).yaml"),
                at: .file(item.file), fix: hint)
        }
    }
}

extension LintRule {
    /// A folder under content/ has no content type.
    public static let unknownCollection = LintRule(UnknownCollectionRule.self)
}
