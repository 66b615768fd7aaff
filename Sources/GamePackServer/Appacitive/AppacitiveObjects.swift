import Foundation
import GamePackFormat
import NIOConcurrencyHelpers

/// One object of an Appacitive type: an item of the type's pack collection (canonical
/// target), with Appacitive's system properties and its fields as `AppacitiveValue`s.
struct AppacitiveObject: Sendable {
    var id: String
    /// 0-based position in the collection's file: the default order.
    var position: Int
    var type: String
    var properties: [String: AppacitiveValue]
    /// `__utcdatecreated` (when the id was first published) and `__utclastupdateddate` (when
    /// this content was), with Appacitive's seven fraction digits.
    var created: String
    var modified: String
    /// The whole object as Appacitive prints it: the answer when no `fields` are asked for.
    var json: String

    /// The value a filter or `orderBy` reads: a system property, or a (dotted) property.
    func value(_ name: String) -> AppacitiveValue? {
        switch name {
        case "__id": return .text(id)
        case "__type": return .text(type)
        case "__utcdatecreated": return .text(created)
        case "__utclastupdateddate": return .text(modified)
        default:
            if let direct = properties[name] { return direct }
            let path = name.split(separator: ".")
            guard path.count > 1, let head = properties[String(path[0])] else { return nil }
            return head.member(path.dropFirst())
        }
    }

    /// The object with only the system properties and `fields` (all properties when nil).
    func rendered(fields: Set<String>?, extra: [String: Any] = [:]) -> String {
        guard fields != nil || !extra.isEmpty else { return json }
        return ContentJSON.serialize(
            Self.dictionary(id: id, type: type, created: created, modified: modified, properties: properties, fields: fields)
                .merging(extra) { $1 })
    }

    static func dictionary(
        id: String, type: String, created: String, modified: String, properties: [String: AppacitiveValue], fields: Set<String>?
    ) -> [String: Any] {
        var object: [String: Any] = [:]
        for (name, value) in properties where (fields?.contains(name) ?? true) && name.utf8.count >= 2 && !name.hasPrefix("__") {
            object[name] = value.json
        }
        object["__id"] = id
        object["__type"] = type
        object["__createdby"] = "System"
        object["__lastmodifiedby"] = "System"
        object["__revision"] = "1"
        object["__tags"] = [String]()
        object["__attributes"] = [String: String]()
        object["__utcdatecreated"] = created
        object["__utclastupdateddate"] = modified
        return object
    }

    /// An ISO 8601 UTC time as Appacitive writes it: `yyyy-MM-dd'T'HH:mm:ss.SSSSSSS'Z'`.
    static func appacitiveTime(_ iso: String) -> String {
        guard iso.hasSuffix("Z"), iso.count >= 20 else { return iso }
        let seconds = iso.prefix(19)
        var fraction = iso.dropFirst(19).dropLast()
        if fraction.hasPrefix(".") { fraction = fraction.dropFirst() }
        let digits = String(fraction.filter(\.isNumber).prefix(7))
        return seconds + "." + digits + String(repeating: "0", count: 7 - digits.count) + "Z"
    }
}

/// Every object of one type in one pack, in file order, with an id lookup and which
/// properties' geocodes the content index's geo points are (those `within_circle` answers
/// from `GeoPointIndex`).
struct AppacitiveCollection: Sendable {
    var objects: [AppacitiveObject]
    var byID: [String: Int]
    var indexedGeoProperties: Set<String>

    init(type: String, rows: [ContentRow], locales: [String]) {
        var objects: [AppacitiveObject] = []
        objects.reserveCapacity(rows.count)
        var candidates: Set<String>? = nil
        for (position, row) in rows.enumerated() {
            guard let object = ContentJSON.parse(row.body) as? [String: Any] else { continue }
            var properties: [String: AppacitiveValue] = [:]
            for (name, json) in object where name != "id" { properties[name] = AppacitiveValue(json: json, locales: locales) }
            // The properties whose geocode is the row's indexed point (the item's first geo field).
            var here: Set<String> = []
            for (name, value) in properties {
                if case .geo(let point) = value, point.latitude == row.latitude, point.longitude == row.longitude {
                    here.insert(name)
                }
            }
            if row.latitude != nil { candidates = candidates.map { $0.intersection(here) } ?? here }
            let created = AppacitiveObject.appacitiveTime(row.created), modified = AppacitiveObject.appacitiveTime(row.modified)
            let json = ContentJSON.serialize(
                AppacitiveObject.dictionary(
                    id: row.id, type: type, created: created, modified: modified, properties: properties, fields: nil))
            objects.append(
                AppacitiveObject(
                    id: row.id, position: position, type: type, properties: properties, created: created, modified: modified,
                    json: json))
        }
        self.objects = objects
        byID = Dictionary(objects.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        indexedGeoProperties = candidates ?? []
    }
}

/// The collections the Appacitive routes have read, by pack, collection and type: loaded from
/// the content index once (callers arriving during a load wait for it), at most
/// `maxCollections`, all dropped when full.
final class AppacitiveObjectCache: Sendable {
    let catalog: ContentCatalog
    let loads = NIOLockedValueBox<[String: Task<AppacitiveCollection, Error>]>([:])
    static let maxCollections = 32
    /// The most objects a type may have.
    static let maxObjects = 2_000_000

    init(catalog: ContentCatalog) {
        self.catalog = catalog
    }

    func collection(_ content: ChannelContent, collection: String, type: String) async throws -> AppacitiveCollection {
        let key = [content.head.pack, collection, type].joined(separator: "\u{0}")
        guard let index = catalog.index else {
            throw ServerError(.notImplemented, "no_content_index", "this server's store cannot index content")
        }
        let locales = content.manifest.locales
        let pack = content.head.pack
        let task = loads.withLockedValue { tasks -> Task<AppacitiveCollection, Error> in
            if let task = tasks[key] { return task }
            if tasks.count >= Self.maxCollections { tasks.removeAll() }
            let task = Task {
                let rows = try await index.queryContent(
                    ContentQuery(pack: pack, target: CanonicalLayout.name, collection: collection, limit: Self.maxObjects))
                return AppacitiveCollection(type: type, rows: rows, locales: locales)
            }
            tasks[key] = task
            return task
        }
        do {
            return try await task.value
        } catch {
            loads.withLockedValue { if $0[key] == task { $0[key] = nil } }
            throw error
        }
    }
}
