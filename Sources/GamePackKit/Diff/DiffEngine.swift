import Foundation
import GamePackBuild
import GamePackContent

/// What to compare.
public struct DiffOptions: Sendable {
    /// Collections to compare; empty compares all of both versions.
    public var collections: [String]

    public init(collections: [String] = []) {
        self.collections = collections
    }
}

/// Compares two snapshots item by item and field by field, in domain terms.
///
/// - Items are matched by collection and id, never by position or file.
/// - Localized fields are compared per locale (`description.nl`); a default-locale text that
///   changes while a translation does not marks that translation stale.
/// - Lists are matched by their elements' natural id (a waypoint by its location), reporting
///   insertions, removals and elements whose relative order changed.
/// - A collection with an `order` field reports an item's position among its siblings only when
///   its order relative to the items of both versions changed, not when the numbers did.
/// - Assets are compared by SHA-256: a pack's hashes come from its manifest and canonical JSON;
///   a folder's files are hashed only when the other side's asset has the same size, and never
///   when both sides are the same file (device and inode). No image is decoded.
public enum DiffEngine {
    /// Collections whose ids players' saved state names directly: gohike check-ins name a
    /// route (and a location, which is a reference target anyway); Whack-A-VC's `whacks`
    /// name a VC. Removing an item of these, or of any collection a reference field points
    /// into, is breaking.
    public static let stateCollections: Set<String> = ["routes", "vcs"]

    /// Compares `old` with `new`.
    public static func compare(_ old: ContentSnapshot, _ new: ContentSnapshot, options: DiffOptions = .init()) async throws
        -> DiffReport
    {
        let available = Set(old.items.keys).union(new.items.keys)
        if !old.items.isEmpty, !new.items.isEmpty, Set(old.items.keys).isDisjoint(with: new.items.keys) {
            throw DiffError.mismatchedKinds(
                old: old.label, new: new.label,
                reason:
                    "they have no collection in common (\(old.items.keys.sorted().joined(separator: ", ")) against \(new.items.keys.sorted().joined(separator: ", ")))"
            )
        }
        for name in options.collections where !available.contains(name) {
            throw DiffError.unknownCollection(name: name, available: available.sorted())
        }
        let collections = options.collections.isEmpty ? available.sorted() : Array(Set(options.collections)).sorted()

        // Each version's translation coverage is counted while the assets are resolved and the
        // collections compared side by side; none of them depends on another.
        let locales = coverageLocales(old, new)
        async let oldCoverage = coverageCounts(old, locales: locales, collections: collections)
        async let newCoverage = coverageCounts(new, locales: locales, collections: collections)
        let assets = try await AssetResolution.resolve(old, new, collections: collections)
        let comparer = ItemComparer(old: old, new: new, assets: assets)
        let plans = await collections.concurrentMap { comparer.plan(collection: $0) }
        // The items of all collections are compared side by side, in runs of a few hundred
        // (one collection, a game's locations, is often most of them).
        let kept = plans.indices.flatMap { index in plans[index].kept.map { (plan: index, id: $0) } }
        let runs = stride(from: 0, to: kept.count, by: 256).map { Array(kept[$0..<min($0 + 256, kept.count)]) }
        let modifications = await runs.concurrentMap { run in
            var itemComparer = comparer
            return run.map { itemComparer.modification(of: $0.id, in: plans[$0.plan]) }
        }.flatMap { $0 }
        var modified = Array(repeating: [ItemChange](), count: plans.count)
        for (pair, change) in zip(kept, modifications) {
            if let change { modified[pair.plan].append(change) }
        }
        let modifiedByPlan = modified
        // The referrers of removed items, found in each version for each collection side by
        // side: each is a walk over every item that can refer to the collection.
        let removedIDs = plans.map { comparer.removedIDs(in: $0) }
        let searches = plans.indices.filter { !removedIDs[$0].isEmpty }
            .flatMap { [(plan: $0, side: ItemComparer.Side.old), (plan: $0, side: .new)] }
        let found = await searches.concurrentMap { search in
            comparer.referrers(to: removedIDs[search.plan], in: plans[search.plan].collection, side: search.side)
        }
        var referrers = Array(repeating: (old: [String: Set<String>](), new: [String: Set<String>]()), count: plans.count)
        for (search, byID) in zip(searches, found) {
            if search.side == .old { referrers[search.plan].old = byID } else { referrers[search.plan].new = byID }
        }
        let referrersByPlan = referrers
        let items = await Array(plans.indices).concurrentMap {
            comparer.finish(plans[$0], modified: modifiedByPlan[$0], referrers: referrersByPlan[$0])
        }
        .flatMap { $0 }
        let coverageChanges = coverage(
            locales: locales, before: await oldCoverage, after: await newCoverage, items: items)

        var totals = ChangeCounts()
        var byCollection: [String: ChangeCounts] = [:]
        for item in items {
            totals.add(item)
            byCollection[item.collection, default: ChangeCounts()].add(item)
        }
        let summaries = [old, new].map { snapshot in
            SnapshotSummary(
                label: snapshot.label, kind: snapshot.kind, project: snapshot.project, version: snapshot.version,
                locales: snapshot.locales, items: collections.reduce(0) { $0 + (snapshot.items[$1]?.count ?? 0) })
        }
        var warnings = old.warnings.map { "old: \($0)" } + new.warnings.map { "new: \($0)" }
        if let a = old.project, let b = new.project, a != b {
            warnings.insert("the versions belong to different projects (\(a) and \(b))", at: 0)
        }
        var report = DiffReport(
            old: summaries[0], new: summaries[1], collections: collections, totals: totals, byCollection: byCollection,
            coverage: coverageChanges, items: items, warnings: warnings)
        if let before = old.minimumClientFormat, let after = new.minimumClientFormat, before != after {
            report.minimumClientFormat = ClientFormatChange(old: before, new: after)
        }
        return report
    }

    // MARK: Coverage

    /// The locales coverage is reported for: every locale of either version but the new
    /// version's default one.
    static func coverageLocales(_ old: ContentSnapshot, _ new: ContentSnapshot) -> [String] {
        var locales: [String] = []
        for locale in new.locales + old.locales where locale != new.defaultLocale && !locales.contains(locale) {
            locales.append(locale)
        }
        return locales
    }

    /// Coverage per locale: texts present and different from their source, out of the source
    /// texts (the tally the reader made, else one pass over the snapshot's localized texts).
    static func coverageCounts(_ snapshot: ContentSnapshot, locales: [String], collections: [String]) -> [String: Coverage] {
        let (translated, sources) = CoverageTally.counting(snapshot, collections: collections)
            .totals(locales: locales, collections: collections)
        return Dictionary(
            uniqueKeysWithValues: locales.indices.map {
                (locales[$0], Coverage(translated: translated[$0], total: sources))
            })
    }

    /// The coverage changes from the counts of both versions (`coverageCounts`), with the
    /// translations the diff found stale no longer counted as translated.
    static func coverage(
        locales: [String], before: [String: Coverage], after: [String: Coverage], items: [ItemChange]
    ) -> [CoverageChange] {
        var out: [CoverageChange] = []
        for locale in locales {
            let stale = items.reduce(0) { sum, item in
                sum + item.changes.reduce(0) { $0 + (($1.staleTranslations ?? []).contains(locale) ? 1 : 0) }
            }
            // A translation the diff found stale no longer counts as translated.
            var now = after[locale]!
            now.translated = max(0, now.translated - stale)
            if before[locale] != now || stale > 0 {
                out.append(CoverageChange(locale: locale, old: before[locale]!, new: now, newlyStale: stale))
            }
        }
        return out
    }
}

/// Asset hashes the engine had to compute, and pairs known to be the same file.
struct AssetResolution: Sendable {
    var oldHashes: [String: String] = [:]
    var newHashes: [String: String] = [:]
    /// Pairs of (old path, new path) that are one file on disk.
    var sameFiles: Set<[String]> = []
    let oldStore: AssetStore
    let newStore: AssetStore

    /// Finds the asset pairs (same item, same field) whose equality is not known from sizes
    /// and hashes already at hand, and hashes just those.
    static func resolve(_ old: ContentSnapshot, _ new: ContentSnapshot, collections: [String]) async throws
        -> AssetResolution
    {
        var resolution = AssetResolution(oldStore: old.assets, newStore: new.assets)
        // The items both versions have, walked in runs on all cores; what each run found is
        // joined after (the hashes asked for and the pairs found are sets in effect: their
        // order does not matter). A run is a stretch of one collection's old items, each looked
        // up in the new version by the run itself: a diff of large content files spent a tenth
        // of its time on making the list of pairs on one core, and most of the rest of the walk
        // on looking up fields that hold no asset.
        // Each run's bounds as indices of the collection's dictionary, stepped to once here.
        typealias Items = [ItemID: SnapshotItem]
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var runs: [(old: Items, new: Items, bounds: Range<Items.Index>)] = []
        for collection in collections {
            guard let oldItems = old.items[collection], let newItems = new.items[collection] else { continue }
            var start = oldItems.startIndex
            for run in [Int].runs(count: oldItems.count, cores: cores) {
                let end = oldItems.index(start, offsetBy: run.count)
                runs.append((oldItems, newItems, start..<end))
                start = end
            }
        }
        let found = await runs.concurrentMap { run in
            var walk = AssetPairWalk(old: old, new: new)
            // Only the fields that hold an asset are looked up in the other version (most are
            // texts and numbers), and an item's match only when it has such a field.
            for (id, oldItem) in run.old[run.bounds] where oldItem.fields.values.contains(where: \.holdsAsset) {
                guard let newFields = run.new[id]?.fields else { continue }
                for (key, value) in oldItem.fields where value.holdsAsset {
                    if let other = newFields[key] { walk.visit(value, other) }
                }
            }
            return walk
        }
        var oldPaths: [String] = []
        var newPaths: [String] = []
        for walk in found {
            oldPaths += walk.oldPaths
            newPaths += walk.newPaths
            resolution.sameFiles.formUnion(walk.sameFiles)
        }
        let oldRequest = oldPaths
        let newRequest = newPaths
        let oldStore = old.assets
        let newStore = new.assets
        async let oldHashes = oldStore.sha256(of: oldRequest)
        async let newHashes = newStore.sha256(of: newRequest)
        resolution.oldHashes = try await oldHashes
        resolution.newHashes = try await newHashes
        return resolution
    }

    /// One run's walk over the fields of items both versions have: the asset pairs whose
    /// equality is not known from their sizes and hashes.
    struct AssetPairWalk: Sendable {
        let old: ContentSnapshot
        let new: ContentSnapshot
        var oldPaths: [String] = []
        var newPaths: [String] = []
        var sameFiles: Set<[String]> = []

        init(old: ContentSnapshot, new: ContentSnapshot) {
            self.old = old
            self.new = new
        }

        mutating func visit(_ a: DiffValue, _ b: DiffValue) {
            switch (a, b) {
            case (.asset(let x), .asset(let y)):
                if x.sha256 != nil && y.sha256 != nil { return }
                if let xb = x.bytes, let yb = y.bytes, xb != yb { return }
                if x.bytes == nil || y.bytes == nil { return }
                if let i = old.assets.identity(of: x.path), let j = new.assets.identity(of: y.path),
                    i.device == j.device && i.inode == j.inode
                {
                    sameFiles.insert([x.path, y.path])
                    return
                }
                if x.sha256 == nil { oldPaths.append(x.path) }
                if y.sha256 == nil { newPaths.append(y.path) }
            case (.list(let xs), .list(let ys)):
                for (x, y) in zip(xs, ys) { visit(x, y) }
            case (.object(let xs), .object(let ys)):
                for (key, x) in xs { if let y = ys[key] { visit(x, y) } }
            default:
                break
            }
        }
    }

    /// Whether two assets hold the same bytes.
    func same(_ x: AssetRef, _ y: AssetRef) -> Bool {
        if let a = x.sha256 ?? oldHashes[x.path], let b = y.sha256 ?? newHashes[y.path] { return a == b }
        if sameFiles.contains([x.path, y.path]) { return true }
        if let a = x.bytes, let b = y.bytes, a != b { return false }
        return x.path == y.path && x.bytes == y.bytes
    }
}
