import Foundation
import GamePackFormat

/// gamepack's own JSON for modern clients and servers: `canonical/<collection>.json` per
/// collection, `{"collection": …, "locales": […], "items": [{"id": …, fields…}]}`, items by id,
/// localized fields as locale maps, assets as `{"sha256", "format", "bytes", "width",
/// "height", "path"}` pointing at `assets/<sha256>.<ext>` in the pack (or with `data`, base64,
/// when the target is configured with `embed: true`).
///
/// Version: MD5 of the sorted `path<TAB>sha256` lines of its files and assets.
struct CanonicalTarget: BuildTargetKind {
    static let name = "canonical"
    static let summary =
        "gamepack's own JSON, one file per collection with texts in every locale and assets by hash, for modern clients and servers (`embed: true` in gamepack.yaml puts the assets in as base64)."
    static let options = [
        BuildTargetOption(name: "embed", values: "true|false") { value in
            if case .bool = value.value { return true }
            return false
        }
    ]
    /// Canonical JSON keeps every field of every item: `diff` prefers it.
    static let contentReader: TargetContentReader? = TargetContentReader(fidelity: 100, read: readContent)
    let context: BuildContext

    /// Whether `config` asks for assets embedded as base64 (`{canonical: {embed: true}}`).
    static func embedsAssets(_ config: ProjectConfig) -> Bool {
        if case .bool(let embed)? = config.targetOptions[name]?["embed"]?.value { return embed }
        return false
    }

    func emit() async throws -> TargetOutput {
        let context = self.context
        // One file per collection, written in parallel.
        let parts = try await collections(context).concurrentMap { collection -> Result<(StagedFile, Set<String>), Error> in
            Result { try Self.write(collection, context: context) }
        }.map { try $0.get() }
        let files = parts.map(\.0)
        let assets = parts.reduce(into: Set<String>()) { $0.formUnion($1.1) }
        let version = context.fileListVersion(files, assets: assets)
        return TargetOutput(name: Self.name, version: version, files: files, assets: assets)
    }

    static func write(_ collection: String, context: BuildContext) throws -> (StagedFile, Set<String>) {
        var writer = ItemJSON(context: context, style: .canonical(embed: embedsAssets(context.config)))
        let type = context.project.types[collection]!
        let path = "canonical/\(collection).json"
        let out = try context.output(path)
        var json = JSONWriter(out)
        try json.beginObject()
        try json.key("collection")
        try json.string(collection)
        try json.key("locales")
        try json.beginArray()
        for locale in context.config.locales { try json.string(locale) }
        try json.endArray()
        try json.key("items")
        try json.beginArray()
        for item in context.index.items(in: collection) {
            try json.beginObject()
            try json.key("id")
            if let number = item.id!.number { try json.int(number) } else { try json.string(item.id!.text) }
            try writer.writeFields(of: item.node, fields: type.fields, &json)
            try json.endObject()
        }
        try json.endArray()
        try json.endObject()
        return (try context.staged(out, packPath: path), writer.assets)
    }
}

extension CanonicalTarget {
    /// Reads a pack's `canonical/<collection>.json` files back into content (for `diff`), with
    /// the built-in content types.
    static func readContent(_ pack: PackContentSource) async throws -> ContentSnapshot? {
        let label = pack.label
        let types = SnapshotLoader.builtinTypes()
        let store = AssetStore(.pack(pack.reader))
        let valueReader = SnapshotValueReader(
            defaultLocale: pack.defaultLocale, locales: pack.manifest.locales, asset: { AssetRef(path: $0) })
        let files = pack.manifest.files.filter { $0.path.hasPrefix("\(name)/") && $0.path.hasSuffix(".json") }
        let datas = try files.map(pack.data)
        // One collection file per task: parsing is most of the work.
        let parsed = await Array(zip(files.map(\.path), datas)).concurrentMap {
            path, data -> Result<(String, [ItemID: SnapshotItem]), any Error> in
            Result { try SnapshotLoader.canonicalCollection(data, path: path, label: label, types: types, reader: valueReader) }
        }
        var items: [String: [ItemID: SnapshotItem]] = [:]
        for result in parsed {
            let (collection, byID) = try result.get()
            items[collection] = byID
        }
        return ContentSnapshot(
            label: label, kind: .pack, project: pack.manifest.project, version: pack.manifest.version,
            locales: pack.manifest.locales, defaultLocale: pack.defaultLocale, types: types, items: items, assets: store,
            warnings: [])
    }
}
