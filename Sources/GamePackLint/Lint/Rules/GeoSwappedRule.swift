import GamePackContent

/// `geo-swapped`: a geo point looks like it has latitude and longitude swapped.
enum GeoSwappedRule: ProjectLintRule {
    static let id = "geo-swapped"
    static let defaultSeverity = Severity.warning
    static let summary = "A geo point looks like it has latitude and longitude swapped."
    static let details = "a point thousands of km from the others that swapping would bring among them"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/locations/2.yaml": """
                id: 2
                name: {en: Van Gogh Museum, nl: Het Van Gogh Museum}
                description: {en: Paintings., nl: Schilderijen.}
                position: ↓{latitude: 4.8811, longitude: 52.3584}
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

    /// A point far from all the others whose swapped coordinates land among them was most
    /// likely written with latitude and longitude swapped.
    static func check(project context: LintContext) {
        let points = context.geoPoints
        guard points.count >= 3 else { return }
        let latitudes = points.map(\.latitude).sorted(), longitudes = points.map(\.longitude).sorted()
        let medianLatitude = latitudes[latitudes.count / 2], medianLongitude = longitudes[longitudes.count / 2]
        for point in points {
            let distance = Geo.distance(point.latitude, point.longitude, medianLatitude, medianLongitude)
            let swapped = Geo.distance(point.longitude, point.latitude, medianLatitude, medianLongitude)
            if distance > 500_000 && swapped < 100_000 {
                context.report(
                    .geoSwapped,
                    "this point (\(point.latitude), \(point.longitude)) is \(Geo.describe(meters: distance)) from the project's other places, but only \(Geo.describe(meters: swapped)) with latitude and longitude swapped; swap them",
                    at: point.location)
            }
        }
    }
}

extension LintRule {
    /// A geo point looks like it has latitude and longitude swapped.
    public static let geoSwapped = LintRule(GeoSwappedRule.self)
}
