import Foundation
import GamePackBuild
import GamePackContent

/// Comparing the fields of an item in two snapshots, and the words for what changed.
extension ItemComparer {
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
