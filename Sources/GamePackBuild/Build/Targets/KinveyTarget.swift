import Foundation
import GamePackContent
import GamePackFormat

/// Kinvey/Mongo-style import files: `kinvey/<collection>.json`, one JSON array per collection
/// with `_id` (a string) and the fields, references as the `_id` of the related item, assets as
/// their resource name; and `kinvey/metaData.json`, the blob metadata collection
/// (`_id`, `resourceName`, `lastModified`, `md5`, `sha256`, `size`) whose content hashes let a
/// client notice a resource replaced under the same name. The blobs are in the pack under
/// `assets/<sha256>.<ext>`.
///
/// Version: MD5 of the sorted `path<TAB>sha256` lines of its files and assets.
struct KinveyTarget: BuildTargetKind {
    static let layout: any PackTargetLayout.Type = KinveyLayout.self
    static let summary =
        "Kinvey-style import files, one JSON array per collection with `_id` and the blob metadata, for apps and servers that spoke Kinvey's API."
    static let options: [BuildTargetOption] = []
    /// `diff` does not read kinvey files back: packs with it are read through their other targets.
    static let contentReader: TargetContentReader? = nil
    let context: BuildContext

    func emit() throws -> TargetOutput {
        var writer = ItemJSON(context: context, style: .kinvey)
        var files: [StagedFile] = []
        for collection in collections(context) {
            let type = context.project.types[collection]!
            let path = KinveyLayout.path(collection: collection)
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
        let path = KinveyLayout.path(collection: KinveyLayout.metadataCollection)
        let out = try context.output(path)
        var json = JSONWriter(out)
        let lastModified = ISO8601DateFormatter().string(from: context.timestamp)
        try json.beginArray()
        // A blob's `_id` is its content hash's first 24 hex digits; two assets with the same
        // bytes (an image copied under a second name) would share it, and Kinvey ids are
        // unique, so a later one takes the hash of its name and content instead.
        var usedIDs: Set<String> = []
        for assetPath in writer.assets.sorted() {
            guard let record = context.catalog.record(for: assetPath) else { continue }
            var id = String(record.sha256.prefix(24))
            if usedIDs.contains(id) { id = String(Digest.sha256Hex(Data("\(record.path)\u{0}\(record.sha256)".utf8)).prefix(24)) }
            usedIDs.insert(id)
            try json.beginObject()
            try json.key("_id")
            try json.string(id)
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
