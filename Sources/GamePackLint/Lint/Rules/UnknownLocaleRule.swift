import GamePackContent

/// `unknown-locale`: a localized field has a text for a locale the project does not have.
enum UnknownLocaleRule: ValueLintRule {
    static let id = "unknown-locale"
    static let defaultSeverity = Severity.error
    static let summary = "A localized field has a text for a locale the project does not have."
    static let details = "a text for a locale the project does not have"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/rewards/1.yaml": """
                id: 1
                name: {en: Art Lover, nl: Kunstliefhebber, ↓fr: Amateur d’art}
                image: badges/art-lover.png
                """
            ]),
        .nonTriggering(
            [
                "content/rewards/1.yaml": """
                id: 1
                name: {en: Art Lover, nl: Kunstliefhebber}
                image: badges/art-lover.png
                """
            ]),
    ]

    /// Whether the rule checks values of `type` (the walk hands it only those).
    static func checks(_ type: FieldType) -> Bool { type.isLocalized }

    /// A `localized` value's texts for locales the project does not have.
    static func check(value: LintValue, of spec: FieldSpec, context: LintContext) {
        guard let localized = value.localized else { return }
        let locales = context.project.config.locales
        for entry in localized.unknownLocales {
            let hint = Suggestions.closest(to: entry.key, among: locales)
            context.report(
                .unknownLocale,
                "`\(value.path)` has a text for `\(entry.key)`, which is not one of the project's locales (\(locales.joined(separator: ", ")))"
                    + (hint.map { "; did you mean `\($0)`?" } ?? "; add it to `locales` in gamepack.yaml or remove it"),
                at: entry.keyLocation, fix: hint)
        }
    }
}

extension LintRule {
    /// A localized field has a text for a locale the project does not have.
    public static let unknownLocale = LintRule(UnknownLocaleRule.self)
}
