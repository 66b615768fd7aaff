import Foundation

/// Where the `canonical` target puts a collection's items in a pack, and how readers find them.
///
/// A collection is split into chunk files, `canonical/<collection>/<NNNN>.json`, each of the
/// shape `{"collection", "locales", "items": [...]}`, items by id across the chunks in order.
/// Chunks end where the items' ids say (content-defined), so an edit to one item changes one
/// chunk and an added or removed item changes one or two: a client updating after a one-photo
/// change fetches a few kilobytes of JSON, not the whole collection. Packs built before
/// chunking hold one file per collection, `canonical/<collection>.json`; every reader accepts
/// both.
public enum CanonicalLayout: PackTargetLayout {
    public static let name = "canonical"
    public static let itemFiles: ItemFileFormat? = ItemFileFormat(itemsMember: "items", idKey: "id")
    /// The most items in one chunk.
    public static let maxItemsPerChunk = 256
    /// A chunk ends after an item whose id hashes to 0 modulo this (64 items a chunk on average).
    public static let boundaryModulus: UInt64 = 64

    /// Whether the chunk ends after the item with this id, now holding `count` items.
    public static func endsChunk(afterID id: String, count: Int) -> Bool {
        if count >= maxItemsPerChunk { return true }
        // FNV-1a (64-bit) of the id's UTF-8: stable across builds, platforms and versions.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash % boundaryModulus == 0
    }

    /// The pack path of chunk `index` (from 0) of `collection`.
    public static func chunkPath(collection: String, index: Int) -> String {
        let number = String(index)
        return "\(name)/\(collection)/" + String(repeating: "0", count: max(0, 4 - number.count)) + number + ".json"
    }

    /// The collection a canonical pack path holds items of, and the file's place among the
    /// collection's files: `canonical/deals.json` (the one file of the layout before chunks)
    /// and `canonical/deals/0003.json` (chunk 3). Nil for any other path.
    public static func collection(ofPath path: String) -> (collection: String, chunk: Int)? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.first == name[...], let last = parts.last, last.hasSuffix(".json") else { return nil }
        let stem = last.dropLast(5)
        switch parts.count {
        case 2 where !stem.isEmpty:
            return (String(stem), 0)
        case 3 where !parts[1].isEmpty:
            guard !stem.isEmpty, stem.allSatisfy({ $0.isASCII && $0.isNumber }), let index = Int(stem) else { return nil }
            return (String(parts[1]), index)
        default:
            return nil
        }
    }
}
