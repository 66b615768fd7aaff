import Foundation
import GamePackFormat

/// Writes one item's fields as JSON by their content type, for the canonical and kinvey
/// targets. Fields appear in schema order; absent fields are left out.
struct ItemJSON {
    enum Style {
        /// Localized fields as locale maps, references as ids, assets as hash objects.
        case canonical(embed: Bool)
        /// References as `_id` strings, assets as resource names, one-locale projects' texts flat.
        case kinvey
    }

    let context: BuildContext
    let style: Style
    /// Normalized paths of the assets written by reference (collected for the pack).
    private(set) var assets: Set<String> = []

    init(context: BuildContext, style: Style) {
        self.context = context
        self.style = style
    }

    mutating func writeFields(of node: SourceNode, fields: [FieldSpec], _ json: inout JSONWriter) throws {
        for spec in fields {
            guard let value = node[spec.name], !isNull(value) else { continue }
            try json.key(spec.name)
            try write(value, spec: spec, &json)
        }
    }

    func isNull(_ node: SourceNode) -> Bool {
        if case .null = node.value { return true }
        return false
    }

    mutating func write(_ node: SourceNode, spec: FieldSpec, _ json: inout JSONWriter) throws {
        switch spec.type {
        case .string, .text, .url, .enum, .date:
            try json.string(node.scalarText ?? "")
        case .localized:
            let config = context.config
            if case .kinvey = style, config.locales.count == 1 {
                try json.string(node.scalarText ?? node[config.defaultLocale]?.scalarText ?? "")
                return
            }
            try json.beginObject()
            if let text = node.scalarText {
                try json.key(config.defaultLocale)
                try json.string(text)
            } else {
                for locale in config.locales {
                    guard let text = node[locale]?.scalarText, !text.isEmpty else { continue }
                    try json.key(locale)
                    try json.string(text)
                }
            }
            try json.endObject()
        case .int:
            if case .int(let value) = node.value { try json.int(value) } else { try json.null() }
        case .number:
            try json.number(node.doubleValue ?? 0, raw: node.raw)
        case .bool:
            if case .bool(let value) = node.value { try json.bool(value) } else { try json.null() }
        case .geo:
            try json.beginObject()
            for coordinate in ["latitude", "longitude"] {
                try json.key(coordinate)
                let value = node[coordinate]
                try json.number(value?.doubleValue ?? 0, raw: value?.raw)
            }
            try json.endObject()
        case .reference:
            guard let id = ItemID(node: node) else { return try json.null() }
            if case .canonical = style, let number = id.number { try json.int(number) } else { try json.string(id.text) }
        case .list:
            try json.beginArray()
            if let element = spec.element?.value {
                for value in node.elements ?? [] { try write(value, spec: element, &json) }
            }
            try json.endArray()
        case .object:
            try json.beginObject()
            try writeFields(of: node, fields: spec.fields, &json)
            try json.endObject()
        case .image, .audio:
            guard let path = node.scalarText, let record = context.catalog.record(for: path) else { return try json.null() }
            switch style {
            case .kinvey:
                assets.insert(record.path)
                try json.string(record.path)
            case .canonical(let embed):
                try json.beginObject()
                try json.key("sha256")
                try json.string(record.sha256)
                try json.key("format")
                try json.string(record.format.rawValue)
                try json.key("bytes")
                try json.int(Int(record.size))
                if let width = record.width, let height = record.height {
                    try json.key("width")
                    try json.int(width)
                    try json.key("height")
                    try json.int(height)
                }
                if embed {
                    try json.key("data")
                    try json.rawStringValue { out in try context.writeBase64(of: record, wrap: nil, into: out) }
                } else {
                    assets.insert(record.path)
                    try json.key("path")
                    try json.string(record.packPath)
                }
                try json.endObject()
            }
        }
    }
}

/// gamepack's own JSON for modern clients and servers: `canonical/<collection>.json` per
/// collection, `{"collection": …, "locales": […], "items": [{"id": …, fields…}]}`, items by id,
/// localized fields as locale maps, assets as `{"sha256", "format", "bytes", "width",
/// "height", "path"}` pointing at `assets/<sha256>.<ext>` in the pack (or with `data`, base64,
/// when the target is configured with `embed: true`).
///
/// Version: MD5 of the sorted `path<TAB>sha256` lines of its files and assets.
struct CanonicalTarget {
    static let name = "canonical"
    let context: BuildContext

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
        var writer = ItemJSON(context: context, style: .canonical(embed: context.config.embedCanonicalAssets))
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

/// The collections a project has items in, sorted.
func collections(_ context: BuildContext) -> [String] {
    Set(context.project.items.map(\.collection)).filter { context.project.types[$0] != nil }.sorted()
}

/// Kinvey/Mongo-style import files: `kinvey/<collection>.json`, one JSON array per collection
/// with `_id` (a string) and the fields, references as the `_id` of the related item, assets as
/// their resource name; and `kinvey/metaData.json`, the blob metadata collection
/// (`_id`, `resourceName`, `lastModified`, `md5`, `sha256`, `size`) whose content hashes let a
/// client notice a resource replaced under the same name. The blobs are in the pack under
/// `assets/<sha256>.<ext>`.
///
/// Version: MD5 of the sorted `path<TAB>sha256` lines of its files and assets.
struct KinveyTarget {
    static let name = "kinvey"
    let context: BuildContext

    func emit() throws -> TargetOutput {
        var writer = ItemJSON(context: context, style: .kinvey)
        var files: [StagedFile] = []
        for collection in collections(context) {
            let type = context.project.types[collection]!
            let path = "kinvey/\(collection).json"
            let out = try context.output(path)
            var json = JSONWriter(out)
            try json.beginArray()
            for item in context.index.items(in: collection) {
                try json.beginObject()
                try json.key("_id")
                try json.string(item.id!.text)
                try writer.writeFields(of: item.node, fields: type.fields, &json)
                try json.endObject()
            }
            try json.endArray()
            files.append(try context.staged(out, packPath: path))
        }
        let path = "kinvey/metaData.json"
        let out = try context.output(path)
        var json = JSONWriter(out)
        let lastModified = ISO8601DateFormatter().string(from: context.timestamp)
        try json.beginArray()
        for assetPath in writer.assets.sorted() {
            guard let record = context.catalog.record(for: assetPath) else { continue }
            try json.beginObject()
            try json.key("_id")
            try json.string(String(record.sha256.prefix(24)))
            try json.key("resourceName")
            try json.string(record.path)
            try json.key("lastModified")
            try json.string(lastModified)
            try json.key("md5")
            try json.string(record.md5)
            try json.key("sha256")
            try json.string(record.sha256)
            try json.key("size")
            try json.int(Int(record.size))
            try json.endObject()
        }
        try json.endArray()
        files.append(try context.staged(out, packPath: path))
        let version = context.fileListVersion(files, assets: writer.assets)
        return TargetOutput(name: Self.name, version: version, files: files, assets: writer.assets)
    }
}
