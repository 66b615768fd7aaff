import Foundation

/// Compares the items of one collection in two snapshots (see `DiffEngine`).
struct ItemComparer {
    let old: ContentSnapshot
    let new: ContentSnapshot
    let assets: AssetResolution
    /// The new version of the item being compared (for stored source hashes).
    private var current: SnapshotItem?

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
    struct CollectionPlan: Sendable {
        let collection: String
        let type: ContentType?
        let oldItems: [ItemID: SnapshotItem]
        let newItems: [ItemID: SnapshotItem]
        let ids: [ItemID]
        let positions: [ItemID: FieldChange]?

        /// The ids of items in both versions, which are compared field by field.
        var kept: [ItemID] { ids.filter { oldItems[$0] != nil && newItems[$0] != nil } }
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

    /// The collection's changes: the `modified` items with the removed and added ones (an
    /// item renumbered, referred to or named by saved state is a breaking removal), by id.
    func finish(_ plan: CollectionPlan, modified: [ItemChange]) -> [ItemChange] {
        let collection = plan.collection
        var changes = modified
        var removed: [SnapshotItem] = []
        var added: [SnapshotItem] = []
        for id in plan.ids {
            switch (plan.oldItems[id], plan.newItems[id]) {
            case (let a?, nil): removed.append(a)
            case (nil, let b?): added.append(b)
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
        let removedIDs = Set(removed.map(\.id.text))
        let oldReferrers = removed.isEmpty ? [:] : referrers(to: removedIDs, in: collection, side: .old)
        let newReferrers = removed.isEmpty ? [:] : referrers(to: removedIDs, in: collection, side: .new)
        for item in removed {
            let id = item.id.text
            let referrers = oldReferrers[id, default: []].union(newReferrers[id, default: []]).sorted()
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

    enum Side { case old, new }

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
            let keys = type.fields.filter(canRefer).map(\.name)
            if keys.isEmpty { continue }
            for item in items.values {
                func walk(_ value: DiffValue, _ spec: FieldSpec?) {
                    guard let spec else { return }
                    switch value {
                    case .reference(let id) where spec.type == .reference:
                        if spec.referenceTarget == collection, ids.contains(id) {
                            found[id, default: []].insert("\(referringCollection)/\(item.id.text)")
                        }
                    case .list(let values): values.forEach { walk($0, spec.element?.value) }
                    case .object(let fields): for (key, value) in fields { walk(value, spec.field(key)) }
                    default: break
                    }
                }
                for key in keys { if let value = item.fields[key] { walk(value, type.field(key)) } }
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

    // MARK: Fields

    func compareFields(_ a: [String: DiffValue], _ b: [String: DiffValue], type: ContentType?, skipOrder: Bool)
        -> [FieldChange]
    {
        // Most items did not change: check that first, without building key lists.
        if a.count == b.count, a.allSatisfy({ key, value in b[key].map { same(value, $0) } ?? false }) { return [] }
        var keys = (type?.fields.map(\.name) ?? []).filter { a[$0] != nil || b[$0] != nil }
        keys += Set(a.keys).union(b.keys).subtracting(keys).sorted()
        var out: [FieldChange] = []
        for key in keys where !(skipOrder && key == "order") {
            out += compare(path: key, a[key], b[key], spec: type?.field(key))
        }
        return out
    }

    /// Whether two values are equal, assets by hash.
    func same(_ a: DiffValue, _ b: DiffValue) -> Bool {
        switch (a, b) {
        case (.asset(let x), .asset(let y)): assets.same(x, y)
        case (.list(let xs), .list(let ys)): xs.count == ys.count && zip(xs, ys).allSatisfy { same($0, $1) }
        case (.object(let xs), .object(let ys)):
            xs.count == ys.count && xs.allSatisfy { key, x in ys[key].map { same(x, $0) } ?? false }
        default: a == b
        }
    }

    func compare(path: String, _ a: DiffValue?, _ b: DiffValue?, spec: FieldSpec?) -> [FieldChange] {
        switch (a, b) {
        case (nil, nil): return []
        case (let x?, let y?) where same(x, y): return []
        case (.localized(let x)?, .localized(let y)?): return compareLocalized(path: path, x, y, spec: spec)
        case (.localized(let x)?, nil): return compareLocalized(path: path, x, [:], spec: spec)
        case (nil, .localized(let y)?): return compareLocalized(path: path, [:], y, spec: spec)
        case (.object(let x)?, .object(let y)?):
            var out: [FieldChange] = []
            var keys = (spec?.fields.map(\.name) ?? []).filter { x[$0] != nil || y[$0] != nil }
            keys += Set(x.keys).union(y.keys).subtracting(keys).sorted()
            for key in keys { out += compare(path: "\(path).\(key)", x[key], y[key], spec: spec?.field(key)) }
            return out
        case (.list(let x)?, .list(let y)?):
            return [compareList(path: path, x, y, spec: spec)]
        case (.asset(let x)?, .asset(let y)?):
            let before = old.assets.probed(x)
            let after = new.assets.probed(y)
            return [
                FieldChange(
                    path: path, change: .replaced, class: .asset, summary: "replaced " + Self.assetChange(before, after),
                    old: DiffValue.asset(before).json, new: DiffValue.asset(after).json)
            ]
        case (.geo(let lat1, let lon1)?, .geo(let lat2, let lon2)?):
            let meters = Geo.distance(lat1, lon1, lat2, lon2)
            return [
                FieldChange(
                    path: path, change: .moved, class: .content,
                    summary: "moved \(Geo.describe(meters: meters)) (\(a!.display) → \(b!.display))", old: a!.json,
                    new: b!.json, meters: meters.isFinite ? (meters * 10).rounded() / 10 : nil)
            ]
        case (.text(let x)?, .text(let y)?):
            let cosmetic = WordDiff.differOnlyInWhitespace(x, y)
            let long = WordDiff.isLong(x) || WordDiff.isLong(y)
            return [
                FieldChange(
                    path: path, change: .changed, class: cosmetic ? .cosmetic : .content,
                    summary: cosmetic ? "whitespace only" : long ? "text changed" : "\(Self.short(a!)) → \(Self.short(b!))",
                    old: a!.json, new: b!.json, words: long ? WordDiff.segments(x, y) : nil)
            ]
        case (let x?, nil):
            var required = spec?.required ?? false
            if case .list(let values) = x, !values.isEmpty, spec?.element?.value.type == .reference {
                required = true  // every element removed: progress along it is lost, as for a shortened list
            }
            var value = x
            if case .asset(let ref) = x { value = .asset(old.assets.probed(ref)) }
            let what: String = if case .asset(let ref) = value { ref.summary } else { Self.short(value) }
            return [
                FieldChange(
                    path: path, change: .removed, class: required ? .breaking : Self.baseClass(x),
                    summary: "removed (was \(what))" + ((spec?.required ?? false) ? "; the field is required" : ""),
                    old: value.json,
                    new: nil)
            ]
        case (nil, let y?):
            var value = y
            if case .asset(let ref) = y { value = .asset(new.assets.probed(ref)) }
            let what: String = if case .asset(let ref) = value { ref.summary } else { Self.short(value) }
            var change = FieldChange(
                path: path, change: .added, class: Self.baseClass(y), summary: "added \(what)", old: nil, new: value.json)
            if let missing = danglingReference(y, spec: spec) {
                change.class = .breaking
                change.summary += "; \(missing) does not exist"
            }
            return [change]
        case (let x?, let y?):
            var change = FieldChange(
                path: path, change: .changed, class: Self.baseClass(y), summary: "\(Self.short(x)) → \(Self.short(y))",
                old: x.json, new: y.json)
            if let missing = danglingReference(y, spec: spec) {
                change.class = .breaking
                change.summary += "; \(missing) does not exist"
            }
            return [change]
        }
    }

    /// The class of a change that only adds or alters `value`.
    static func baseClass(_ value: DiffValue) -> ChangeClass {
        if case .asset = value { return .asset }
        return .content
    }

    /// For a reference to an item missing from the new version: `locations/12`.
    func danglingReference(_ value: DiffValue, spec: FieldSpec?) -> String? {
        guard case .reference(let id) = value, let target = spec?.referenceTarget, new.items[target] != nil,
            new.item(target, ItemID(id)) == nil
        else { return nil }
        return "\(target)/\(id)"
    }

    func compareLocalized(path: String, _ a: [String: String], _ b: [String: String], spec: FieldSpec?) -> [FieldChange] {
        var locales = new.locales.filter { a[$0] != nil || b[$0] != nil }
        locales += Set(a.keys).union(b.keys).subtracting(locales).sorted()
        let defaultLocale = self.defaultLocale
        var out: [FieldChange] = []
        for locale in locales {
            let x = a[locale]
            let y = b[locale]
            guard x != y else { continue }
            let isSource = locale == defaultLocale
            let base: ChangeClass = isSource ? .content : .translation
            let localePath = "\(path).\(locale)"
            switch (x, y) {
            case (nil, let text?):
                out.append(
                    FieldChange(
                        path: localePath, change: .added, class: base,
                        summary: (isSource ? "added " : "translation added: ") + Self.short(.text(text)), old: nil,
                        new: .string(text)))
            case (let text?, nil):
                let required = isSource && (spec?.required ?? false)
                out.append(
                    FieldChange(
                        path: localePath, change: .removed, class: required ? .breaking : base,
                        summary: (isSource ? "removed" : "translation removed") + " (was \(Self.short(.text(text))))"
                            + (required ? "; the field is required" : ""),
                        old: .string(text), new: nil))
            case (let before?, let after?):
                let cosmetic = WordDiff.differOnlyInWhitespace(before, after)
                let long = WordDiff.isLong(before) || WordDiff.isLong(after)
                var change = FieldChange(
                    path: localePath, change: .changed, class: cosmetic ? .cosmetic : base,
                    summary: cosmetic
                        ? "whitespace only"
                        : long
                            ? (isSource ? "text changed" : "translation changed")
                            : (isSource ? "" : "translation changed: ")
                                + "\(Self.short(.text(before))) → \(Self.short(.text(after)))",
                    old: .string(before), new: .string(after), words: long && !cosmetic ? WordDiff.segments(before, after) : nil)
                if isSource && !cosmetic {
                    // A translation that stores the hash of its source text is stale when that
                    // hash is not the new text's; one that stores none is stale when it did not
                    // change with its source.
                    let stale = locales.filter { other in
                        guard other != defaultLocale, let translation = b[other] else { return false }
                        if let item = current, let file = item.file,
                            let stored = new.storedHashes?.isStale(
                                file: file, collection: item.collection, id: item.id, field: path, locale: other)
                        {
                            return stored
                        }
                        return a[other] == translation && translation.trimmedWhitespace != before.trimmedWhitespace
                    }
                    if !stale.isEmpty {
                        change.staleTranslations = stale
                        change.summary += "; the \(stale.joined(separator: ", ")) translation is now stale"
                    }
                }
                out.append(change)
            case (nil, nil):
                break
            }
        }
        return out
    }

    func compareList(path: String, _ a: [DiffValue], _ b: [DiffValue], spec: FieldSpec?) -> FieldChange {
        func keys(_ values: [DiffValue], side: Side) -> [String] {
            var seen: [String: Int] = [:]
            return values.map { value in
                var key = value.naturalKey
                if case .asset(let ref) = value {
                    key = ref.sha256 ?? (side == .old ? assets.oldHashes : assets.newHashes)[ref.path] ?? key
                }
                let n = seen[key, default: 0]
                seen[key] = n + 1
                return n == 0 ? key : "\(key)#\(n + 1)"
            }
        }
        let before = keys(a, side: .old)
        let after = keys(b, side: .new)
        let beforeSet = Set(before)
        let afterSet = Set(after)
        let common = before.filter(afterSet.contains)
        let stable = WordDiff.stableKeys(common, after.filter(beforeSet.contains))
        func position(_ key: String, in list: [String]) -> Int? { list.firstIndex(of: key).map { $0 + 1 } }
        let inserted = after.filter { !beforeSet.contains($0) }.map {
            ListChange.Element(key: $0, from: nil, to: position($0, in: after))
        }
        let removed = before.filter { !afterSet.contains($0) }.map {
            ListChange.Element(key: $0, from: position($0, in: before), to: nil)
        }
        let moved = common.filter { !stable.contains($0) }.map {
            ListChange.Element(key: $0, from: position($0, in: before), to: position($0, in: after))
        }
        let isReferences = spec?.element?.value.type == .reference
        let noun = isReferences ? (spec?.element?.value.referenceTarget.map { "\($0) " } ?? "") : ""
        var parts: [String] = []
        if !inserted.isEmpty {
            parts.append("inserted " + inserted.map { "\(noun)\($0.key) at \($0.to!)" }.joined(separator: ", "))
        }
        if !removed.isEmpty {
            parts.append("removed " + removed.map { "\(noun)\($0.key) (was at \($0.from!))" }.joined(separator: ", "))
        }
        if !moved.isEmpty {
            parts.append("moved " + moved.map { "\(noun)\($0.key) from \($0.from!) to \($0.to!)" }.joined(separator: ", "))
        }
        var changeClass = ChangeClass.content
        var kind = FieldChangeKind.reordered
        if parts.isEmpty {
            // Same keys, same order: an element changed in place (an object without an id).
            parts.append("elements changed")
            kind = .changed
        }
        if isReferences && (!moved.isEmpty || !removed.isEmpty) {
            changeClass = .breaking
            parts.append("players' progress refers to this order")
        } else if a.allSatisfy({ if case .asset = $0 { true } else { false } }),
            b.allSatisfy({ if case .asset = $0 { true } else { false } })
        {
            changeClass = .asset
        }
        return FieldChange(
            path: path, change: kind, class: changeClass, summary: parts.joined(separator: "; "),
            old: DiffValue.list(a).json, new: DiffValue.list(b).json,
            list: ListChange(inserted: inserted, removed: removed, moved: moved))
    }

    // MARK: Wording

    /// A value for a one-line summary, at most 60 characters.
    static func short(_ value: DiffValue) -> String {
        let text = value.display.replacingOccurrences(of: "\r\n", with: "⏎").replacingOccurrences(of: "\n", with: "⏎")
        return text.count > 60 ? String(text.prefix(57)) + "…\"" : text
    }

    /// `58 KB → 61 KB, 640×480 → 800×600` (parts that did not change are said once).
    static func assetChange(_ a: AssetRef, _ b: AssetRef) -> String {
        var parts: [String] = []
        let bytes = (a.bytes.map { ByteCount.describe(Int($0)) } ?? "?", b.bytes.map { ByteCount.describe(Int($0)) } ?? "?")
        parts.append(bytes.0 == bytes.1 ? bytes.1 : "\(bytes.0) → \(bytes.1)")
        if a.width != nil || b.width != nil {
            let dims = (
                a.width.map { "\($0)×\(a.height ?? 0)" } ?? "?", b.width.map { "\($0)×\(b.height ?? 0)" } ?? "?"
            )
            parts.append(dims.0 == dims.1 ? dims.1 : "\(dims.0) → \(dims.1)")
        }
        let formats = (a.format?.rawValue.uppercased() ?? "?", b.format?.rawValue.uppercased() ?? "?")
        if formats.0 != formats.1 { parts.append("\(formats.0) → \(formats.1)") }
        return parts.joined(separator: ", ")
    }
}
