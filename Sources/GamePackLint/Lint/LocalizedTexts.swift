import GamePackContent

/// A `localized` value read once for the item walk and every rule: a map of locale → text, or
/// one string for the default locale.
struct LocalizedTexts {
    /// The non-empty texts in the project's locales, by locale.
    var texts: [String: (text: String, location: SourceLocation)] = [:]
    /// Where a locale's text is empty (`""`) or null, by locale.
    var emptyLocations: [String: SourceLocation] = [:]
    /// The entries for a locale the project does not have, in file order.
    var unknownLocales: [SourceEntry] = []
    /// The entries of a project locale whose value is a list or a map, in file order.
    var notText: [SourceEntry] = []

    /// Reads `node`, a scalar or a map (`WrongTypeRule` reports anything else first).
    init(_ node: SourceNode, config: ProjectConfig) {
        if let text = node.scalarText {
            // `name: ""` is as empty as `name: {en: ""}`.
            if text.isEmpty {
                emptyLocations[config.defaultLocale] = node.location
            } else {
                texts[config.defaultLocale] = (text, node.location)
            }
            return
        }
        for entry in node.entries ?? [] {
            guard config.locales.contains(entry.key) else {
                unknownLocales.append(entry)
                continue
            }
            if case .null = entry.value.value {
                emptyLocations[entry.key] = entry.value.location
                continue
            }
            guard let text = entry.value.scalarText else {
                notText.append(entry)
                continue
            }
            if text.isEmpty {
                emptyLocations[entry.key] = entry.value.location
            } else {
                texts[entry.key] = (text, entry.value.location)
            }
        }
    }
}
