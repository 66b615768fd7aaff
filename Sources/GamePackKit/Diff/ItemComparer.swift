import Foundation
import GamePackBuild
import GamePackContent

/// Compares the items of one collection in two snapshots (see `DiffEngine`).
struct ItemComparer {
    let old: ContentSnapshot
    let new: ContentSnapshot
    let assets: AssetResolution
    /// The new version of the item being compared (for stored source hashes).
    var current: SnapshotItem?

    init(old: ContentSnapshot, new: ContentSnapshot, assets: AssetResolution) {
        self.old = old
        self.new = new
        self.assets = assets
    }

    var defaultLocale: String { new.defaultLocale }

    /// The content type of `collection` (the new version's, else the old one's).
    func type(_ collection: String) -> ContentType? { new.types[collection] ?? old.types[collection] }

    /// Collections some reference field points into.
    var referenceTargets: Set<String> {
        var targets = Set<String>()
        func walk(_ spec: FieldSpec) {
            if spec.type == .reference, let target = spec.referenceTarget { targets.insert(target) }
            if let element = spec.element?.value { walk(element) }
            spec.fields.forEach(walk)
        }
        for type in Array(old.types.values) + Array(new.types.values) { type.fields.forEach(walk) }
        return targets
    }

    // MARK: Items

    /// What comparing one collection needs before its items are compared: both versions'
    /// items, every id in order, and positions by `order` (`positionChanges`).
    /// (A class: the engine hands a collection's plan to the comparison of each of its items,
    /// and a struct's copy retained each of its dictionaries, arrays and strings every time.)
    final class CollectionPlan: Sendable {
        let collection: String
        let type: ContentType?
        let oldItems: [ItemID: SnapshotItem]
        let newItems: [ItemID: SnapshotItem]
        let ids: [ItemID]
        let positions: [ItemID: FieldChange]?

        init(
            collection: String, type: ContentType?, oldItems: [ItemID: SnapshotItem], newItems: [ItemID: SnapshotItem],
            ids: [ItemID], positions: [ItemID: FieldChange]?
        ) {
            self.collection = collection
            self.type = type
            self.oldItems = oldItems
            self.newItems = newItems
            self.ids = ids
            self.positions = positions
        }

        /// The ids of items in both versions, which are compared field by field.
        var kept: [ItemID] { ids.filter { oldItems.keys.contains($0) && newItems.keys.contains($0) } }
    }

    /// A collection is compared in three steps: `plan`, then `modification` for each id of
    /// `kept` (the engine runs these for all collections side by side), then `finish`.
    func plan(collection: String) -> CollectionPlan {
        let oldItems = old.items[collection] ?? [:]
        let newItems = new.items[collection] ?? [:]
        let type = type(collection)
        return CollectionPlan(
            collection: collection, type: type, oldItems: oldItems, newItems: newItems,
            ids: ItemID.sorted(Set(oldItems.keys).union(newItems.keys)),
            positions: positionChanges(collection: collection, type: type, oldItems: oldItems, newItems: newItems))
    }

    /// How the item `id`, present in both versions, changed; nil when it did not.
    mutating func modification(of id: ItemID, in plan: CollectionPlan) -> ItemChange? {
        guard let a = plan.oldItems[id], let b = plan.newItems[id] else { return nil }
        current = b
        var fieldChanges = compareFields(a.fields, b.fields, type: plan.type, skipOrder: plan.positions != nil)
        if let position = plan.positions?[id] { fieldChanges.append(position) }
        guard !fieldChanges.isEmpty else { return nil }
        let itemClass = fieldChanges.map(\.class).min()!
        var reason: String?
        if itemClass == .breaking {
            reason = fieldChanges.filter { $0.class == .breaking }.map { "\($0.path): \($0.summary)" }.joined(
                separator: "; ")
        }
        return ItemChange(
            collection: plan.collection, id: id.text, title: b.title ?? a.title, change: .modified, class: itemClass,
            fields: fieldChanges.map(\.path), changes: fieldChanges, reason: reason)
    }

    /// The ids of the plan's items that the new version no longer has.
    func removedIDs(in plan: CollectionPlan) -> Set<String> {
        Set(plan.oldItems.keys.lazy.filter { !plan.newItems.keys.contains($0) }.map(\.text))
    }

    /// The collection's changes: the `modified` items with the removed and added ones (an
    /// item renumbered, referred to or named by saved state is a breaking removal), by id.
    /// `referrers`: the items of each version that refer to the removed ones
    /// (`referrers(to:in:side:)` for `removedIDs(in:)`, which the engine finds for all
    /// collections and both versions side by side).
    func finish(
        _ plan: CollectionPlan, modified: [ItemChange], referrers found: (old: [String: Set<String>], new: [String: Set<String>])
    ) -> [ItemChange] {
        let collection = plan.collection
        var changes = modified
        var removed: [SnapshotItem] = []
        var added: [SnapshotItem] = []
        // Told by the keys alone: an item is copied only when it was removed or added.
        for id in plan.ids {
            switch (plan.oldItems.keys.contains(id), plan.newItems.keys.contains(id)) {
            case (true, false): removed.append(plan.oldItems[id]!)
            case (false, true): added.append(plan.newItems[id]!)
            default: break
            }
        }
        // An item whose content reappears under another id was renumbered.
        var addedByPrint: [String: [SnapshotItem]] = [:]
        for item in added where !item.fields.isEmpty {
            addedByPrint[fingerprint(item.fields, side: .new), default: []].append(item)
        }
        var removedByPrint: [String: [SnapshotItem]] = [:]
        for item in removed where !item.fields.isEmpty {
            removedByPrint[fingerprint(item.fields, side: .old), default: []].append(item)
        }
        var renumberedTo: [ItemID: ItemID] = [:]
        var renumberedFrom: [ItemID: ItemID] = [:]
        for (print, was) in removedByPrint where was.count == 1 {
            if let now = addedByPrint[print], now.count == 1 {
                renumberedTo[was[0].id] = now[0].id
                renumberedFrom[now[0].id] = was[0].id
            }
        }
        let stateful = DiffEngine.stateCollections.contains(collection) || referenceTargets.contains(collection)
        for item in removed {
            let id = item.id.text
            let referrers = found.old[id, default: []].union(found.new[id, default: []]).sorted()
            var itemClass = ChangeClass.content
            var reason: String?
            if let to = renumberedTo[item.id] {
                itemClass = .breaking
                reason = "renumbered to \(to.text): saved state and references that name \(item.id.text) no longer find it"
            } else if !referrers.isEmpty {
                itemClass = .breaking
                reason = "referenced by \(referrers.joined(separator: ", "))"
            } else if stateful {
                itemClass = .breaking
                reason = "players' saved state and references name \(collection) by id"
            }
            changes.append(
                ItemChange(
                    collection: collection, id: item.id.text, title: item.title, change: .removed, class: itemClass, fields: [],
                    changes: [], referencedBy: referrers.isEmpty ? nil : referrers,
                    renumberedTo: renumberedTo[item.id]?.text, reason: reason))
        }
        for item in added {
            let from = renumberedFrom[item.id]
            changes.append(
                ItemChange(
                    collection: collection, id: item.id.text, title: item.title, change: .added,
                    class: from == nil ? .content : .breaking, fields: [], changes: [], renumberedFrom: from?.text,
                    reason: from.map { "renumbered from \($0.text)" }))
        }
        return changes.sorted { ItemID($0.id) < ItemID($1.id) }
    }

    enum Side: Sendable { case old, new }

    /// Field values as text with assets by hash (what a renumbered item is recognized by).
    func fingerprint(_ fields: [String: DiffValue], side: Side) -> String {
        func text(_ value: DiffValue) -> String {
            switch value {
            case .asset(let ref):
                let hashes = side == .old ? assets.oldHashes : assets.newHashes
                return "asset:" + (ref.sha256 ?? hashes[ref.path] ?? "\(ref.path):\(ref.bytes ?? -1)")
            case .list(let values): return "[" + values.map(text).joined(separator: ",") + "]"
            case .object(let fields):
                return "{" + fields.keys.sorted().map { "\($0)=\(text(fields[$0]!))" }.joined(separator: ",") + "}"
            default: return value.display
            }
        }
        return fields.keys.sorted().map { "\($0)=\(text(fields[$0]!))" }.joined(separator: "\u{1}")
    }

    /// The items on one side that refer to any of `ids` in `collection`: id → referring items
    /// (`routes/13`). Only references to those ids are looked up, and a referrer's name is made
    /// only for a match, so that a few removed items do not index every reference; only the
    /// fields whose spec can hold such a reference are read.
    func referrers(to ids: Set<String>, in collection: String, side: Side) -> [String: Set<String>] {
        func canRefer(_ spec: FieldSpec) -> Bool {
            (spec.type == .reference && spec.referenceTarget == collection)
                || (spec.element.map { canRefer($0.value) } ?? false) || spec.fields.contains(where: canRefer)
        }
        let snapshot = side == .old ? old : new
        var found: [String: Set<String>] = [:]
        for (referringCollection, items) in snapshot.items {
            guard let type = snapshot.types[referringCollection] else { continue }
            // Each field's spec is found once, not once an item (or a list element): finding
            // one copies it.
            let specs = type.fields.filter(canRefer).compactMap { type.field($0.name) }
            if specs.isEmpty { continue }
            for item in items.values {
                func walk(_ value: DiffValue, _ spec: FieldSpec?) {
                    guard let spec else { return }
                    switch value {
                    case .reference(let id) where spec.type == .reference:
                        if spec.referenceTarget == collection, ids.contains(id) {
                            found[id, default: []].insert("\(referringCollection)/\(item.id.text)")
                        }
                    case .list(let values):
                        let element = spec.element?.value
                        for value in values { walk(value, element) }
                    case .object(let fields): for (key, value) in fields { walk(value, spec.field(key)) }
                    default: break
                    }
                }
                for spec in specs { if let value = item.fields[spec.name] { walk(value, spec) } }
            }
        }
        return found
    }

    // MARK: Position by `order`

    /// For a collection with an int `order` field: the items whose position among their
    /// siblings (same group: the first reference field, e.g. a route's profile) changed
    /// relative to the items present in both versions. Nil when the type has no `order`.
    func positionChanges(
        collection: String, type: ContentType?, oldItems: [ItemID: SnapshotItem], newItems: [ItemID: SnapshotItem]
    ) -> [ItemID: FieldChange]? {
        guard let type, type.field("order")?.type == .int else { return nil }
        let groupField = type.fields.first { $0.type == .reference }?.name
        func group(_ item: SnapshotItem) -> String { groupField.flatMap { item.fields[$0]?.display } ?? "" }
        func order(_ item: SnapshotItem) -> Double {
            if case .number(let value, _)? = item.fields["order"] { return value }
            return .infinity
        }
        var groups: [String: [ItemID]] = [:]
        for (id, a) in oldItems {
            guard let b = newItems[id], group(a) == group(b) else { continue }
            groups[group(b), default: []].append(id)
        }
        /// The ids by `order`, then by id; each item's order and sort key worked out once.
        func ranked(_ ids: [ItemID], in items: [ItemID: SnapshotItem]) -> [ItemID] {
            ids.map { (order: order(items[$0]!), key: ItemID.SortKey($0)) }
                .sorted { ($0.order, $0.key) < ($1.order, $1.key) }
                .map(\.key.id)
        }
        /// 1-based positions by id.
        func positions(_ ids: [ItemID]) -> [ItemID: Int] {
            var positions: [ItemID: Int] = [:]
            for (index, id) in ids.enumerated() where positions[id] == nil { positions[id] = index + 1 }
            return positions
        }
        var out: [ItemID: FieldChange] = [:]
        for (_, ids) in groups where ids.count > 1 {
            let before = ranked(ids, in: oldItems)
            let after = ranked(ids, in: newItems)
            let stable = WordDiff.stableKeys(before.map(\.text), after.map(\.text))
            let moved = ids.filter { !stable.contains($0.text) }
            guard !moved.isEmpty else { continue }
            let beforePositions = positions(before)
            let afterPositions = positions(after)
            for id in moved {
                let from = beforePositions[id]!
                let to = afterPositions[id]!
                let scope = groupField.map { "within its \($0)" } ?? "among the \(collection)"
                out[id] = FieldChange(
                    path: "order", change: .position, class: .content,
                    summary: "moved from position \(from) to \(to) of \(ids.count) \(scope)", old: .number(Double(from)),
                    new: .number(Double(to)))
            }
        }
        return out
    }
}
