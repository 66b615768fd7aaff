/// `geo-range`: a latitude or longitude is out of range.
///
/// Reported by the item walk (`ItemValidator`); this file describes the rule.
enum GeoRangeRule: LintRuleDefinition {
    static let id = "geo-range"
    static let defaultSeverity = Severity.error
    static let summary = "A latitude or longitude is out of range."
    static let details = "latitude outside ±90 or longitude outside ±180 (says when they look swapped)"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/locations/2.yaml": """
                id: 2
                name: {en: Van Gogh Museum, nl: Het Van Gogh Museum}
                description: {en: Paintings., nl: Schilderijen.}
                position: {latitude: 152.3584, longitude: 4.8811}
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
}

extension LintRule {
    /// A latitude or longitude is out of range.
    public static let geoRange = LintRule(GeoRangeRule.self)
}
