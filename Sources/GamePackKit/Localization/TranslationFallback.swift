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
            inventory.states(for: locale).filter { $0.status == .missing }
        }
    }

    /// A copy of `project`, in memory only, in which each missing translation holds the
    /// default-locale text. Source files are not touched.
    public static func filling(_ project: Project) -> Project {
        let locales = project.config.translationLocales
        guard !locales.isEmpty else { return project }
        var result = project
        let defaultLocale = project.config.defaultLocale
        for index in result.items.indices {
            let item = result.items[index]
            guard let id = item.id, let type = project.type(of: item.collection) else { continue }
            let fields = TranslationInventory.fields(
                of: item.node, collection: item.collection, id: id, type: type, defaultLocale: defaultLocale, line: { _ in nil })
            for field in fields {
                let missing = locales.filter { locale in
                    guard let text = field.texts[locale]?.text else { return true }
                    return text.trimmedWhitespace.isEmpty
                }
                guard !missing.isEmpty else { continue }
                let source = SourceNode(.string(field.source), raw: nil, isQuoted: true, location: field.node.location)
                result.items[index].node =
                    result.items[index].node.updating(SourceShape.steps(field.field)[...]) { node in
                        var entries = node.entries ?? [SourceEntry(key: defaultLocale, keyLocation: node.location, value: node)]
                        entries.removeAll { missing.contains($0.key) }
                        for locale in missing { entries.append(SourceEntry(key: locale, keyLocation: node.location, value: source)) }
                        return SourceNode(.map(entries), location: node.location)
                    } ?? result.items[index].node
            }
        }
        return result
    }
}
