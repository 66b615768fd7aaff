/// `identical-translation`: a translation is identical to the default-locale text.
enum IdenticalTranslationRule: TextLintRule {
    static let id = "identical-translation"
    static let defaultSeverity = Severity.warning
    static let summary = "A translation is identical to the default-locale text."
    static let details = "a translation equal to the default-locale text"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/rewards/1.yaml": """
                id: 1
                name: {en: Art Lover, nl: Art Lover}
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

    /// A translation equal to its default-locale text, ignoring surrounding white space; texts
    /// without letters (numbers, codes) may stay the same.
    static func check(_ text: LintText, of spec: FieldSpec, in context: LintContext) {
        guard let source = text.source, let locale = text.locale else { return }
        let trimmed = text.text.trimmedWhitespace
        guard trimmed == source.trimmedWhitespace, trimmed.unicodeScalars.contains(where: \.properties.isAlphabetic) else {
            return
        }
        let defaultLocale = context.project.config.defaultLocale
        context.report(
            .identicalTranslation,
            "the \(LocaleNames.name(locale)) text of `\(text.path)` is identical to the \(LocaleNames.name(defaultLocale)); translate it, or turn this rule off for names that stay the same",
            at: text.location)
    }
}

extension LintRule {
    /// A translation is identical to the default-locale text.
    public static let identicalTranslation = LintRule(IdenticalTranslationRule.self)
}
