import Foundation
import GRDB
import GamePackFormat

/// The content index in SQLite: `content_items` (one row per item of an indexed pack, the body
/// as JSON text queried with `json_extract`), `content_geo` (an R*Tree over the items' points,
/// keyed by the item's rowid) and `content_hashes` (when each item content hash was first
/// published in a project). Created on first use: it is a cache of the packs, not a record.
extension SQLiteStore: ContentIndexStore {
    static let contentSchema = [
        """
        CREATE TABLE IF NOT EXISTS content_items (
            pack TEXT NOT NULL, target TEXT NOT NULL, collection TEXT NOT NULL, item_id TEXT NOT NULL,
            position INTEGER NOT NULL, latitude REAL, longitude REAL, body TEXT NOT NULL,
            modified TEXT NOT NULL, created TEXT NOT NULL,
            PRIMARY KEY (pack, target, collection, item_id))
        """,
        "CREATE INDEX IF NOT EXISTS content_items_order ON content_items (pack, target, collection, position)",
        "CREATE VIRTUAL TABLE IF NOT EXISTS content_geo USING rtree(id, min_lat, max_lat, min_lng, max_lng)",
        "CREATE TABLE IF NOT EXISTS content_packs (pack TEXT PRIMARY KEY, indexed TEXT NOT NULL)",
        """
        CREATE TABLE IF NOT EXISTS content_hashes (
            project TEXT NOT NULL, target TEXT NOT NULL, collection TEXT NOT NULL, item_id TEXT NOT NULL,
            sha256 TEXT NOT NULL, published TEXT NOT NULL,
            PRIMARY KEY (project, target, collection, item_id, sha256))
        """,
    ]

    func prepareContentIndex(_ db: Database) throws {
        for statement in Self.contentSchema { try db.execute(sql: statement) }
    }

    public func isContentIndexed(pack: String) async throws -> Bool {
        try await pool.read { db in
            guard try db.tableExists("content_packs") else { return false }
            return try Bool.fetchOne(db, sql: "SELECT 1 FROM content_packs WHERE pack = ?", arguments: [pack]) ?? false
        }
    }

    public func indexContent(pack: String, project: String, items: [IndexedContentItem], publishedAt: String) async throws {
        try await pool.write { db in
            try self.prepareContentIndex(db)
            try Self.deleteContent(db, pack: pack)
            let hash = try db.makeStatement(
                sql: """
                    INSERT INTO content_hashes (project, target, collection, item_id, sha256, published) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT DO NOTHING
                    """)
            let times = try db.makeStatement(
                sql: """
                    SELECT (SELECT published FROM content_hashes WHERE project = ?1 AND target = ?2 AND collection = ?3
                                AND item_id = ?4 AND sha256 = ?5),
                           (SELECT MIN(published) FROM content_hashes WHERE project = ?1 AND target = ?2
                                AND collection = ?3 AND item_id = ?4)
                    """)
            let insert = try db.makeStatement(
                sql: """
                    INSERT INTO content_items (pack, target, collection, item_id, position, latitude, longitude, body, modified, created)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            let geo = try db.makeStatement(
                sql: "INSERT INTO content_geo (id, min_lat, max_lat, min_lng, max_lng) VALUES (?, ?, ?, ?, ?)")
            for item in items {
                let sha = item.bodySHA256
                try hash.execute(arguments: [project, item.target, item.collection, item.id, sha, publishedAt])
                let row = try Row.fetchOne(times, arguments: [project, item.target, item.collection, item.id, sha])
                let modified: String = row?[0] ?? publishedAt
                let created: String = row?[1] ?? publishedAt
                try insert.execute(arguments: [
                    pack, item.target, item.collection, item.id, item.position, item.latitude, item.longitude, item.body,
                    modified, created,
                ])
                if let lat = item.latitude, let lng = item.longitude {
                    try geo.execute(arguments: [db.lastInsertedRowID, lat, lat, lng, lng])
                }
            }
            try db.execute(
                sql: "INSERT INTO content_packs (pack, indexed) VALUES (?, ?)", arguments: [pack, ChannelPointerTime.now()])
        }
    }

    static func deleteContent(_ db: Database, pack: String) throws {
        try db.execute(
            sql: "DELETE FROM content_geo WHERE id IN (SELECT rowid FROM content_items WHERE pack = ?)", arguments: [pack])
        try db.execute(sql: "DELETE FROM content_items WHERE pack = ?", arguments: [pack])
        try db.execute(sql: "DELETE FROM content_packs WHERE pack = ?", arguments: [pack])
    }

    public func pruneContent(keeping keep: Set<String>) async throws {
        try await pool.write { db in
            guard try db.tableExists("content_packs") else { return }
            for pack in try String.fetchAll(db, sql: "SELECT pack FROM content_packs") where !keep.contains(pack) {
                try Self.deleteContent(db, pack: pack)
            }
        }
    }

    public func contentCollections(pack: String, target: String) async throws -> [String] {
        try await pool.read { db in
            guard try db.tableExists("content_items") else { return [] }
            return try String.fetchAll(
                db, sql: "SELECT DISTINCT collection FROM content_items WHERE pack = ? AND target = ? ORDER BY collection",
                arguments: [pack, target])
        }
    }

    /// `$."a"."b"`: a JSON path for `json_extract` (names are checked safe by the caller).
    static func jsonPath(_ path: [String]) -> String {
        "$" + path.map { ".\"\($0)\"" }.joined()
    }

    /// A JSON array of texts, for `json_each`.
    static func jsonArray(_ texts: [String]) -> String { "[" + texts.joined(separator: ",") + "]" }

    /// The WHERE conditions and their arguments for the filters (on table alias `i`). Each
    /// filter is a fixed number of SQL parameters and expression nodes however many values it
    /// lists: the values go in as one JSON array read with `json_each` (SQLite's expression
    /// depth limit of 1,000 made `$in` with 1,000 values an error before).
    static func conditions(_ filters: [ContentFilter]) -> (String, [DatabaseValueConvertible?]) {
        var sql = ""
        var arguments: [DatabaseValueConvertible?] = []
        for filter in filters {
            switch filter {
            case .idIn(let ids):
                sql += " AND i.item_id IN (SELECT value FROM json_each(?))"
                arguments.append(jsonArray(ids.map(JSONStringLiteral.quoted)))
            case .oneOf(let path, let values):
                // Text compared with text, numbers with numbers, booleans (stored 1/0) with 1/0.
                var strings: [String] = [], numbers: [String] = [], booleans: [String] = []
                for value in values {
                    switch value {
                    case .string: strings.append(value.json)
                    case .number: numbers.append(value.json)
                    case .bool(let flag): booleans.append(flag ? "1" : "0")
                    }
                }
                var parts: [String] = []
                for (list, types) in [(strings, "('text')"), (numbers, "('integer', 'real')"), (booleans, "('true', 'false')")]
                where !list.isEmpty {
                    parts.append(
                        "(json_type(i.body, ?) IN \(types) AND json_extract(i.body, ?) IN (SELECT value FROM json_each(?)))")
                    arguments += [jsonPath(path), jsonPath(path), jsonArray(list)]
                }
                sql += " AND (" + (parts.isEmpty ? "0" : parts.joined(separator: " OR ")) + ")"
            case .prefix(let path, let prefix):
                sql += " AND json_type(i.body, ?) = 'text' AND substr(json_extract(i.body, ?), 1, ?) = ?"
                arguments += [jsonPath(path), jsonPath(path), prefix.count, prefix]
            }
        }
        return (sql, arguments)
    }

    public func queryContent(_ query: ContentQuery) async throws -> [ContentRow] {
        try query.checkBounds()
        return try await pool.read { db in
            guard try db.tableExists("content_items") else { return [] }
            let (conditions, filterArguments) = Self.conditions(query.filters)
            let scope = "i.pack = ? AND i.target = ? AND i.collection = ?"
            let scopeArguments: [DatabaseValueConvertible?] = [query.pack, query.target, query.collection]
            guard let near = query.near else {
                var order = query.sort.map {
                    "json_extract(i.body, '\(Self.jsonPath($0.path))') \($0.ascending ? "ASC" : "DESC")"
                }
                // With ids given, `+` keeps the planner off the position index (which would walk
                // the whole collection in order to find a few ids) and on the primary key.
                let byIds = query.filters.contains { if case .idIn = $0 { true } else { false } }
                order.append(byIds ? "+i.position" : "i.position")
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT i.item_id, i.body, i.latitude, i.longitude, i.modified, i.created FROM content_items i
                        WHERE \(scope)\(conditions) ORDER BY \(order.joined(separator: ", ")) LIMIT ? OFFSET ?
                        """,
                    arguments: StatementArguments(scopeArguments + filterArguments + [query.limit, query.offset]))
                return rows.map {
                    ContentRow(
                        id: $0[0], body: $0[1], distance: nil, latitude: $0[2], longitude: $0[3], modified: $0[4], created: $0[5])
                }
            }
            // Candidates from the R*Tree boxes, exact distances here, then the page's bodies.
            var candidates: [(rowid: Int64, distance: Double, position: Int)] = []
            for box in SphereGeo.boxes(near) {
                let rows = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT i.rowid, i.latitude, i.longitude, i.position FROM content_geo g JOIN content_items i ON i.rowid = g.id
                        WHERE g.max_lat >= ? AND g.min_lat <= ? AND g.max_lng >= ? AND g.min_lng <= ? AND \(scope)\(conditions)
                        """,
                    arguments: StatementArguments(
                        [box.minLatitude, box.maxLatitude, box.minLongitude, box.maxLongitude] + scopeArguments + filterArguments)
                )
                while let row = try rows.next() {
                    let distance = SphereGeo.distance(near.latitude, near.longitude, row[1], row[2])
                    if distance <= near.radius { candidates.append((row[0], distance, row[3])) }
                }
            }
            let page = Self.page(candidates, offset: query.offset, limit: query.limit)
            guard !page.isEmpty else { return [] }
            var bodies: [Int64: Row] = [:]
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT rowid, item_id, body, latitude, longitude, modified, created FROM content_items
                    WHERE rowid IN (\(Array(repeating: "?", count: page.count).joined(separator: ",")))
                    """, arguments: StatementArguments(page.map(\.rowid)))
            {
                bodies[row[0]] = row
            }
            return page.compactMap { candidate in
                bodies[candidate.rowid].map {
                    ContentRow(
                        id: $0[1], body: $0[2], distance: candidate.distance, latitude: $0[3], longitude: $0[4], modified: $0[5],
                        created: $0[6])
                }
            }
        }
    }

    public func contentPoints(pack: String, target: String, collection: String) async throws -> [ContentPoint] {
        try await pool.read { db in
            guard try db.tableExists("content_items") else { return [] }
            var points: [ContentPoint] = []
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT item_id, position, latitude, longitude FROM content_items
                    WHERE pack = ? AND target = ? AND collection = ? AND latitude IS NOT NULL AND longitude IS NOT NULL
                    ORDER BY position
                    """, arguments: [pack, target, collection])
            while let row = try rows.next() {
                points.append(ContentPoint(id: row[0], position: row[1], latitude: row[2], longitude: row[3]))
            }
            return points
        }
    }

    /// The nearest `limit` candidates after `offset`, by distance then position (a partial sort).
    static func page(_ candidates: [(rowid: Int64, distance: Double, position: Int)], offset: Int, limit: Int)
        -> [(rowid: Int64, distance: Double, position: Int)]
    {
        let wanted = offset + limit
        let sorted: [(rowid: Int64, distance: Double, position: Int)]
        let before: ((rowid: Int64, distance: Double, position: Int), (rowid: Int64, distance: Double, position: Int)) -> Bool = {
            $0.distance != $1.distance ? $0.distance < $1.distance : $0.position < $1.position
        }
        if candidates.count > wanted * 4, wanted < 1_000 {
            // Keep the best `wanted` in a small sorted buffer instead of sorting everything.
            var best: [(rowid: Int64, distance: Double, position: Int)] = []
            best.reserveCapacity(wanted + 1)
            for candidate in candidates {
                if best.count == wanted, let last = best.last, !before(candidate, last) { continue }
                let at = best.firstIndex { before(candidate, $0) } ?? best.count
                best.insert(candidate, at: at)
                if best.count > wanted { best.removeLast() }
            }
            sorted = best
        } else {
            sorted = candidates.sorted(by: before)
        }
        guard offset < sorted.count else { return [] }
        return Array(sorted[offset..<min(sorted.count, wanted)])
    }
}
