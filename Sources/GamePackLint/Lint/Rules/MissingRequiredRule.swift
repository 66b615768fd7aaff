import GamePackContent

/// `missing-required`: a required field is absent or empty.
enum MissingRequiredRule: ItemLintRule, MapLintRule, ValueLintRule {
    static let id = "missing-required"
    static let defaultSeverity = Severity.error
    static let summary = "A required field is absent or empty."
    static let details = "a required field absent or empty; an item without `id`"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/locations/3.yaml": """
                ↓id: 3
                name: {en: Dam Square, nl: De Dam}
                """
            ]),
        .nonTriggering(
            [
                "content/locations/3.yaml": """
                id: 3
                name: {en: Dam Square, nl: De Dam}
                position: {latitude: 52.3731, longitude: 4.8926}
                """
            ]),
    ]

    /// An item without `id:`.
    static func check(item: ContentItem, context: LintContext) {
        guard item.node["id"] == nil else { return }
        context.report(
            .missingRequired, "this \(LintContext.label(item.collection, nil)) has no `id:`; add a stable id such as `id: 1`",
            at: item.node.location)
    }

    /// Required fields a map lacks or leaves empty.
    static func check(map: LintMap, context: LintContext) {
        let entries = map.node.entries ?? []
        for spec in map.fields where spec.required {
            let value = entries.first { $0.key == spec.name }?.value
            if value == nil {
                context.report(
                    .missingRequired,
                    "\(map.owner) has no `\(map.path(of: spec.name))` (\(spec.type.rawValue)), which is required; add it",
                    at: map.node.location)
            } else if let value, value.isEmpty, spec.type != .localized || value.isNull {
                // An empty localized map or text is reported per locale (`check(value:)`); a
                // bare `name:` (null) never gets there.
                context.report(
                    .missingRequired, "`\(map.path(of: spec.name))` is required but empty; fill it in", at: value.location)
            }
        }
    }

    /// Whether the rule checks values of `type` (the walk hands it only those).
    static func checks(_ type: FieldType) -> Bool {
        switch type {
        case .geo, .localized: true
        case .string, .text, .int, .number, .bool, .date, .url, .enum, .image, .audio, .reference, .list, .object: false
        }
    }

    /// A geo point without a coordinate; a required `localized` value without its
    /// default-locale text.
    static func check(value: LintValue, of spec: FieldSpec, context: LintContext) {
        let node = value.node
        let path = value.path
        switch spec.type {
        case .geo:
            for name in ["latitude", "longitude"] where node[name] == nil {
                context.report(.missingRequired, "the geo point `\(path)` has no `\(name)`", at: node.location)
            }
        case .localized:
            let defaultLocale = context.project.config.defaultLocale
            guard spec.required, let localized = value.localized, localized.texts[defaultLocale] == nil else { return }
            context.report(
                .missingRequired,
                "`\(path)` has no \(LocaleNames.name(defaultLocale)) (\(defaultLocale)) text, the default locale; add `\(defaultLocale): …`",
                at: localized.emptyLocations[defaultLocale] ?? node.location)
        case .string, .text, .int, .number, .bool, .date, .url, .enum, .image, .audio, .reference, .list, .object:
            break
        }
    }
}

extension LintRule {
    /// A required field is absent or empty.
    public static let missingRequired = LintRule(MissingRequiredRule.self)
}
