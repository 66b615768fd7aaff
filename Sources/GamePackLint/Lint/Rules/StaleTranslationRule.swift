import GamePackContent
import GamePackLocalization

/// `stale-translation`: a translation was made from a default-locale text that has since changed.
enum StaleTranslationRule: ProjectLintRule {
    static let id = "stale-translation"
    static let defaultSeverity = Severity.warning
    static let summary = "A translation was made from a default-locale text that has since changed."
    static let details =
        "a translation made from an earlier default-locale text (the `# gamepack:source` hash `gamepack l10n import` writes)"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/rewards/1.yaml": """
                id: 1
                name:
                  en: Art Lover
                  nl: ↓Kunstliefhebber  # gamepack:source nl=f8f13d89
                image: badges/art-lover.png
                """
            ]),
        .nonTriggering(
            [
                "content/rewards/1.yaml": """
                id: 1
                name:
                  en: Art Fan
                  nl: Kunstliefhebber  # gamepack:source nl=f8f13d89
                image: badges/art-lover.png
                """
            ]),
    ]

    /// Translations whose stored source hash (`# gamepack:source nl=…`, written by
    /// `gamepack l10n import`) no longer matches the default-locale text.
    static func check(project context: LintContext) {
        let inventory = TranslationInventory(project: context.project, onlyMarkedFiles: true)
        for locale in inventory.translationLocales {
            for state in inventory.states(for: locale) where state.status == .stale {
                let path = "\(state.field)"
                context.report(
                    .staleTranslation,
                    "the \(LocaleNames.name(locale)) text of `\(path)` was translated from an earlier \(LocaleNames.name(inventory.defaultLocale)) text; update the translation (export with `gamepack l10n export --only stale`), or re-import it to mark it current",
                    at: state.location)
            }
        }
    }
}

extension LintRule {
    /// A translation was made from a default-locale text that has since changed.
    public static let staleTranslation = LintRule(StaleTranslationRule.self)
}
