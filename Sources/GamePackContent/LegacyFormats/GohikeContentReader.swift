import Foundation
import GamePackFormat

/// Reads a Go Take a Hike! content file (scanned into a `JSONTape`) into items and decoded
/// images, collecting every error and warning instead of stopping at the first.
package struct GohikeContentReader {
    /// Items in file order (locations and rewards: in the order first met).
    package var profiles: [GohikeItem] = []
    package var routes: [GohikeItem] = []
    package var locations: [GohikeItem] = []
    package var rewards: [GohikeItem] = []
    /// Decoded images by asset path (`images/<hash>.<ext>`, relative to `assets/`).
    package var images: [String: Data] = [:]
    /// Asset paths in the order first met.
    package var imageOrder: [String] = []
    /// What could not be carried over as it is.
    package var warnings: [String] = []
    /// Problems that stop the import, all of them.
    package var errors: [ImportError] = []
    /// Whether an image's asset path names its SHA-256 (`images/<hash>.<ext>`), or stands for
    /// its bytes until someone hashes them (`images/pending-<n>.<ext>`, one `n` per distinct
    /// image): a diff hashes only the images that differ between the versions.
    package var hashesImages = true
    /// The number of each distinct image (`hashesImages` off).
    var pendingNumbers: [ImageBytes: Int] = [:]

    /// Where each id was first read, and the index of each kept location and reward.
    private var profilePaths: [Int: String] = [:]
    private var routePaths: [Int: String] = [:]
    private var locationIndex: [Int: Int] = [:]
    private var rewardIndex: [Int: Int] = [:]
    /// Where the location values (`locationKeys`) of each kept location whose reading warned
    /// of nothing are in the tape, by its index: a later copy with the same values as written
    /// is the same item.
    private var keptLocationValues: [Int: [Int?]] = [:]

    package init() {}

    /// The items read, with their images: what the reader holds that is worth keeping.
    package var items: GohikeItems { GohikeItems(profiles: profiles, routes: routes, locations: locations, rewards: rewards) }

    static let textKeys = ["name_en", "name_nl", "description_en", "description_nl"]
    /// The text fields and, per locale, the source key they are read from (`name_en`), in the
    /// order they are written.
    static let textFields: [(field: String, keys: [(locale: String, key: String)])] = ["name", "description"].map {
        field in (field, ["en", "nl"].map { locale in (locale, "\(field)_\(locale)") })
    }
    static let profileKeys = ["id"] + textKeys + ["image_data", "icon_data", "routes"]
    static let routeKeys = ["id"] + textKeys + ["image_data", "icon_data", "waypoints", "profile_id"]
    static let waypointKeys = ["rank", "location_id"] + textKeys + ["latitude", "longitude", "image_data", "route_id"]
    /// The keys of a waypoint that belong to its location, not to the route.
    static let locationKeys = textKeys + ["latitude", "longitude", "image_data"]
    static let rewardKeys = ["id"] + textKeys + ["image_data"]
    /// The keys of each kind of object as the gohike target writes them (a route with its
    /// `reward`), for reading their values by place (`JSONMembers`).
    static let profileMembers = JSONKeys(profileKeys)
    static let routeMembers = JSONKeys(routeKeys + ["reward"])
    static let waypointMembers = JSONKeys(waypointKeys)
    static let rewardMembers = JSONKeys(rewardKeys)

    package mutating func read(_ root: JSONView) {
        guard let top = root.object else {
            fail(
                .wrongShape(path: "(top level)", expected: "an object with `profiles`, found \(Self.found(root))"),
                at: root.location)
            return
        }
        let version = top["version"]
        switch version?.scalar {
        case nil, .string?: break
        default: fail(.wrongShape(path: "version", expected: "a string, found \(Self.found(version!))"), at: version!.location)
        }
        for key in top.keys.sorted() where key != "version" && key != "profiles" {
            warnings.append("the top-level key `\(key)` is not part of the format; not imported")
        }
        guard let profilesValue = top["profiles"] else {
            fail(.missingField(path: "", key: "profiles"), at: top.location)
            return
        }
        guard let profileValues = profilesValue.elements else {
            fail(
                .wrongShape(path: "profiles", expected: "an array of profiles, found \(Self.found(profilesValue))"),
                at: profilesValue.location)
            return
        }
        for (index, value) in profileValues.enumerated() {
            readProfile(value, order: index, path: "profiles[\(index)]")
        }
    }

    // MARK: Objects

    mutating func readProfile(_ value: JSONView, order: Int, path: String) {
        guard let object = object(value, at: path, kind: "a profile object", expecting: Self.profileMembers) else { return }
        let absent = checkKeys(object, expected: Self.profileKeys, at: path)
        guard let id = wholeNumber(object, "id", at: path, required: true) else { return }
        reportAbsent(absent, at: path, what: "profile \(id)")
        if let first = profilePaths[id] {
            fail(.duplicateID(collection: "profiles", id: String(id), path: path, firstPath: first), at: value.location)
        }
        profilePaths[id] = profilePaths[id] ?? path

        var item = GohikeItem(
            id: id, fields: [("order", .plain(String(order)))], sourceValues: nil, path: path)
        addTexts(object, to: &item)
        addImage(object, key: "image_data", field: "image", to: &item)
        addImage(object, key: "icon_data", field: "icon", to: &item)
        storeImages(of: item)
        profiles.append(item)

        guard let routesValue = object["routes"], !routesValue.isNull else { return }
        guard let routeValues = routesValue.elements else {
            fail(
                .wrongShape(path: path + ".routes", expected: "an array of routes, found \(Self.found(routesValue))"),
                at: routesValue.location)
            return
        }
        for (index, route) in routeValues.enumerated() {
            readRoute(route, order: index, profileID: id, path: "\(path).routes[\(index)]")
        }
    }

    mutating func readRoute(_ value: JSONView, order: Int, profileID: Int, path: String) {
        guard let object = object(value, at: path, kind: "a route object", expecting: Self.routeMembers) else { return }
        // The old server's template bug: `"": null` where `"reward": null` was meant.
        var expected = Self.routeMembers.names  // `routeKeys` and `reward`
        if object[""]?.isNull == true { expected.append("") }
        let absent = checkKeys(object, expected: expected, at: path).filter { $0 != "reward" && $0 != "" }
        guard let id = wholeNumber(object, "id", at: path, required: true) else { return }
        reportAbsent(absent, at: path, what: "route \(id)")
        if let first = routePaths[id] {
            fail(.duplicateID(collection: "routes", id: String(id), path: path, firstPath: first), at: value.location)
        }
        routePaths[id] = routePaths[id] ?? path

        var profile = profileID
        if let stated = wholeNumber(object, "profile_id", at: path, required: false), stated != profileID {
            warnings.append(
                "\(path): route \(id) is listed under profile \(profileID) but says profile_id \(stated); imported with profile \(stated)"
            )
            profile = stated
        }
        var item = GohikeItem(
            id: id, fields: [("profile", .plain(String(profile))), ("order", .plain(String(order)))],
            sourceValues: nil, path: path)
        addTexts(object, to: &item)
        addImage(object, key: "image_data", field: "image", to: &item)
        addImage(object, key: "icon_data", field: "icon", to: &item)

        let reward = object["reward"]
        switch reward?.scalar {
        case nil, .null?:
            break
        case .object?:
            if let rewardID = readReward(reward!, routeID: id, path: path + ".reward") {
                item.fields.append(("reward", .plain(String(rewardID))))
            }
        default:
            fail(
                .wrongShape(path: path + ".reward", expected: "a reward object or null, found \(Self.found(reward!))"),
                at: reward!.location)
        }

        var stops: [(rank: Int, position: Int, location: Int)] = []
        let waypointsValue = object["waypoints"]
        switch waypointsValue?.scalar {
        case nil, .null?:
            break
        case .array?:
            for (index, waypoint) in waypointsValue!.elements!.enumerated() {
                let waypointPath = "\(path).waypoints[\(index)]"
                guard let stop = readWaypoint(waypoint, routeID: id, path: waypointPath) else { continue }
                stops.append((stop.rank ?? index, index, stop.location))
            }
        default:
            fail(
                .wrongShape(path: path + ".waypoints", expected: "an array of waypoints, found \(Self.found(waypointsValue!))"),
                at: waypointsValue!.location)
        }
        let ranks = stops.map(\.rank)
        if Set(ranks).count != ranks.count {
            warnings.append("\(path): route \(id) has waypoints of equal rank; they keep their order in the file")
        }
        stops.sort { ($0.rank, $0.position) < ($1.rank, $1.position) }
        item.fields.append(("waypoints", .ids(stops.map(\.location))))
        storeImages(of: item)
        routes.append(item)
    }

    /// Reads a waypoint into its location (the first copy of each location is kept) and
    /// returns its rank (nil when absent) and location id.
    mutating func readWaypoint(_ value: JSONView, routeID: Int, path: String) -> (rank: Int?, location: Int)? {
        guard let object = object(value, at: path, kind: "a waypoint object", expecting: Self.waypointMembers) else { return nil }
        let absent = checkKeys(object, expected: Self.waypointKeys, at: path)
        guard let id = wholeNumber(object, "location_id", at: path, required: true) else { return nil }
        let rank = wholeNumber(object, "rank", at: path, required: false)
        if let stated = wholeNumber(object, "route_id", at: path, required: false), stated != routeID {
            warnings.append("\(path): a waypoint of route \(routeID) says route_id \(stated); it stays in route \(routeID)")
        }
        // A copy of a location kept already, with the same values as written, is that location
        // (a location is written once for every route through it): nothing to read or compare.
        // Only when reading the kept one warned of nothing, so no warning is lost by this.
        if let first = locationIndex[id], let kept = keptLocationValues[first],
            object.sameScalarsAsWritten(Self.locationKeys, as: kept)
        {
            reportAbsent(absent, at: path, what: "location \(id)", consequence: Self.consequence(of: absent))
            return (rank, id)
        }
        let reported = (warnings.count, errors.count)
        var item = GohikeItem(id: id, fields: [], sourceValues: GohikeSourceValues(), path: path, routeID: routeID)
        addTexts(object, to: &item)
        let latitude = coordinate(object, "latitude", at: path)
        let longitude = coordinate(object, "longitude", at: path)
        if let latitude { item.sourceValues?["latitude"] = latitude }
        if let longitude { item.sourceValues?["longitude"] = longitude }
        if let latitude, let longitude {
            item.fields.append(("position", .position(latitude: latitude, longitude: longitude)))
        }
        addImage(object, key: "image_data", field: "image", to: &item)
        let quiet = reported == (warnings.count, errors.count)

        reportAbsent(absent, at: path, what: "location \(id)", consequence: Self.consequence(of: absent))
        if let first = locationIndex[id] {
            compare(item, with: locations[first], kind: "location")
        } else {
            locationIndex[id] = locations.count
            if quiet { keptLocationValues[locations.count] = object.valuePlaces(Self.locationKeys) }
            storeImages(of: item)
            locations.append(item)
        }
        return (rank, id)
    }

    /// What a waypoint's absent keys mean for its location, after the list of them.
    static func consequence(of absent: [String]) -> String {
        absent.contains("latitude") || absent.contains("longitude")
            ? " (without a position the location fails lint's missing-required)" : ""
    }

    /// Reads a route's reward (the first copy of each reward is kept) and returns its id.
    mutating func readReward(_ value: JSONView, routeID: Int, path: String) -> Int? {
        guard let object = object(value, at: path, kind: "a reward object", expecting: Self.rewardMembers) else { return nil }
        let absent = checkKeys(object, expected: Self.rewardKeys, at: path)
        guard let id = wholeNumber(object, "id", at: path, required: true) else { return nil }
        reportAbsent(absent, at: path, what: "reward \(id)")
        var item = GohikeItem(id: id, fields: [], sourceValues: GohikeSourceValues(), path: path, routeID: routeID)
        addTexts(object, to: &item)
        addImage(object, key: "image_data", field: "image", to: &item)
        if let first = rewardIndex[id] {
            compare(item, with: rewards[first], kind: "reward")
        } else {
            rewardIndex[id] = rewards.count
            storeImages(of: item)
            rewards.append(item)
        }
        return id
    }

    /// Warns when a second copy of a location or reward differs from the first one kept.
    mutating func compare(_ copy: GohikeItem, with kept: GohikeItem, kind: String) {
        // Most copies are the same: one comparison, without building key lists.
        let (copyValues, keptValues) = (copy.sourceValues ?? .init(), kept.sourceValues ?? .init())
        if copyValues.same(as: keptValues) { return }
        let differing = copyValues.differing(from: keptValues)
        guard !differing.isEmpty else { return }
        let keptRoute = kept.routeID.map { "route \($0)" } ?? "?"
        let copyRoute = copy.routeID.map { "route \($0)" } ?? "?"
        warnings.append(
            "\(kind) \(kept.id) differs between \(keptRoute) (\(kept.path)) and \(copyRoute) (\(copy.path)) in "
                + differing.map { "`\($0)`" }.joined(separator: ", ") + "; kept the copy of \(keptRoute)")
    }
}
