import Foundation
import GamePackContent
import GamePackLocalization

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
                name: {en: Art Lover, nl: ↓Art Lover}
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
        // A translator approved the text as it stands (`l10n import` of a confirmed unit).
        .nonTriggering(
            [
                "content/rewards/1.yaml": """
                id: 1
                name:
                  en: Art Lover
                  nl: Art Lover  # gamepack:source nl=03fb6bf2:approved
                image: badges/art-lover.png
                """
            ]),
        // An approval made for an earlier source text no longer holds.
        .triggering(
            [
                "content/rewards/1.yaml": """
                id: 1
                name:
                  en: Art Lover
                  nl: ↓Art Lover  # gamepack:source nl=f8f13d89:approved
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
        if isApproved(text, locale: locale, source: source, in: context) { return }
        let defaultLocale = context.project.config.defaultLocale
        context.report(
            .identicalTranslation,
            "the \(LocaleNames.name(locale)) text of `\(text.path)` is identical to the \(LocaleNames.name(defaultLocale)); translate it, or turn this rule off for names that stay the same",
            at: text.location)
    }

    /// Whether the translator approved this identical text (`gamepack l10n import` of a
    /// confirmed unit writes `# gamepack:source nl=HASH:approved` on its line) for the source as
    /// it is now: then it counts as translated, as in `l10n status`. Read only for the few texts
    /// that are identical, and only in files the project lists as carrying markers.
    static func isApproved(_ text: LintText, locale: String, source: String, in context: LintContext) -> Bool {
        let project = context.project
        guard text.location.hasPosition, project.markedFiles.contains(text.location.file),
            let data = FileManager.default.contents(atPath: project.root.path + "/" + text.location.file),
            let line = SourceLines(data).line(text.location.line)
        else { return false }
        let pairs = TranslationInventory.storedPairs(onLine: line, from: text.location.column)
        guard let stored = SourceHash.lookup(pairs, field: text.path, locale: locale) else { return false }
        return stored.approved && stored.hash == SourceHash.of(source)
    }
}

extension LintRule {
    /// A translation is identical to the default-locale text.
    public static let identicalTranslation = LintRule(IdenticalTranslationRule.self)
}
