import Crypto
import Foundation
import GamePackFormat

// MARK: - What an import returns and throws (shared by the importers)

/// The number of items an import wrote into one collection.
public struct ImportedCollection: Sendable, Hashable {
    /// The collection's name, e.g. `routes`.
    public var name: String
    /// Items written (0 when the source had none).
    public var itemCount: Int
}

/// What an importer wrote: items per collection, asset files, and what it could not carry over.
/// The importers never print; the CLI shows this.
public struct ImportSummary: Sendable {
    /// The project folder written.
    public var destination: URL
    /// Items per collection, in the order the importer wrote them.
    public var collections: [ImportedCollection]
    /// Asset files written, project-relative (`assets/images/…`), sorted.
    public var assetFiles: [String]
    /// Total size of the asset files written, in bytes.
    public var assetBytes: Int
    /// Assets the content refers to that the source did not have, project-relative
    /// (`assets/vcs/vc1.png`): the references are written anyway and lint reports them as
    /// `asset-missing` until the files are added.
    public var missingAssets: [String]
    /// What the importer could not carry over, or carried over with a choice the user should
    /// know about. One sentence each.
    public var warnings: [String]

    /// The number of items written into `collection` (0 for a collection not imported).
    public func itemCount(_ collection: String) -> Int {
        collections.first { $0.name == collection }?.itemCount ?? 0
    }
}

/// Why an import stopped. Paths inside JSON files are written as `profiles[0].routes[2].image_data`;
/// rows of CSV files as `VC-Details.csv line 4`. Problems with the destination or with reading
/// and writing files are `GamePackError`s (`destinationNotEmpty`, `io`).
public enum ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input file is not JSON at all.
    case notJSON(file: String, reason: String)
    /// The value at `path` is not of the expected kind (`expected` says what it should be).
    case wrongShape(path: String, expected: String)
    /// The object at `path` lacks the required key `key`.
    case missingField(path: String, key: String)
    /// The value at `path` has the right kind but an unusable value.
    case invalidValue(path: String, reason: String)
    /// The string at `path` is not base64.
    case invalidBase64(path: String)
    /// The bytes at `path` are not an image gamepack knows (PNG, JPEG, GIF, WebP).
    case notAnImage(path: String, reason: String)
    /// Two items of `collection` have the id `id`, at `path` and at `firstPath`.
    case duplicateID(collection: String, id: String, path: String, firstPath: String)
    /// A folder that should hold a Kinvey export has none of its CSV files.
    case notAnExport(folder: String, expected: [String])
    /// A CSV file lacks a column the importer needs.
    case missingColumn(file: String, column: String)
    /// A CSV row cannot be read (`line` is 1-based).
    case malformedCSV(file: String, line: Int, reason: String)
    /// More than one of the problems above, all found in one pass.
    case several([ImportError])

    /// What went wrong and where, in one line (several lines for `several`).
    public var description: String {
        switch self {
        case .notJSON(let file, let reason):
            "\(file) is not JSON: \(reason)"
        case .wrongShape(let path, let expected):
            "\(path): expected \(expected)"
        case .missingField(let path, let key):
            "\(path.isEmpty ? "the top-level object" : path) has no `\(key)`"
        case .invalidValue(let path, let reason):
            "\(path): \(reason)"
        case .invalidBase64(let path):
            "\(path): not valid base64"
        case .notAnImage(let path, let reason):
            "\(path): not an image (\(reason))"
        case .duplicateID(let collection, let id, let path, let firstPath):
            "\(path): \(collection) id \(id) is already used at \(firstPath)"
        case .notAnExport(let folder, let expected):
            "\(folder) holds none of \(expected.joined(separator: ", ")); is it a Kinvey export folder?"
        case .missingColumn(let file, let column):
            "\(file) has no column `\(column)`"
        case .malformedCSV(let file, let line, let reason):
            "\(file) line \(line): \(reason)"
        case .several(let problems):
            "\(problems.count) problems:\n" + problems.map { "  \($0.description)" }.joined(separator: "\n")
        }
    }

    /// One error for a list of problems found in one pass (nil when there are none).
    static func combined(_ problems: [ImportError]) -> ImportError? {
        problems.count > 1 ? .several(problems) : problems.first
    }
}

// MARK: - Go Take a Hike!

/// Turns a Go Take a Hike! `content.json` (API v1, or the early unversioned iOS bundle) into a
/// gamepack source project: profiles, routes, locations (from the routes' waypoints) and
/// rewards as YAML items, embedded images as files named by content hash.
///
/// The result rebuilds to the same content: ids are kept, profiles and routes get an `order`
/// from their position in the file, texts are written as double-quoted YAML with escapes so
/// every byte (`\r\n` included) survives, coordinates keep their digits.
public enum GohikeImporter {
    /// The project name written to `gamepack.yaml`.
    public static let projectName = "Go Take a Hike!"

    /// Imports the content file at `file` into a new project folder `destination`. The project
    /// id comes from the destination's folder name.
    ///
    /// Nothing is written unless the whole file could be read: the project is assembled in a
    /// hidden sibling folder and renamed to `destination` at the end.
    /// - Throws: `GamePackError.destinationNotEmpty` when `destination` exists and is not
    ///   empty, `GamePackError.io` for files that cannot be read or written, `ImportError` for
    ///   content that is not a Go Take a Hike! content file (every problem found, with its JSON
    ///   path).
    public static func importContent(from file: URL, to destination: URL) throws -> ImportSummary {
        try ProjectStaging.checkDestination(destination)
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw GamePackError.io(path: file.path, reason: "cannot read (\(error.localizedDescription))")
        }
        let root: JSONValue
        do {
            root = try JSONScanner.parse(data)
        } catch {
            throw ImportError.notJSON(file: file.path, reason: JSONValue.syntaxError(in: data) ?? "\(error)")
        }
        var reader = GohikeContentReader()
        reader.read(root)
        if let error = ImportError.combined(reader.errors) { throw error }

        let projectID = ProjectTemplate.projectID(fromFolderName: destination.lastPathComponent)
        let staging = try ProjectStaging(destination: destination)
        do {
            try staging.write(
                """
                # Imported from \(file.lastPathComponent) by `gamepack import gohike`.
                id: \(projectID)
                name: \(YAMLScalar.quoted(projectName))
                locales: [en, nl]
                targets: [gohike]
                # The v1 server shipped missing Dutch texts as "". Keep doing so, so this project
                # rebuilds to the exact content it was imported from; switch to `fallback` (show
                # the English) or `fail` once the translations are complete.
                missing_translations: empty

                """, to: Project.configFile)
            for profile in reader.profiles {
                try staging.write(profile.yaml, to: "content/profiles/\(profile.id).yaml")
            }
            for route in reader.routes {
                try staging.write(route.yaml, to: "content/routes/\(route.id).yaml")
            }
            for location in reader.locations {
                try staging.write(location.yaml, to: "content/locations/\(location.id).yaml")
            }
            for reward in reader.rewards {
                try staging.write(reward.yaml, to: "content/rewards/\(reward.id).yaml")
            }
            var bytes = 0
            for path in reader.imageOrder {
                let data = reader.images[path]!
                try staging.write(data, to: "assets/" + path)
                bytes += data.count
            }
            try staging.commit()
            return ImportSummary(
                destination: destination,
                collections: [
                    ImportedCollection(name: "profiles", itemCount: reader.profiles.count),
                    ImportedCollection(name: "routes", itemCount: reader.routes.count),
                    ImportedCollection(name: "locations", itemCount: reader.locations.count),
                    ImportedCollection(name: "rewards", itemCount: reader.rewards.count),
                ],
                assetFiles: reader.imageOrder.map { "assets/" + $0 }.sorted(), assetBytes: bytes, missingAssets: [],
                warnings: reader.warnings)
        } catch {
            staging.discard()
            throw error
        }
    }
}

/// One field of an item read from the content file: what the importer writes as YAML, and
/// what `diff` reads as the node that YAML would load into.
enum GohikeField {
    /// A scalar written unquoted: a whole number, a reference, an asset path.
    case plain(String)
    /// Non-empty texts by locale, written as double-quoted scalars under the locale keys.
    case texts([(locale: String, text: String)])
    /// A position with the editor's digits, written as a flow map.
    case position(latitude: String, longitude: String)
    /// Item ids, written as a flow list.
    case ids([Int])
}

/// One item read from the content file, ready to be written as YAML.
struct GohikeItem {
    /// The item's id, kept from the source.
    var id: Int
    /// The item's fields in the order they are written, without the id.
    var fields: [(key: String, value: GohikeField)]
    /// The source fields that define the item (`name_en`, `latitude`, `image_data` as its
    /// asset path, …), absent when empty or null: what two copies of a location or a reward
    /// are compared by.
    var sourceValues: [String: String]
    /// Where in the file the item was read, e.g. `profiles[0].routes[2].waypoints[1]`.
    var path: String
    /// The route the item was read from (locations and rewards), for warnings.
    var routeID: Int? = nil
    /// The item's decoded images by asset path, stored once the item is kept.
    var images: [(path: String, data: Data)] = []

    /// The whole YAML file of the item.
    var yaml: String {
        var lines = ["id: \(id)"]
        for (key, value) in fields {
            switch value {
            case .plain(let text):
                lines.append("\(key): \(text)")
            case .texts(let texts):
                lines.append("\(key):")
                for (locale, text) in texts { lines.append("  \(locale): \(YAMLScalar.quoted(text))") }
            case .position(let latitude, let longitude):
                lines.append("\(key): {latitude: \(latitude), longitude: \(longitude)}")
            case .ids(let ids):
                lines.append("\(key): [" + ids.map { String($0) }.joined(separator: ", ") + "]")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The node `SourceLoader` loads from `yaml` (the same values, scalars resolved the same
    /// way), built without writing and parsing the YAML; every location is `file`.
    func node(file: String) -> SourceNode {
        let location = SourceLocation.file(file)
        func plain(_ text: String) -> SourceNode { SourceLoader.resolvePlain(text, at: location) }
        func entry(_ key: String, _ value: SourceNode) -> SourceEntry {
            SourceEntry(key: key, keyLocation: location, value: value)
        }
        var entries = [entry("id", plain(String(id)))]
        entries.reserveCapacity(fields.count + 1)
        for (key, value) in fields {
            switch value {
            case .plain(let text):
                entries.append(entry(key, plain(text)))
            case .texts(let texts):
                let map = texts.map {
                    entry($0.locale, SourceNode(.string($0.text), raw: $0.text, isQuoted: true, location: location))
                }
                entries.append(entry(key, SourceNode(.map(map), location: location)))
            case .position(let latitude, let longitude):
                let map = [entry("latitude", plain(latitude)), entry("longitude", plain(longitude))]
                entries.append(entry(key, SourceNode(.map(map), location: location)))
            case .ids(let ids):
                entries.append(entry(key, SourceNode(.list(ids.map { plain(String($0)) }), location: location)))
            }
        }
        return SourceNode(.map(entries), location: location)
    }
}

/// Reads the JSON tree of a Go Take a Hike! content file into items and decoded images,
/// collecting every error and warning instead of stopping at the first.
struct GohikeContentReader {
    /// Items in file order (locations and rewards: in the order first met).
    var profiles: [GohikeItem] = []
    var routes: [GohikeItem] = []
    var locations: [GohikeItem] = []
    var rewards: [GohikeItem] = []
    /// Decoded images by asset path (`images/<hash>.<ext>`, relative to `assets/`).
    var images: [String: Data] = [:]
    /// Asset paths in the order first met.
    var imageOrder: [String] = []
    /// What could not be carried over as it is.
    var warnings: [String] = []
    /// Problems that stop the import, all of them.
    var errors: [ImportError] = []

    /// Where each id was first read, and the index of each kept location and reward.
    private var profilePaths: [Int: String] = [:]
    private var routePaths: [Int: String] = [:]
    private var locationIndex: [Int: Int] = [:]
    private var rewardIndex: [Int: Int] = [:]

    static let textKeys = ["name_en", "name_nl", "description_en", "description_nl"]
    static let profileKeys = ["id"] + textKeys + ["image_data", "icon_data", "routes"]
    static let routeKeys = ["id"] + textKeys + ["image_data", "icon_data", "waypoints", "profile_id"]
    static let waypointKeys = ["rank", "location_id"] + textKeys + ["latitude", "longitude", "image_data", "route_id"]
    static let rewardKeys = ["id"] + textKeys + ["image_data"]

    mutating func read(_ root: JSONValue) {
        guard case .object(let top) = root else {
            errors.append(.wrongShape(path: "(top level)", expected: "an object with `profiles`"))
            return
        }
        switch top["version"] {
        case nil, .string?: break
        default: errors.append(.wrongShape(path: "version", expected: "a string"))
        }
        for key in top.keys.sorted() where key != "version" && key != "profiles" {
            warnings.append("the top-level key `\(key)` is not part of the format; not imported")
        }
        guard let profilesValue = top["profiles"] else {
            errors.append(.missingField(path: "", key: "profiles"))
            return
        }
        guard case .array(let profileValues) = profilesValue else {
            errors.append(.wrongShape(path: "profiles", expected: "an array of profiles"))
            return
        }
        for (index, value) in profileValues.enumerated() {
            readProfile(value, order: index, path: "profiles[\(index)]")
        }
    }

    // MARK: Objects

    mutating func readProfile(_ value: JSONValue, order: Int, path: String) {
        guard let object = object(value, at: path, kind: "a profile object") else { return }
        let absent = checkKeys(object, expected: Self.profileKeys, at: path)
        guard let id = wholeNumber(object, "id", at: path, required: true) else { return }
        reportAbsent(absent, at: path, what: "profile \(id)")
        if let first = profilePaths[id] {
            errors.append(.duplicateID(collection: "profiles", id: String(id), path: path, firstPath: first))
        }
        profilePaths[id] = profilePaths[id] ?? path

        var item = GohikeItem(id: id, fields: [("order", .plain(String(order)))], sourceValues: [:], path: path)
        addTexts(object, to: &item)
        addImage(object, key: "image_data", field: "image", to: &item)
        addImage(object, key: "icon_data", field: "icon", to: &item)
        storeImages(of: item)
        profiles.append(item)

        guard let routesValue = object["routes"], routesValue != .null else { return }
        guard case .array(let routeValues) = routesValue else {
            errors.append(.wrongShape(path: path + ".routes", expected: "an array of routes"))
            return
        }
        for (index, route) in routeValues.enumerated() {
            readRoute(route, order: index, profileID: id, path: "\(path).routes[\(index)]")
        }
    }

    mutating func readRoute(_ value: JSONValue, order: Int, profileID: Int, path: String) {
        guard let object = object(value, at: path, kind: "a route object") else { return }
        // The old server's template bug: `"": null` where `"reward": null` was meant.
        var expected = Self.routeKeys + ["reward"]
        if object[""] == .null { expected.append("") }
        let absent = checkKeys(object, expected: expected, at: path).filter { $0 != "reward" && $0 != "" }
        guard let id = wholeNumber(object, "id", at: path, required: true) else { return }
        reportAbsent(absent, at: path, what: "route \(id)")
        if let first = routePaths[id] {
            errors.append(.duplicateID(collection: "routes", id: String(id), path: path, firstPath: first))
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
            id: id, fields: [("profile", .plain(String(profile))), ("order", .plain(String(order)))], sourceValues: [:],
            path: path)
        addTexts(object, to: &item)
        addImage(object, key: "image_data", field: "image", to: &item)
        addImage(object, key: "icon_data", field: "icon", to: &item)

        switch object["reward"] {
        case nil, .null?:
            break
        case .object?:
            if let rewardID = readReward(object["reward"]!, routeID: id, path: path + ".reward") {
                item.fields.append(("reward", .plain(String(rewardID))))
            }
        default:
            errors.append(.wrongShape(path: path + ".reward", expected: "a reward object or null"))
        }

        var stops: [(rank: Int, position: Int, location: Int)] = []
        switch object["waypoints"] {
        case nil, .null?:
            break
        case .array(let waypoints)?:
            for (index, waypoint) in waypoints.enumerated() {
                let waypointPath = "\(path).waypoints[\(index)]"
                guard let stop = readWaypoint(waypoint, routeID: id, path: waypointPath) else { continue }
                stops.append((stop.rank ?? index, index, stop.location))
            }
        default:
            errors.append(.wrongShape(path: path + ".waypoints", expected: "an array of waypoints"))
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
    mutating func readWaypoint(_ value: JSONValue, routeID: Int, path: String) -> (rank: Int?, location: Int)? {
        guard let object = object(value, at: path, kind: "a waypoint object") else { return nil }
        let absent = checkKeys(object, expected: Self.waypointKeys, at: path)
        guard let id = wholeNumber(object, "location_id", at: path, required: true) else { return nil }
        let rank = wholeNumber(object, "rank", at: path, required: false)
        if let stated = wholeNumber(object, "route_id", at: path, required: false), stated != routeID {
            warnings.append("\(path): a waypoint of route \(routeID) says route_id \(stated); it stays in route \(routeID)")
        }
        var item = GohikeItem(id: id, fields: [], sourceValues: [:], path: path, routeID: routeID)
        addTexts(object, to: &item)
        let latitude = coordinate(object, "latitude", at: path)
        let longitude = coordinate(object, "longitude", at: path)
        if let latitude { item.sourceValues["latitude"] = latitude }
        if let longitude { item.sourceValues["longitude"] = longitude }
        if let latitude, let longitude {
            item.fields.append(("position", .position(latitude: latitude, longitude: longitude)))
        }
        addImage(object, key: "image_data", field: "image", to: &item)

        var consequence = ""
        if absent.contains("latitude") || absent.contains("longitude") {
            consequence = " (without a position the location fails lint's missing-required)"
        }
        reportAbsent(absent, at: path, what: "location \(id)", consequence: consequence)
        if let first = locationIndex[id] {
            compare(item, with: locations[first], kind: "location")
        } else {
            locationIndex[id] = locations.count
            storeImages(of: item)
            locations.append(item)
        }
        return (rank, id)
    }

    /// Reads a route's reward (the first copy of each reward is kept) and returns its id.
    mutating func readReward(_ value: JSONValue, routeID: Int, path: String) -> Int? {
        guard let object = object(value, at: path, kind: "a reward object") else { return nil }
        let absent = checkKeys(object, expected: Self.rewardKeys, at: path)
        guard let id = wholeNumber(object, "id", at: path, required: true) else { return nil }
        reportAbsent(absent, at: path, what: "reward \(id)")
        var item = GohikeItem(id: id, fields: [], sourceValues: [:], path: path, routeID: routeID)
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
        let keys = Set(copy.sourceValues.keys).union(kept.sourceValues.keys).sorted()
        let differing = keys.filter { copy.sourceValues[$0] != kept.sourceValues[$0] }
        guard !differing.isEmpty else { return }
        let keptRoute = kept.routeID.map { "route \($0)" } ?? "?"
        let copyRoute = copy.routeID.map { "route \($0)" } ?? "?"
        warnings.append(
            "\(kind) \(kept.id) differs between \(keptRoute) (\(kept.path)) and \(copyRoute) (\(copy.path)) in "
                + differing.map { "`\($0)`" }.joined(separator: ", ") + "; kept the copy of \(keptRoute)")
    }

    // MARK: Values

    mutating func object(_ value: JSONValue, at path: String, kind: String) -> [String: JSONValue]? {
        guard case .object(let object) = value else {
            errors.append(.wrongShape(path: path, expected: kind))
            return nil
        }
        return object
    }

    /// Warns about keys the format does not have; returns the expected keys that are absent.
    mutating func checkKeys(_ object: [String: JSONValue], expected: [String], at path: String) -> [String] {
        if object.count != expected.count || !expected.allSatisfy({ object[$0] != nil }) {
            for key in object.keys.sorted() where !expected.contains(key) {
                warnings.append("\(path): the key `\(key)` is not part of the format; not imported")
            }
        }
        return expected.filter { object[$0] == nil }
    }

    mutating func reportAbsent(_ absent: [String], at path: String, what: String, consequence: String = "") {
        guard !absent.isEmpty else { return }
        warnings.append(
            "\(path) (\(what)) has no " + absent.map { "`\($0)`" }.joined(separator: ", ")
                + "; imported without \(absent.count == 1 ? "it" : "them")" + consequence)
    }

    /// A whole number: a JSON integer, or a string of digits.
    mutating func wholeNumber(_ object: [String: JSONValue], _ key: String, at path: String, required: Bool) -> Int? {
        switch object[key] {
        case .int(let value)?:
            return value
        case .number(let value)? where value.rounded() == value && abs(value) < 1e15:
            return Int(value)
        case .string(let text)? where !text.isEmpty && text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) && Int(text) != nil:
            return Int(text)
        case nil, .null?:
            if required { errors.append(.missingField(path: path, key: key)) }
            return nil
        default:
            errors.append(.invalidValue(path: "\(path).\(key)", reason: "expected a whole number"))
            return nil
        }
    }

    /// `name` and `description` from their `_en`/`_nl` pairs; empty texts are left out, and
    /// the field when both are empty (the gohike target writes "" for them).
    mutating func addTexts(_ object: [String: JSONValue], to item: inout GohikeItem) {
        for field in ["name", "description"] {
            var texts: [(locale: String, text: String)] = []
            for locale in ["en", "nl"] {
                let key = "\(field)_\(locale)"
                switch object[key] {
                case .string(let text)? where !text.isEmpty:
                    texts.append((locale, text))
                    item.sourceValues[key] = text
                case .string?, .null?, nil:
                    break
                default:
                    errors.append(.wrongShape(path: "\(item.path).\(key)", expected: "a string"))
                }
            }
            if !texts.isEmpty { item.fields.append((field, .texts(texts))) }
        }
    }

    /// A latitude or longitude: its text when it is a decimal number (kept digit for digit),
    /// else nil with a warning.
    mutating func coordinate(_ object: [String: JSONValue], _ key: String, at path: String) -> String? {
        switch object[key] {
        case .string(let text)?:
            if Self.isDecimal(text) { return text }
            warnings.append("\(path).\(key): \(YAMLScalar.quoted(text)) is not a decimal number; the position is left out")
        case .int(let value)?:
            return String(value)
        case .number(let value)? where value.isFinite:
            warnings.append("\(path).\(key) is a JSON number, not a string; written as \(value) (trailing zeros are lost)")
            return "\(value)"
        case .null?:
            warnings.append("\(path).\(key) is null; the position is left out")
        case nil:
            break  // reported with the other absent keys
        default:
            warnings.append("\(path).\(key) is not a number; the position is left out")
        }
        return nil
    }

    /// Whether `text` is a decimal number YAML reads as a number with the same text: an
    /// optional sign, digits, and an optional fraction (`52.341645271`, `-0.5`, `4`).
    static func isDecimal(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: ArraySlice<UInt8>) in !part.isEmpty && part.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        return isDigits(parts[0]) && (parts.count == 1 || isDigits(parts[1]))
    }

    /// Decodes a base64 image into an asset named by its content (`images/<hash>.<ext>`)
    /// and adds the field; identical images share one file.
    mutating func addImage(_ object: [String: JSONValue], key: String, field: String, to item: inout GohikeItem) {
        let path = "\(item.path).\(key)"
        switch object[key] {
        case nil, .null?:
            return
        case .string(let text)?:
            if text.isEmpty { return }
            guard let data = Self.decodeBase64(text) else {
                errors.append(.invalidBase64(path: path))
                return
            }
            guard let assetPath = assetPath(of: data, at: path) else { return }
            item.images.append((assetPath, data))
            item.fields.append((field, .plain(assetPath)))
            item.sourceValues[key] = assetPath
        default:
            errors.append(.wrongShape(path: path, expected: "a base64 string or null"))
        }
    }

    /// Base64 with or without line breaks (the old server wrapped at 60 characters), with or
    /// without `=` padding.
    static func decodeBase64(_ text: String) -> Data? {
        var base64 = [UInt8]()
        base64.reserveCapacity(text.utf8.count)
        for byte in text.utf8 where byte != 0x0A && byte != 0x0D && byte != 0x20 && byte != 0x09 { base64.append(byte) }
        switch base64.count % 4 {
        case 0: break
        case 1: return nil
        case let remainder: base64 += Array(repeating: UInt8(ascii: "="), count: 4 - remainder)
        }
        guard !base64.isEmpty else { return nil }
        return Data(base64Encoded: Data(base64))
    }

    /// Keeps an item's images (each distinct image once).
    mutating func storeImages(of item: GohikeItem) {
        for (path, data) in item.images where images[path] == nil {
            images[path] = data
            imageOrder.append(path)
        }
    }

    /// The asset path of an image, named by its content and real format.
    mutating func assetPath(of data: Data, at path: String) -> String? {
        let format: MediaFormat
        do {
            format = try MediaProbe.probe(
                header: data.prefix(MediaProbe.jpegScanLimit), tail: data.suffix(16), byteCount: data.count
            ).format
        } catch MediaProbeError.corrupt(let damaged, let why) {
            format = damaged
            warnings.append(
                "\(path): a damaged \(damaged.rawValue.uppercased()) image (\(why)); written as is, lint will report it")
        } catch {
            errors.append(.notAnImage(path: path, reason: "\(error)"))
            return nil
        }
        guard format.isImage else {
            errors.append(.notAnImage(path: path, reason: "the bytes are \(format.rawValue.uppercased()) audio"))
            return nil
        }
        let digest = SHA256.hash(data: data).prefix(8).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
        return "images/\(digest).\(format == .jpeg ? "jpg" : format.rawValue)"
    }
}
