import NIOConcurrencyHelpers

/// Item rows the near path has read, by pack, target, collection and id, so that a hot area's
/// items are not read from the store again on every query (a pack never changes, so a row
/// never goes stale; the catalog empties the cache when a channel moves, as it does its geo
/// indexes). Two generations bound it: rows go into the current one; once it holds
/// `budget / 2` bytes of bodies it becomes the previous one and the one before is dropped; a
/// row found in the previous generation moves back into the current one. So the rows used
/// lately stay, and at most `budget` bytes (plus the keys) are held.
final class ContentRowCache: Sendable {
    struct Generations {
        var current: [String: ContentRow] = [:]
        var currentBytes = 0
        var previous: [String: ContentRow] = [:]
    }

    let budget: Int
    let generations = NIOLockedValueBox(Generations())

    /// 64 MB of bodies by default (about 100,000 typical items).
    init(budget: Int = 64 << 20) { self.budget = budget }

    static func key(_ query: ContentQuery, id: String) -> String {
        [query.pack, query.target, query.collection, id].joined(separator: "\u{0}")
    }

    /// The cached rows among `ids` of the query's pack, target and collection, by id.
    func rows(_ ids: [String], of query: ContentQuery) -> [String: ContentRow] {
        generations.withLockedValue { cache in
            var found: [String: ContentRow] = [:]
            for id in ids {
                let key = Self.key(query, id: id)
                if let row = cache.current[key] {
                    found[id] = row
                } else if let row = cache.previous.removeValue(forKey: key) {
                    found[id] = row
                    Self.insert(row, key: key, into: &cache, budget: budget)
                }
            }
            return found
        }
    }

    /// Keeps `rows` (read from the store for the query's pack, target and collection).
    func keep(_ rows: [ContentRow], of query: ContentQuery) {
        generations.withLockedValue { cache in
            for row in rows { Self.insert(row, key: Self.key(query, id: row.id), into: &cache, budget: budget) }
        }
    }

    func removeAll() { generations.withLockedValue { $0 = Generations() } }

    static func insert(_ row: ContentRow, key: String, into cache: inout Generations, budget: Int) {
        if cache.currentBytes >= budget / 2 {
            cache.previous = cache.current
            cache.current = [:]
            cache.currentBytes = 0
        }
        var row = row
        row.distance = nil
        if cache.current.updateValue(row, forKey: key) == nil { cache.currentBytes += row.body.utf8.count }
    }
}
