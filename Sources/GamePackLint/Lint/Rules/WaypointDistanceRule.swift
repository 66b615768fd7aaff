import GamePackContent

/// `waypoint-distance`: a waypoint is farther from the previous one than allowed.
enum WaypointDistanceRule: ProjectLintRule {
    static let id = "waypoint-distance"
    static let defaultSeverity = Severity.warning
    static let summary = "A waypoint is farther from the previous one than allowed."
    static let details = "a waypoint farther than `lint.waypoint_max_meters` (5 km) from the previous one"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/locations/2.yaml": """
                id: 2
                name: {en: Van Gogh Museum, nl: Het Van Gogh Museum}
                description: {en: Paintings., nl: Schilderijen.}
                position: {latitude: 52.4000, longitude: 4.9500}
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

    /// Consecutive waypoints farther apart than `lint.waypoint_max_meters`.
    static func check(project context: LintContext) {
        let limit = context.settings.waypointMaxMeters
        let index = context.itemIndex
        for path in context.geoPaths {
            let targets = index.positions[path.target] ?? [:]
            var previous: (id: ItemID, latitude: Double, longitude: Double)?
            for step in path.steps {
                guard let position = targets[step.id], let geo = index.items[position].node[path.geoField],
                    let latitude = geo["latitude"]?.doubleValue, let longitude = geo["longitude"]?.doubleValue,
                    (-90...90).contains(latitude), (-180...180).contains(longitude)
                else {
                    previous = nil
                    continue
                }
                if let previous {
                    let meters = Geo.distance(previous.latitude, previous.longitude, latitude, longitude)
                    if meters > limit {
                        context.report(
                            .waypointDistance,
                            "in \(path.owner), \(LintContext.label(path.target, step.id)) is \(Geo.describe(meters: meters)) from the previous waypoint (\(LintContext.label(path.target, previous.id))); the limit is \(Geo.describe(meters: limit)) (lint.waypoint_max_meters). Check its position or the order",
                            at: step.location)
                    }
                }
                previous = (step.id, latitude, longitude)
            }
        }
    }
}

extension LintRule {
    /// A waypoint is farther from the previous one than allowed.
    public static let waypointDistance = LintRule(WaypointDistanceRule.self)
}
