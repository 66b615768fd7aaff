import Foundation

/// What a build does with a localized field that has a default-locale text but none for a
/// translation locale (`missing_translations:` in `gamepack.yaml`).
public enum MissingTranslationPolicy: String, Sendable, CaseIterable {
    /// Emit the default-locale text in its place; the build summary lists each fallback.
    case fallback
    /// Stop the build with an error at each missing translation; nothing is written.
    case fail
    /// Emit an empty text, as the gohike v1 server did (players see a blank). Imported gohike
    /// projects use it so that they rebuild to the exact content they were imported from.
    case empty
}

/// The missing translations of a project and the in-memory copy a build emits instead.
public enum TranslationFallback {
    /// Every missing translation (absent, null or empty text for a translation locale of a
    /// field that has a default-locale text), in project order, locale by locale.
    public static func missing(in project: Project) -> [TranslationState] {
        let inventory = TranslationInventory(project: project)
        return inventory.translationLocales.flatMap { locale in
            inventory.fields.filter { ($0.texts[locale]?.text ?? "").trimmedWhitespace.isEmpty }.map { $0.state(for: locale) }
        }
    }

    /// A copy of `project`, in memory only, in which each missing translation holds the
    /// default-locale text. Source files are not touched.
    public static func filling(_ project: Project) -> Project {
        let locales = project.config.translationLocales
        guard !locales.isEmpty else { return project }
        return TranslationInventory.settingTexts(in: project) { field in
            let missing = locales.filter { locale in
                guard let text = field.texts[locale]?.text else { return true }
                return text.trimmedWhitespace.isEmpty
            }
            return Dictionary(uniqueKeysWithValues: missing.map { ($0, field.source) })
        }
    }
}
