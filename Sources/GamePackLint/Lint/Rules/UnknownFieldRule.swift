import GamePackContent

/// `unknown-field`: an item has a field its content type does not define.
enum UnknownFieldRule: EntryLintRule, ValueLintRule {
    static let id = "unknown-field"
    static let defaultSeverity = Severity.error
    static let summary = "An item has a field its content type does not define."
    static let details = "a field the type does not define (with \"did you mean\")"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/locations/2.yaml": """
                id: 2
                name: {en: Van Gogh Museum, nl: Het Van Gogh Museum}
                ↓descripton: {en: Paintings., nl: Schilderijen.}
                position: {latitude: 52.3584, longitude: 4.8811}
                """
            ]),
        .nonTriggering(
            [
                "content/locations/2.yaml": """
                id: 2
                name: {en: Van Gogh Museum, nl: Het Van Gogh Museum}
                description: {en: Paintings., nl: Schilderijen.}
                position: {latitude: 52.3584, longitude: 4.8811}
                """
            ]),
    ]

    /// A key of a map that is no field of its content type or object.
    static func check(entry: SourceEntry, spec: FieldSpec?, in map: LintMap, context: LintContext) {
        guard spec == nil else { return }
        let names = map.fields.map(\.name)
        let hint = Suggestions.closest(to: entry.key, among: names)
        let known =
            names.isEmpty
            ? "" : " Fields of \(map.collection)\(map.path.isEmpty ? "" : " \(map.path)"): \(names.joined(separator: ", "))."
        context.report(
            .unknownField,
            "unknown field `\(entry.key)`" + (hint.map { "; did you mean `\($0)`?" } ?? ".") + (hint == nil ? known : ""),
            at: entry.keyLocation, fix: hint)
    }

    /// What a geo point's misspelt keys most likely mean.
    static let geoAliases = ["lat": "latitude", "lng": "longitude", "lon": "longitude", "long": "longitude"]

    /// Whether the rule checks values of `type` (the walk hands it only those).
    static func checks(_ type: FieldType) -> Bool { type.isGeoPoint }

    /// Keys of a geo point other than `latitude` and `longitude`.
    static func check(value: LintValue, of spec: FieldSpec, context: LintContext) {
        for entry in value.node.entries ?? [] where entry.key != "latitude" && entry.key != "longitude" {
            let hint = geoAliases[entry.key] ?? Suggestions.closest(to: entry.key, among: ["latitude", "longitude"])
            context.report(
                .unknownField,
                "unknown field `\(entry.key)` in a geo point"
                    + (hint.map { "; did you mean `\($0)`?" } ?? "; write {latitude: …, longitude: …}"),
                at: entry.keyLocation, fix: hint)
        }
    }
}

extension LintRule {
    /// An item has a field its content type does not define.
    public static let unknownField = LintRule(UnknownFieldRule.self)
}
