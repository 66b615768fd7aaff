import Foundation
import GamePackContent

/// The missing translations of a project and the in-memory copy a build emits instead.
public enum TranslationFallback {
    /// Every missing translation (absent, null or empty text for a translation locale of a
    /// field that has a default-locale text), in project order, locale by locale.
    public static func missing(in project: Project) async -> [TranslationState] {
        let locales = project.config.translationLocales
        guard !locales.isEmpty, await mayMiss(in: project, locales: locales) else { return [] }
        let inventory = TranslationInventory(project: project)
        return inventory.translationLocales.flatMap { locale in
            inventory.fields.filter { ($0.texts[locale]?.text ?? "").trimmedWhitespace.isEmpty }.map { $0.state(for: locale) }
        }
    }

    /// Whether some localized value may lack a translation: a walk over the items that builds
    /// nothing, so that a fully translated project (the usual case) skips the inventory, which
    /// takes about 0.15 s for 20,000 items. It errs on the side of true: any value that is not a
    /// map with a non-blank text for every locale in `locales` counts. The items are walked in
    /// runs on all cores, each run stopping at its first gap.
    static func mayMiss(in project: Project, locales: [String]) async -> Bool {
        let runs = [ContentItem].runs(count: project.items.count, cores: ProcessInfo.processInfo.activeProcessorCount)
        return await runs.concurrentMap { run in
            !project.items[run].allSatisfy { isComplete($0, in: project, locales: locales) }
        }.contains(true)
    }

    /// Whether every localized value of `item` has a non-blank text for each of `locales`
    /// (an item without an id or a content type counts as complete: nothing of it is built).
    static func isComplete(_ item: ContentItem, in project: Project, locales: [String]) -> Bool {
        guard item.id != nil, let type = project.type(of: item.collection) else { return true }
        return TranslationInventory.forEachLocalized(in: item.node, type: type) { node, _, _, _, _ in
            guard let entries = node.entries else { return false }
            return locales.allSatisfy { locale in
                guard let text = entries.first(where: { $0.key == locale })?.value.scalarText else { return false }
                return !text.trimmedWhitespace.isEmpty
            }
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
