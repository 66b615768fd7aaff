import Foundation
import GamePackContent
import GamePackFormat

/// The legacy Go Take a Hike! v1 `content.json`, in exactly the shape its shipped clients
/// parse (see the fixtures README): `version` first, then `profiles`; `_en`/`_nl` pairs (""
/// when absent); images as base64 in `image_data`, wrapped like the old Ruby server wrote them
/// (60 characters a line, clients accept both); latitude and longitude as strings with the
/// editor's digits; `rank` from waypoint order. Key order follows the shipped Android file,
/// and `reward` appears only on routes that have one (the shipped file has no such key).
///
/// Version: MD5 (lowercase hex) of the compact JSON of the `profiles` array alone, as
/// `json.dumps(profiles, separators=(',', ':'), ensure_ascii=False)` writes it.
struct GohikeTarget: BuildTargetKind {
    static let layout: any PackTargetLayout.Type = GohikeLayout.self
    static let summary =
        "The legacy Go Take a Hike! content.json (profiles, routes, waypoints and rewards in English and Dutch, images as base64), for the shipped v1 apps."
    static let options: [BuildTargetOption] = []
    /// content.json keeps only the gohike fields: `diff` reads it when a pack has no canonical target.
    static let contentReader: TargetContentReader? = TargetContentReader(fidelity: 50, read: readContent)
    /// The pack path of the content file.
    static let path = GohikeLayout.contentPath
    /// Base64 line length of the legacy server (Ruby `Base64.encode64`).
    static let base64LineLength = 60

    enum Problem: Error, CustomStringConvertible {
        /// An item whose id is not a whole number, with where its id is written.
        case nonNumericID(String, ItemID, at: SourceLocation)
        var description: String {
            switch self {
            case .nonNumericID(let collection, let id, let location):
                "\(location): \(collection) has the id '\(id)', but the gohike target needs whole-number ids (the "
                    + "legacy apps store them as numbers); give it a whole-number id that no other item of "
                    + "\(collection) has, and change the references to it"
            }
        }
    }

    let context: BuildContext
    /// The images read by the first pass, checked by the second.
    let stamps = ReadStamps()
    /// The base64 of images small enough to keep, made once for both passes.
    let images = EmbeddedImages()
    /// What the first pass wrote, which the second writes again (joined from its pieces').
    let recording = ContentRecording()
    /// Each location's members as a waypoint writes them, made once.
    let waypointLocations = WaypointLocations()

    init(context: BuildContext) { self.context = context }

    /// Only embeds images, as base64 of their bytes.
    static let needsAssetHashes = false

    /// Size below which content.json is deflated: base64 deflates to about 75 %, but slowly,
    /// and large files are mostly base64 images.
    static let compressBelow: Int64 = 8_000_000

    func emit() throws -> TargetOutput {
        // The version (the MD5 of the profiles) comes first in content.json, so the file's own
        // hashes can only start once all of it has been made. The profiles are therefore
        // written twice, which costs less than writing 200 MB and reading it back: a first pass
        // makes them and hashes them (MD5 for the version, CRC-32 for the ZIP header; each on its
        // own core), keeping their text but not their images (`ContentRecording`), and the
        // second writes that text again straight into the pack, with the images, hashing it all
        // (SHA-256 and MD5 for the manifest) on the way. The file's CRC-32 follows from the
        // profiles' with `crc32_combine`. An image small enough is encoded once and its base64
        // kept for every place it is embedded in either pass (`EmbeddedImages`: a location's
        // photo is written once per waypoint); every other image the first pass read is checked
        // to be unchanged when the second reads it again. The first pass makes the profiles in
        // pieces on all cores (`GohikeTarget+Pieces.swift`).
        let counting = try OutputFile(
            consumer: nil, digest: Digest(sha256: false, md5: true, crc32: true), hashesInParallel: true)
        try writeProfiles(to: counting)
        let profiles = try counting.close()
        let version = profiles.md5
        let head = Array("{\"version\":\"\(version)\",\"profiles\":".utf8)
        let tail = Array("}".utf8)
        let crc32 = ZipWriter.crc32Combine(
            ZipWriter.crc32Combine(
                head.withUnsafeBytes { ZipWriter.crc32($0) }, profiles.crc32, secondLength: profiles.size),
            tail.withUnsafeBytes { ZipWriter.crc32($0) }, secondLength: Int64(tail.count))
        stamps.startChecking()
        let target = self
        let file = GeneratedFile(
            packPath: Self.path, size: Int64(head.count) + profiles.size + Int64(tail.count), crc32: crc32,
            compress: profiles.size < Self.compressBelow
        ) { append in
            let out = try OutputFile(
                consumer: append, digest: Digest(sha256: true, md5: true, crc32: false), hashesInParallel: true)
            try out.write(head)
            try target.recording.replay(into: out) { record, out in try target.writeImageBase64(record, into: out) }
            try out.write(tail)
            let written = try out.close()
            return PackArchive.GeneratedHashes(sha256: written.sha256, md5: written.md5, size: written.size)
        }
        return TargetOutput(name: Self.name, version: version, files: [], generated: [file], assets: [])
    }

    /// A coordinate as the editor wrote it ("52.359838386"), for the legacy string fields.
    /// (A separate function: written inline, Swift 6.3's optimizer crashed on it.)
    static func coordinateText(_ position: SourceNode?, _ name: String) -> String {
        guard let value = position?[name] else { return "" }
        if let raw = value.raw { return raw }
        guard let number = value.doubleValue else { return "" }
        return String(number)
    }

    func number(_ item: ContentItem) throws -> Int {
        guard let number = item.id?.number else {
            throw Problem.nonNumericID(
                item.collection, item.id ?? ItemID("?"), at: item.node["id"]?.location ?? item.node.location)
        }
        return number
    }

    func sorted(_ items: [ContentItem]) -> [ContentItem] {
        items.sorted { ($0.order ?? Int.max, $0.id!) < ($1.order ?? Int.max, $1.id!) }
    }

    /// The text keys in the order written, with the field and locale each is read from.
    static let textKeys: [(key: String, field: String, locale: String)] = ["name", "description"].flatMap { field in
        ["en", "nl"].map { locale in ("\(field)_\(locale)", field, locale) }
    }

    func writeTexts(_ item: ContentItem, _ json: inout JSONWriter) throws {
        let defaultLocale = context.config.defaultLocale
        for (key, field, locale) in Self.textKeys {
            try json.key(key)
            try json.string(item.text(field, locale: locale, defaultLocale: defaultLocale))
        }
    }

    func writeImage(_ key: String, of item: ContentItem, _ json: inout JSONWriter, _ recording: ContentRecording) throws {
        try writeImage(key, record: imageRecord(key, of: item), &json, recording)
    }

    /// The catalog record of the image `key` names (`image_data`: the item's `image`).
    func imageRecord(_ key: String, of item: ContentItem) -> AssetRecord? {
        item.node[key == "icon_data" ? "icon" : "image"]?.scalarText.flatMap { context.catalog.record(for: $0) }
    }

    /// Writes an image's key and base64, marking the image in `recording` (the first pass's, of
    /// the piece `json` writes).
    func writeImage(_ key: String, record: AssetRecord?, _ json: inout JSONWriter, _ recording: ContentRecording) throws {
        try json.key(key)
        guard let record else {
            try json.null()
            return
        }
        try json.rawStringValue { out in
            recording.beginImage(record, at: out.position)
            try writeImageBase64(record, into: out)
            recording.endImage(at: out.position)
        }
    }

    /// The base64 of the image of `record`, wrapped as the legacy server wrapped it: kept from
    /// the first time it was encoded, else read and encoded (and kept, when small enough).
    func writeImageBase64(_ record: AssetRecord, into out: OutputFile) throws {
        if let kept = images.base64(of: record.path) {
            try out.write(kept)
            return
        }
        guard images.mayKeep(record) else {
            try context.writeBase64(of: record, wrap: Self.base64LineLength, into: out, stamps: stamps)
            return
        }
        let base64 = try Self.bytes { try context.writeBase64(of: record, wrap: Self.base64LineLength, into: $0, stamps: stamps) }
        images.keep(base64, of: record)
        try out.write(base64)
    }

    /// The bytes `write` writes, gathered in memory.
    static func bytes(_ write: (OutputFile) throws -> Void) throws -> [UInt8] {
        var bytes: [UInt8] = []
        let memory = try OutputFile(consumer: { bytes.append(contentsOf: $0) }, digest: nil, hashesInParallel: false)
        try write(memory)
        _ = try memory.close()
        return bytes
    }

    /// The members a waypoint at location `id` writes of it (`WaypointLocations`), made the
    /// first time; nil for a location that does not exist.
    func waypointPart(of id: ItemID) throws -> WaypointLocations.Part? {
        try waypointLocations.part(of: id) {
            guard let location = context.index.item("locations", id) else { return nil }
            let object = try Self.bytes { out in
                var json = JSONWriter(out)
                try json.beginObject()
                try json.key("location_id")
                try json.int(try number(location))
                try writeTexts(location, &json)
                for coordinate in ["latitude", "longitude"] {
                    try json.key(coordinate)
                    try json.string(Self.coordinateText(location.node["position"], coordinate))
                }
            }
            // Without the `{` that opened them.
            return WaypointLocations.Part(members: Array(object.dropFirst()), image: imageRecord("image_data", of: location))
        }
    }

    /// How a profile and a route begin: `{"id":…`, their texts, `image_data` and `icon_data`.
    func writeHead(of item: ContentItem, id: Int, _ json: inout JSONWriter, _ recording: ContentRecording) throws {
        try json.beginObject()
        try json.key("id")
        try json.int(id)
        try writeTexts(item, &json)
        try writeImage("image_data", of: item, &json, recording)
        try writeImage("icon_data", of: item, &json, recording)
    }

    func writeRoute(_ route: ContentItem, profileID: Int, _ json: inout JSONWriter, _ recording: ContentRecording) throws {
        let routeID = try number(route)
        try writeHead(of: route, id: routeID, &json, recording)
        try json.key("waypoints")
        try json.beginArray()
        for (rank, node) in (route.node["waypoints"]?.elements ?? []).enumerated() {
            guard let id = ItemID(node: node), let location = try waypointPart(of: id) else { continue }
            try json.beginObject()
            try json.key("rank")
            try json.int(rank)
            try json.members(location.members)
            try writeImage("image_data", record: location.image, &json, recording)
            try json.key("route_id")
            try json.int(routeID)
            try json.endObject()
        }
        try json.endArray()
        try json.key("profile_id")
        try json.int(profileID)
        if let rewardID = route.node["reward"].flatMap(ItemID.init(node:)), let reward = context.index.item("rewards", rewardID) {
            try json.key("reward")
            try json.beginObject()
            try json.key("id")
            try json.int(try number(reward))
            try writeTexts(reward, &json)
            try writeImage("image_data", of: reward, &json, recording)
            try json.endObject()
        }
        try json.endObject()
    }
}

extension GohikeTarget {
    /// Reads a pack's `gohike/content.json` back into content (for `diff`); nil when the pack
    /// has no such file.
    static func readContent(_ pack: PackContentSource) async throws -> ContentSnapshot? {
        guard let file = pack.manifest.files.first(where: { $0.path == path }) else { return nil }
        var snapshot = try SnapshotLoader.loadGohikeContent(try pack.data(file), label: pack.label, kind: .pack)
        snapshot.project = pack.manifest.project
        snapshot.version = pack.manifest.version
        snapshot.locales = pack.manifest.locales
        return snapshot
    }
}
