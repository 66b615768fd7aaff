/// Where the `kinvey` target puts its files in a pack: `kinvey/<collection>.json`, one JSON array
/// of items (with `_id`) per collection, and the blob metadata as the collection `metaData`.
public enum KinveyLayout: PackTargetLayout {
    public static let name = "kinvey"
    public static let itemFiles: ItemFileFormat? = ItemFileFormat(itemsMember: nil, idKey: "_id")
    /// The collection of blob metadata (`_id`, `resourceName`, `lastModified`, `md5`, `sha256`, `size`).
    public static let metadataCollection = "metaData"

    /// The pack path of `collection`'s file.
    public static func path(collection: String) -> String { "\(name)/\(collection).json" }

    /// `kinvey/<collection>.json` (chunk 0); nil for any other path.
    public static func collection(ofPath path: String) -> (collection: String, chunk: Int)? {
        let parts = path.split(separator: "/")
        guard parts.count == 2, parts[0] == name, parts[1].hasSuffix(".json") else { return nil }
        return (String(parts[1].dropLast(5)), 0)
    }
}
