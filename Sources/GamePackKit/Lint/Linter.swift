import Foundation

/// Runs every lint rule over a loaded project and returns the findings, sorted by place.
public enum Linter {
    /// Lints `project`. Diagnostics met while loading are included, with the project's rule
    /// settings applied to them too.
    public static func lint(_ project: Project) async -> [Diagnostic] {
        let context = LintContext(project: project)
        context.add(project.diagnostics)
        let validator = ItemValidator(context: context)
        var reportedCollections: Set<String> = []
        for item in project.items {
            guard let type = project.type(of: item.collection) else {
                if reportedCollections.insert(item.collection).inserted {
                    let hint = Suggestions.closest(to: item.collection, among: project.types.keys)
                    context.report(
                        .unknownCollection,
                        "no content type for collection `\(item.collection)`"
                            + (hint.map { "; did you mean `content/\($0)/`?" } ?? "; add schema/\(item.collection).yaml"),
                        at: .file(item.file), fix: hint)
                }
                continue
            }
            validator.validate(item, as: type)
        }
        ProjectChecks.run(context)
        ProjectChecks.checkStaleTranslations(context)
        await AssetChecks.run(context)
        return Diagnostic.sortedForReport(context.diagnostics)
    }
}

/// Checks that need every item: ids, uniqueness, references, geo heuristics.
enum ProjectChecks {
    static func run(_ context: LintContext) {
        let project = context.project
        var idsByCollection: [String: [ItemID: ContentItem]] = [:]
        for item in project.items {
            guard let id = item.id else { continue }
            if let first = idsByCollection[item.collection]?[id] {
                context.report(
                    .duplicateID,
                    "\(LintContext.label(item.collection, id)) is defined twice; give one of them a new id (ids must be unique within a collection)",
                    at: item.node["id"]?.location ?? item.node.location,
                    notes: ["first defined at \(first.node["id"]?.location ?? first.node.location)"])
            } else {
                idsByCollection[item.collection, default: [:]][id] = item
            }
        }

        var seenValues: [String: UniqueUse] = [:]
        for use in context.uniqueValues {
            let key = "\(use.collection)\u{0}\(use.field)\u{0}\(use.value)"
            if let first = seenValues[key] {
                context.report(
                    .duplicateValue, "`\(use.field)` must be unique in \(use.collection), but `\(use.value)` is used twice",
                    at: use.location, notes: ["first used at \(first.location)"])
            } else {
                seenValues[key] = use
            }
        }

        // A collection with a file that failed to load may hold the referenced item: the syntax
        // error is reported, and a reference into it is checked once the file loads again.
        let unloadedCollections = Set(project.unloadedFiles.compactMap { $0.split(separator: "/").dropFirst().first.map(String.init) })
        for reference in context.references where !unloadedCollections.contains(reference.target) {
            guard project.types[reference.target] != nil else {
                context.report(
                    .danglingReference,
                    "\(reference.from) refers to collection `\(reference.target)`, which has no content type",
                    at: reference.location)
                continue
            }
            let ids = idsByCollection[reference.target] ?? [:]
            if ids[reference.id] == nil {
                let closest = closestID(to: reference.id, among: Array(ids.keys))
                let what = LintContext.label(reference.target, reference.id)
                context.report(
                    .danglingReference,
                    "\(reference.from) refers to \(what), which does not exist"
                        + (closest.map { "; the closest existing id is \($0)" } ?? "; \(reference.target) has no items"),
                    at: reference.location, fix: closest?.text)
            }
        }

        checkSwappedPoints(context)
        checkGeoPaths(context, idsByCollection: idsByCollection)
    }

    /// The existing id nearest to a missing one: numerically for numbers, else by spelling.
    /// Translations whose stored source hash (`# gamepack:source nl=…`, written by
    /// `gamepack l10n import`) no longer matches the default-locale text.
    static func checkStaleTranslations(_ context: LintContext) {
        let inventory = TranslationInventory(project: context.project, onlyMarkedFiles: true)
        for locale in inventory.translationLocales {
            for state in inventory.states(for: locale) where state.status == .stale {
                let path = "\(state.field)"
                context.report(
                    .staleTranslation,
                    "the \(LocaleNames.name(locale)) text of `\(path)` was translated from an earlier \(LocaleNames.name(inventory.defaultLocale)) text; update the translation (export with `gamepack l10n export --only stale`), or re-import it to mark it current",
                    at: state.location)
            }
        }
    }

    static func closestID(to id: ItemID, among ids: [ItemID]) -> ItemID? {
        if let number = id.number {
            return ids.filter { $0.number != nil }.min {
                (abs($0.number! - number), $0.number!) < (abs($1.number! - number), $1.number!)
            } ?? ids.min()
        }
        return ids.min {
            (Suggestions.editDistance(id.text, $0.text), $0) < (Suggestions.editDistance(id.text, $1.text), $1)
        }
    }

    /// A point far from all the others whose swapped coordinates land among them was most
    /// likely written with latitude and longitude swapped.
    static func checkSwappedPoints(_ context: LintContext) {
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

    /// Consecutive waypoints farther apart than `lint.waypoint_max_meters`.
    static func checkGeoPaths(_ context: LintContext, idsByCollection: [String: [ItemID: ContentItem]]) {
        let limit = context.settings.waypointMaxMeters
        for path in context.geoPaths {
            let targets = idsByCollection[path.target] ?? [:]
            var previous: (id: ItemID, latitude: Double, longitude: Double)?
            for step in path.steps {
                guard let item = targets[step.id], let geo = item.node[path.geoField],
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
