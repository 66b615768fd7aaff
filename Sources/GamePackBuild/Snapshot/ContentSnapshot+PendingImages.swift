import Foundation
import GamePackContent
import GamePackFormat

/// A content.json read for a diff has its images pending (`SnapshotLoader.readGohikeContent`):
/// each distinct image is `images/pending-<n>.<ext>` until it is hashed into its final path,
/// `images/<hash>.<ext>`. Two versions hash only the images that differ: a field whose image
/// is, byte for byte, the one the same field of the same item has in the other version needs
/// neither side's hash, since no report shows an unchanged field.
extension ContentSnapshot {
    /// Hashes every pending image (a snapshot read on its own).
    package mutating func resolvePendingImages() {
        guard let pending = pendingImages else { return }
        resolve(pending, same: [:])
    }

    /// Hashes the pending images `pending` but those `same` gives a reference for (collection,
    /// id, field), changing the items in place.
    mutating func resolve(_ pending: [String: Data], same: [String: [ItemID: [String: AssetRef]]]) {
        // No image: no reference is pending, and nothing changes but the empty store.
        if pending.isEmpty {
            assets = AssetStore(.memory([:]))
            pendingImages = nil
            return
        }
        var resolver = PendingImageResolver(pending: pending)
        // Only asset references change: the texts the tally counted are the same.
        let tally = coverageTally
        resolver.resolve(&items, same: same)
        coverageTally = tally
        assets = AssetStore(.memory(resolver.store))
        pendingImages = nil
    }

    /// Resolves the pending images of two versions. A field whose image equals the other
    /// version's (same item, same field) gets the same unhashed reference on both sides (the
    /// old version's pending path and size, which the engine compares equal); every other
    /// image is hashed.
    package static func resolvePendingImages(_ old: inout ContentSnapshot, _ new: inout ContentSnapshot) {
        guard let oldPending = old.pendingImages, let newPending = new.pendingImages, !oldPending.isEmpty,
            !newPending.isEmpty
        else {
            old.resolvePendingImages()
            new.resolvePendingImages()
            return
        }
        var same: [String: [ItemID: [String: AssetRef]]] = [:]
        for (collection, oldItems) in old.items {
            guard let newItems = new.items[collection] else { continue }
            for (id, oldItem) in oldItems {
                guard let newItem = newItems[id] else { continue }
                for (key, value) in oldItem.fields {
                    guard case .asset(let x) = value, case .asset(let y)? = newItem.fields[key],
                        let a = oldPending[x.path], let b = newPending[y.path], a == b
                    else { continue }
                    same[collection, default: [:]][id, default: [:]][key] = x
                }
            }
        }
        // The two versions are hashed at once, one on each core. Each is moved into a box of its
        // own first, so that its items are changed in place, not copied.
        final class Side: @unchecked Sendable {
            var snapshot: ContentSnapshot
            let pending: [String: Data]
            init(_ snapshot: ContentSnapshot, _ pending: [String: Data]) { (self.snapshot, self.pending) = (snapshot, pending) }
        }
        let sides = [Side(old, oldPending), Side(new, newPending)]
        old.items = [:]
        new.items = [:]
        let shared = same
        DispatchQueue.concurrentPerform(iterations: sides.count) { sides[$0].snapshot.resolve(sides[$0].pending, same: shared) }
        old = sides[0].snapshot
        new = sides[1].snapshot
    }
}

/// Hashes the pending images of one snapshot, each distinct image once.
struct PendingImageResolver {
    let pending: [String: Data]
    /// Final paths and hashes by pending path.
    private var resolved: [String: (path: String, sha256: String)] = [:]
    /// The hashed images by final path (the snapshot's new asset store).
    private(set) var store: [String: Data] = [:]

    init(pending: [String: Data]) {
        self.pending = pending
    }

    /// Makes every asset reference of `items` final, but those in `same` (collection, id,
    /// field), which become the reference given there.
    mutating func resolve(_ items: inout [String: [ItemID: SnapshotItem]], same: [String: [ItemID: [String: AssetRef]]]) {
        for collection in Array(items.keys) {
            let sameInCollection = same[collection]
            var changed: [(id: ItemID, fields: [String: DiffValue])] = []
            for (id, item) in items[collection]! where item.fields.values.contains(where: \.holdsAsset) {
                let sameFields = sameInCollection?[id]
                var fields = item.fields
                for (key, value) in item.fields where value.holdsAsset {
                    if let shared = sameFields?[key] {
                        fields[key] = .asset(shared)
                    } else {
                        fields[key] = resolve(value)
                    }
                }
                changed.append((id, fields))
            }
            // After the walk, which holds the collection's dictionary: changed in place.
            for (id, fields) in changed { items[collection]![id]!.fields = fields }
        }
    }

    /// `value` with its pending asset references final.
    mutating func resolve(_ value: DiffValue) -> DiffValue {
        switch value {
        case .asset(let ref):
            return .asset(resolve(ref))
        case .list(let values):
            var out: [DiffValue] = []
            for element in values { out.append(resolve(element)) }
            return .list(out)
        case .object(let fields):
            var out = fields
            for (key, field) in fields { out[key] = resolve(field) }
            return .object(out)
        default:
            return value
        }
    }

    /// A pending reference with its final path and SHA-256 (`images/<first 16 hex digits>.<ext>`).
    mutating func resolve(_ ref: AssetRef) -> AssetRef {
        guard let data = pending[ref.path] else { return ref }
        let final: (path: String, sha256: String)
        if let known = resolved[ref.path] {
            final = known
        } else {
            let sha256 = Digest.sha256Hex(data)
            let ext = ref.path.split(separator: ".").last.map(String.init) ?? ""
            final = ("images/\(sha256.prefix(16)).\(ext)", sha256)
            resolved[ref.path] = final
            store[final.path] = data
        }
        var out = ref
        out.path = final.path
        out.sha256 = final.sha256
        return out
    }
}
