import GamePackContent

/// `dangling-reference`: a reference names an item that does not exist.
enum DanglingReferenceRule: ProjectLintRule {
    static let id = "dangling-reference"
    static let defaultSeverity = Severity.error
    static let summary = "A reference names an item that does not exist."
    static let details = "a reference to an item that does not exist (names the closest id)"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/routes/1.yaml": """
                id: 1
                profile: 1
                name: {en: Museum Walk, nl: Museumwandeling}
                reward: 1
                waypoints: [1, 2, ↓7]
                """
            ]),
        .nonTriggering(
            [
                "content/routes/1.yaml": """
                id: 1
                profile: 1
                name: {en: Museum Walk, nl: Museumwandeling}
                reward: 1
                waypoints: [2, 1]
                """
            ]),
    ]

    static func check(project context: LintContext) {
        let project = context.project
        let idsByCollection = context.itemIndex.positions
        // A collection with a file that failed to load may hold the referenced item: the syntax
        // error is reported, and a reference into it is checked once the file loads again.
        let unloadedCollections = Set(
            project.unloadedFiles.compactMap { $0.split(separator: "/").dropFirst().first.map(String.init) })
        for reference in context.references where !unloadedCollections.contains(reference.target) {
            guard project.types[reference.target] != nil else {
                context.report(
                    .danglingReference,
                    "\(reference.from) refers to collection `\(reference.target)`, which has no content type",
                    at: reference.location)
                continue
            }
            let ids = idsByCollection[reference.target] ?? [:]
            if ids[reference.id] == nil {
                let closest = closestID(to: reference.id, among: Array(ids.keys))
                let what = LintContext.label(reference.target, reference.id)
                context.report(
                    .danglingReference,
                    "\(reference.from) refers to \(what), which does not exist"
                        + (closest.map { "; the closest existing id is \($0)" } ?? "; \(reference.target) has no items"),
                    at: reference.location, fix: closest?.text)
            }
        }
    }

    /// The existing id nearest to a missing one: numerically for numbers, else by spelling.
    static func closestID(to id: ItemID, among ids: [ItemID]) -> ItemID? {
        if let number = id.number {
            return ids.filter { $0.number != nil }.min {
                (abs($0.number! - number), $0.number!) < (abs($1.number! - number), $1.number!)
            } ?? ids.min()
        }
        return ids.min {
            (Suggestions.editDistance(id.text, $0.text), $0) < (Suggestions.editDistance(id.text, $1.text), $1)
        }
    }
}

extension LintRule {
    /// A reference names an item that does not exist.
    public static let danglingReference = LintRule(DanglingReferenceRule.self)
}
