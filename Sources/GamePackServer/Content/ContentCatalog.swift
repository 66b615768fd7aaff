import Foundation
import GamePackFormat
import Logging
import NIOConcurrencyHelpers

/// What the content routes need about the pack a channel points at: the head entry, the
/// manifest (locales), and which collections each target has; the pack indexed.
struct ChannelContent: Sendable {
    var head: ChannelEntry
    var manifest: PackManifest
    /// Collections by target (`canonical`, `kinvey`).
    var collections: [String: Set<String>]

    /// The ETag of every answer made from this pack: the channel's version.
    var etag: String { "\"\(head.version)\"" }
}

/// Resolves a project's channel to its indexed content. Heads are cached for `maxAge` seconds
/// (another server process's channel writes show after at most that long; this process's own
/// writes invalidate at once), and a pack is indexed once, by whichever request needs it
/// first, or when a channel moves to it.
final class ContentCatalog: Sendable {
    let store: any MetadataStore
    let index: (any ContentIndexStore)?
    let reader: PackContentReader
    let maxAge: Double
    let logger: Logger
    let cache = NIOLockedValueBox<[String: (content: ChannelContent, loaded: UInt64)]>([:])
    let gate = IndexingGate()
    /// In-memory geo indexes by pack, target and collection (see `GeoPointIndex`), loaded on a
    /// collection's first near query; at most `maxGeoIndexes`, dropped when a channel moves.
    let geoIndexes = NIOLockedValueBox<[String: Task<GeoPointIndex, Error>]>([:])
    static let maxGeoIndexes = 32
    /// The rows the near path read lately (see `ContentRowCache`).
    let rows = ContentRowCache()

    init(store: any MetadataStore, blobs: any BlobStore, maxAge: Double, logger: Logger) {
        self.store = store
        index = store as? any ContentIndexStore
        reader = PackContentReader(blobs: blobs)
        self.maxAge = maxAge
        self.logger = logger
    }

    /// Forget cached heads (a channel moved in this process).
    func invalidate() {
        cache.withLockedValue { $0.removeAll() }
        geoIndexes.withLockedValue { $0.removeAll() }
        rows.removeAll()
    }

    /// Answers a content query: near queries with no other filter from the collection's
    /// in-memory `GeoPointIndex` (the page's items then come from `rows`, or the store by id),
    /// anything else from the store.
    func query(_ query: ContentQuery) async throws -> [ContentRow] {
        guard let index else {
            throw ServerError(.notImplemented, "no_content_index", "this server's store cannot index content")
        }
        guard let near = query.near, query.filters.isEmpty else { return try await index.queryContent(query) }
        let points = try await geoIndex(pack: query.pack, target: query.target, collection: query.collection)
        let hits = points.search(near, offset: query.offset, limit: query.limit)
        guard !hits.isEmpty else { return [] }
        let ids = hits.map(\.id)
        var rows = self.rows.rows(ids, of: query)
        let missing = ids.filter { rows[$0] == nil }
        if !missing.isEmpty {
            var lookup = ContentQuery(pack: query.pack, target: query.target, collection: query.collection, limit: missing.count)
            lookup.filters = [.idIn(missing)]
            let read = try await index.queryContent(lookup)
            self.rows.keep(read, of: query)
            for row in read { rows[row.id] = row }
        }
        return hits.compactMap { hit in
            guard var row = rows[hit.id] else { return nil }
            row.distance = hit.distance
            return row
        }
    }

    /// The collection's geo index, loaded from the store once (callers arriving while it loads
    /// wait for the same load).
    func geoIndex(pack: String, target: String, collection: String) async throws -> GeoPointIndex {
        let key = [pack, target, collection].joined(separator: "\u{0}")
        guard let index else { return GeoPointIndex([]) }
        let task = geoIndexes.withLockedValue { tasks -> Task<GeoPointIndex, Error> in
            if let task = tasks[key] { return task }
            if tasks.count >= Self.maxGeoIndexes { tasks.removeAll() }
            let task = Task {
                GeoPointIndex(try await index.contentPoints(pack: pack, target: target, collection: collection))
            }
            tasks[key] = task
            return task
        }
        do {
            return try await task.value
        } catch {
            geoIndexes.withLockedValue { if $0[key] == task { $0[key] = nil } }
            throw error
        }
    }

    /// The content the channel serves; 404 when the project or channel has none.
    func content(project: String, channel: String) async throws -> ChannelContent {
        let key = project + "\u{0}" + channel
        let now = DispatchTime.now().uptimeNanoseconds
        let cached = cache.withLockedValue { $0[key] }
        if let cached, Double(now - cached.loaded) / 1e9 < maxAge {
            return cached.content
        }
        guard ChannelPointer.isSafeName(project), ChannelPointer.isSafeName(channel),
            let head = try await store.head(project: project, channel: channel)
        else {
            throw ServerError.notFound("no channel \(channel) in project \(project)")
        }
        // The head is read again every `maxAge`; when it still names the same pack, the
        // manifest and collections read for it hold (a pack never changes).
        let content: ChannelContent
        if let cached, cached.content.head == head {
            content = cached.content
        } else {
            content = try await prepare(head)
        }
        cache.withLockedValue { $0[key] = (content, now) }
        return content
    }

    /// Indexes the head's pack when it is not yet, and reads its manifest and collections.
    func prepare(_ head: ChannelEntry) async throws -> ChannelContent {
        guard let index else {
            throw ServerError(.notImplemented, "no_content_index", "this server's store cannot index content")
        }
        try await gate.once(head.pack) { [self] in
            guard try await !index.isContentIndexed(pack: head.pack) else { return }
            let started = DispatchTime.now().uptimeNanoseconds
            let items = try await reader.items(pack: head.pack)
            try await index.indexContent(pack: head.pack, project: head.project, items: items, publishedAt: head.recorded)
            try await index.pruneContent(keeping: Set(try await store.heads().map(\.pack)))
            logger.info(
                "content indexed",
                metadata: [
                    "project": "\(head.project)", "pack": "\(head.pack)", "items": "\(items.count)",
                    "ms": "\((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)",
                ])
        }
        let manifest = try await reader.manifest(pack: head.pack)
        var collections: [String: Set<String>] = [:]
        for layout in PackTargetLayouts.itemLayouts {
            collections[layout.name] = Set(try await index.contentCollections(pack: head.pack, target: layout.name))
        }
        return ChannelContent(head: head, manifest: manifest, collections: collections)
    }

    /// After a channel write in this process: drop cached heads and index the new pack now,
    /// so the first query does not wait for it. Failures are logged; queries retry.
    func channelMoved(_ entry: ChannelEntry) async {
        invalidate()
        do {
            _ = try await prepare(entry)
        } catch {
            logger.warning("content not indexed", metadata: ["pack": "\(entry.pack)", "error": "\(error)"])
        }
    }
}

/// Runs one piece of work per key at a time; callers for a key already in flight wait for it.
actor IndexingGate {
    var running: [String: Task<Void, Error>] = [:]

    func once(_ key: String, _ work: @escaping @Sendable () async throws -> Void) async throws {
        if let task = running[key] {
            try await task.value
            return
        }
        let task = Task { try await work() }
        running[key] = task
        defer { running[key] = nil }
        try await task.value
    }
}
