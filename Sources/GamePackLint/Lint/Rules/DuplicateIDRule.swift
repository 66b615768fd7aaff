import GamePackContent

/// `duplicate-id`: two items of one collection share an id.
enum DuplicateIDRule: ProjectLintRule {
    static let id = "duplicate-id"
    static let defaultSeverity = Severity.error
    static let summary = "Two items of one collection share an id."
    static let details = "two items of a collection with one id (notes where the first is)"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/locations/dup.yaml": """
                id: ↓1
                name: {en: Van Gogh Museum, nl: Het Van Gogh Museum}
                description: {en: Paintings., nl: Schilderijen.}
                position: {latitude: 52.3584, longitude: 4.8811}
                """
            ]),
        .nonTriggering(
            [
                "content/locations/dup.yaml": """
                id: 3
                name: {en: Van Gogh Museum, nl: Het Van Gogh Museum}
                description: {en: Paintings., nl: Schilderijen.}
                position: {latitude: 52.3584, longitude: 4.8811}
                """
            ]),
    ]

    static func check(project context: LintContext) {
        for (item, first) in context.itemIndex.duplicates {
            context.report(
                .duplicateID,
                "\(LintContext.label(item.collection, item.id)) is defined twice; give one of them a new id (ids must be unique within a collection)",
                at: item.node["id"]?.location ?? item.node.location,
                notes: ["first defined at \(first.node["id"]?.location ?? first.node.location)"])
        }
    }
}

extension LintRule {
    /// Two items of one collection share an id.
    public static let duplicateID = LintRule(DuplicateIDRule.self)
}
