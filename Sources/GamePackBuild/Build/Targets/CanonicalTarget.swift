import Foundation
import GamePackContent
import GamePackFormat

/// gamepack's own JSON for modern clients and servers: each collection in chunk files
/// `canonical/<collection>/<NNNN>.json` (see `CanonicalLayout`: about 64 items each, ends chosen
/// by the items' ids, so a small change touches one chunk), each
/// `{"collection": …, "locales": […], "items": [{"id": …, fields…}]}`, items by id across the
/// chunks, localized fields as locale maps, assets as `{"sha256", "format", "bytes", "width",
/// "height", "path"}` pointing at `assets/<sha256>.<ext>` in the pack (or with `data`, base64,
/// when the target is configured with `embed: true`).
///
/// Version: MD5 of the sorted `path<TAB>sha256` lines of its files and assets.
struct CanonicalTarget: BuildTargetKind {
    static let layout: any PackTargetLayout.Type = CanonicalLayout.self
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
        // Every chunk of every collection, written in parallel.
        let chunks = collections(context).flatMap { collection in
            Self.chunks(of: context.index.items(in: collection)).enumerated().map { (collection, $0.offset, $0.element) }
        }
        let parts = try await chunks.concurrentMap { collection, index, items -> Result<(StagedFile, Set<String>), Error> in
            Result { try Self.write(collection, chunk: index, items: items, context: context) }
        }.map { try $0.get() }
        let files = parts.map(\.0)
        let assets = parts.reduce(into: Set<String>()) { $0.formUnion($1.1) }
        let version = context.fileListVersion(files, assets: assets)
        return TargetOutput(name: Self.name, version: version, files: files, assets: assets)
    }

    /// A collection's items (in id order) cut into chunks where `CanonicalLayout` says.
    static func chunks(of items: [ContentItem]) -> [[ContentItem]] {
        var chunks: [[ContentItem]] = []
        var current: [ContentItem] = []
        for item in items {
            current.append(item)
            if CanonicalLayout.endsChunk(afterID: item.id!.text, count: current.count) {
                chunks.append(current)
                current = []
            }
        }
        if !current.isEmpty { chunks.append(current) }
        return chunks
    }

    static func write(_ collection: String, chunk: Int, items: [ContentItem], context: BuildContext) throws -> (
        StagedFile, Set<String>
    ) {
        var writer = ItemJSON(context: context, style: .canonical(embed: embedsAssets(context.config)))
        let type = context.project.types[collection]!
        let path = CanonicalLayout.chunkPath(collection: collection, index: chunk)
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
        for item in items {
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
    /// Reads a pack's canonical files back into content (for `diff`), with the built-in content
    /// types: the chunks of `canonical/<collection>/`, or the one `canonical/<collection>.json`
    /// of packs built before chunking.
    static func readContent(_ pack: PackContentSource) async throws -> ContentSnapshot? {
        let label = pack.label
        let types = BuiltinTypes.types
        let store = AssetStore(.pack(pack.reader))
        let valueReader = SnapshotValueReader(
            defaultLocale: pack.defaultLocale, locales: pack.manifest.locales, asset: { AssetRef(path: $0) })
        let files = pack.manifest.files.filter { CanonicalLayout.collection(ofPath: $0.path) != nil }
        let datas = try files.map(pack.data)
        // One collection file per task: parsing is most of the work.
        let parsed = await Array(zip(files.map(\.path), datas)).concurrentMap {
            path, data -> Result<(String, [ItemID: SnapshotItem]), any Error> in
            Result { try SnapshotLoader.canonicalCollection(data, path: path, label: label, types: types, reader: valueReader) }
        }
        var items: [String: [ItemID: SnapshotItem]] = [:]
        for result in parsed {
            let (collection, byID) = try result.get()
            items[collection, default: [:]].merge(byID) { first, _ in first }
        }
        return ContentSnapshot(
            label: label, kind: .pack, project: pack.manifest.project, version: pack.manifest.version,
            locales: pack.manifest.locales, defaultLocale: pack.defaultLocale, types: types, items: items, assets: store,
            warnings: [])
    }
}
