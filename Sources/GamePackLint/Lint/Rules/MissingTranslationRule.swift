import GamePackContent

/// `missing-translation`: a localized field lacks a text for a project locale.
enum MissingTranslationRule: ValueLintRule {
    static let id = "missing-translation"
    static let defaultSeverity = Severity.warning
    static let summary = "A localized field lacks a text for a project locale."
    static let details = "a localized field without a text for a project locale"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/rewards/1.yaml": """
                id: 1
                name: ↓{en: Art Lover}
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

    /// A `localized` value without a text in a translation locale, or (when not required) with
    /// translations but no default-locale text.
    static func check(value: LintValue, of spec: FieldSpec, context: LintContext) {
        guard let localized = value.localized else { return }
        let config = context.project.config
        let defaultLocale = config.defaultLocale
        let path = value.path
        guard localized.texts[defaultLocale] != nil else {
            // A required value without its source text is `missing-required`.
            if !spec.required, !localized.texts.isEmpty {
                context.report(
                    .missingTranslation,
                    "`\(path)` has translations but no \(LocaleNames.name(defaultLocale)) (\(defaultLocale)) source text; add `\(defaultLocale): …`",
                    at: localized.emptyLocations[defaultLocale] ?? value.node.location)
            }
            return
        }
        for locale in config.translationLocales where localized.texts[locale] == nil {
            context.report(
                .missingTranslation,
                "`\(path)` has no \(LocaleNames.name(locale)) (\(locale)) translation; add `\(locale): …`",
                at: localized.emptyLocations[locale] ?? value.node.location)
        }
    }
}

extension LintRule {
    /// A localized field lacks a text for a project locale.
    public static let missingTranslation = LintRule(MissingTranslationRule.self)
}
