import GamePackContent

/// `geo-range`: a latitude or longitude is out of range.
enum GeoRangeRule: ValueLintRule {
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
                position: {latitude: ↓152.3584, longitude: 4.8811}
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

    /// Whether the rule checks values of `type` (the walk hands it only those).
    static func checks(_ type: FieldType) -> Bool { type.isGeoPoint }

    /// A geo point whose coordinates are both numbers, one of them outside its range.
    static func check(value: LintValue, of spec: FieldSpec, context: LintContext) {
        guard let (latitude, longitude) = coordinates(of: value.node),
            !isInRange(latitude: latitude, longitude: longitude)
        else { return }
        let node = value.node
        let path = value.path
        let latitudeOK = (-90...90).contains(latitude)
        let swappedOK = isInRange(latitude: longitude, longitude: latitude)
        let location = !latitudeOK ? node["latitude"]!.location : node["longitude"]!.location
        let message =
            !latitudeOK
            ? "latitude \(LintValue.describe(latitude)) of `\(path)` is outside -90…90"
            : "longitude \(LintValue.describe(longitude)) of `\(path)` is outside -180…180"
        context.report(
            .geoRange, message + (swappedOK ? "; latitude and longitude look swapped" : "; use decimal degrees (WGS 84)"),
            at: location)
    }

    /// A geo point's coordinates when both are finite numbers.
    static func coordinates(of node: SourceNode) -> (latitude: Double, longitude: Double)? {
        guard let latitude = node["latitude"]?.doubleValue, latitude.isFinite, let longitude = node["longitude"]?.doubleValue,
            longitude.isFinite
        else { return nil }
        return (latitude, longitude)
    }

    /// Whether a point is on the globe: latitude in -90…90, longitude in -180…180.
    static func isInRange(latitude: Double, longitude: Double) -> Bool {
        (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }
}

extension LintRule {
    /// A latitude or longitude is out of range.
    public static let geoRange = LintRule(GeoRangeRule.self)
}
