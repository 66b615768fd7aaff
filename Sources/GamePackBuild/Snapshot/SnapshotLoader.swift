import Foundation
import GamePackContent
import GamePackFormat

/// Reads a `ContentSnapshot` from any of the four input kinds. The readers the build targets
/// use to read a pack back are here; choosing the reader for a diff's input (`load(_:)`,
/// `loadPair`, projects and packs) is in `Diff/DiffInput.swift`.
public enum SnapshotLoader {
    // MARK: Packs

    /// One `canonical/<collection>.json`: its collection name and items.
    static func canonicalCollection(
        _ data: Data, path: String, label: String, types: [String: ContentType], reader: SnapshotValueReader
    ) throws -> (String, [ItemID: SnapshotItem]) {
        let root: JSONValue
        do {
            root = try JSONScanner.parse(data)
        } catch {
            throw DiffError.unreadablePack(
                path: label, reason: "\(path) is not JSON (\(JSONScanner.explain(error, in: data)))")
        }
        guard case .object(let top) = root, case .string(let collection)? = top["collection"],
            case .array(let values)? = top["items"]
        else {
            throw DiffError.unreadablePack(
                path: label, reason: "\(path) is not a canonical collection (no `collection` and `items`)")
        }
        var byID: [ItemID: SnapshotItem] = [:]
        for (index, value) in values.enumerated() {
            guard case .object(let object) = value else {
                throw DiffError.unreadablePack(path: label, reason: "\(path): items[\(index)] is not an object")
            }
            let id: ItemID
            switch object["id"] {
            case .int(let number)?: id = ItemID(String(number))
            case .string(let text)?: id = ItemID(text)
            default: throw DiffError.unreadablePack(path: label, reason: "\(path): items[\(index)] has no id")
            }
            let fields = reader.fields(ofJSON: object, type: types[collection])
            byID[id] = SnapshotItem(collection: collection, id: id, fields: fields, title: reader.title(fields))
        }
        return (collection, byID)
    }

    // MARK: Go Take a Hike! content

    /// Reads a content.json, every image hashed (public for the fuzz target,
    /// `Fuzz/Sources/FuzzGohikeContent`).
    public static func loadGohikeContent(_ data: Data, label: String, kind: SnapshotKind) throws -> ContentSnapshot {
        var snapshot = try readGohikeContent(data, label: label, kind: kind)
        snapshot.resolvePendingImages()
        return snapshot
    }

    /// Reads a content.json with its images pending (`ContentSnapshot.pendingImages`): every
    /// image is decoded and probed, none hashed.
    package static func readGohikeContent(_ data: Data, label: String, kind: SnapshotKind) throws -> ContentSnapshot {
        let root: JSONView
        do {
            root = try JSONScanner.tape(data).root
        } catch {
            throw DiffError.invalidContent(path: label, reason: "not JSON: \(JSONScanner.explain(error, in: data))")
        }
        var reader = GohikeContentReader()
        reader.hashesImages = false
        reader.read(root)
        if let error = ImportError.combined(reader.errors) {
            // A file of the format's shape with a bad value in it is that file with an error,
            // not another kind of file.
            let isGohike = root.object?["profiles"]?.elements != nil
            throw isGohike
                ? DiffError.invalidValues(
                    path: label, reason: error.description, warnings: reader.warnings.map { "\(label): \($0)" })
                : DiffError.invalidContent(path: label, reason: error.description)
        }
        let types = BuiltinTypes.types
        var refs: [String: AssetRef] = [:]
        for (path, image) in reader.images {
            let info = try? MediaProbe.probe(
                header: image.prefix(MediaProbe.jpegScanLimit), tail: image.suffix(16), byteCount: image.count)
            refs[path] = AssetRef(
                path: path, bytes: Int64(image.count), format: info?.format, width: info?.width, height: info?.height)
        }
        let store = AssetStore(.memory(reader.images))
        let knownRefs = refs
        let valueReader = SnapshotValueReader(
            defaultLocale: "en", locales: ["en", "nl"], asset: { knownRefs[$0] ?? AssetRef(path: $0) })
        var items: [String: [ItemID: SnapshotItem]] = [:]
        var tally: CoverageTally? = CoverageTally(defaultLocale: "en")
        let collections: [(String, [GohikeItem])] = [
            ("profiles", reader.profiles), ("routes", reader.routes), ("locations", reader.locations),
            ("rewards", reader.rewards),
        ]
        for (collection, gohikeItems) in collections {
            var byID = [ItemID: SnapshotItem](minimumCapacity: gohikeItems.count)
            var specs = SnapshotValueReader.GohikeFieldSpecs(type: types[collection])
            var coverage = CoverageTally.Counts()
            for index in gohikeItems.indices {
                // The fields the imported YAML would load into, without writing and parsing it.
                let id = ItemID(String(gohikeItems[index].id))
                let fields = valueReader.fields(of: gohikeItems[index], specs: &specs)
                // Counted now, while the texts are in the cache; an id met twice (which the
                // reader reports as an error) leaves the counting to the diff.
                coverage.count(fields, defaultLocale: "en")
                let item = SnapshotItem(collection: collection, id: id, fields: fields, title: valueReader.title(fields))
                if byID.updateValue(item, forKey: id) != nil { tally = nil }
            }
            items[collection] = byID
            tally?.set(coverage, for: collection)
        }
        let version = root.object?["version"]?.string
        var snapshot = ContentSnapshot(
            label: label, kind: kind, project: nil, version: version, locales: ["en", "nl"], defaultLocale: "en",
            types: types, items: items, assets: store, warnings: reader.warnings)
        snapshot.pendingImages = reader.images
        snapshot.source = reader.items
        snapshot.coverageTally = tally
        return snapshot
    }
}
