import GamePackContent

/// `duplicate-value`: two items share the value of a field marked unique.
enum DuplicateValueRule: ProjectLintRule {
    static let id = "duplicate-value"
    static let defaultSeverity = Severity.error
    static let summary = "Two items share the value of a field marked unique."
    static let details = "two items sharing a `unique` field's value"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/sounds/2.yaml": """
                id: 2
                name: Hit
                file: sounds/hit.wav
                volume: 0.8
                code: ↓HIT
                """
            ]),
        .nonTriggering(
            [
                "content/sounds/2.yaml": """
                id: 2
                name: Hit
                file: sounds/hit.wav
                volume: 0.8
                code: HOT
                """
            ]),
    ]

    static func check(project context: LintContext) {
        var seenValues: [String: UniqueUse] = [:]
        for use in context.uniqueValues {
            let key = "\(use.collection)\u{0}\(use.field)\u{0}\(use.value)"
            if let first = seenValues[key] {
                context.report(
                    .duplicateValue, "`\(use.field)` must be unique in \(use.collection), but `\(use.value)` is used twice",
                    at: use.location, notes: ["first used at \(first.location)"])
            } else {
                seenValues[key] = use
            }
        }
    }
}

extension LintRule {
    /// Two items share the value of a field marked unique.
    public static let duplicateValue = LintRule(DuplicateValueRule.self)
}
