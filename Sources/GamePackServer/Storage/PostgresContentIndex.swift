import Foundation
import GamePackFormat
import PostgresNIO

/// The content index in PostgreSQL: `content_items` keeps each item's exact JSON text (what is
/// served) and a `jsonb` copy (what filters and sorts read); geo search uses the `cube` and
/// `earthdistance` contrib extensions (part of Debian's PostgreSQL server package) with a GiST
/// index on `ll_to_earth(latitude, longitude)`: `earth_box` finds candidates through the index,
/// `earth_distance` (great-circle) keeps those inside the radius and orders them.
extension PostgresStore: ContentIndexStore {
    static let contentSchema = [
        "SELECT pg_advisory_xact_lock(7274657375)",
        "CREATE EXTENSION IF NOT EXISTS cube",
        "CREATE EXTENSION IF NOT EXISTS earthdistance",
        """
        CREATE TABLE IF NOT EXISTS content_items (
            pack TEXT NOT NULL, target TEXT NOT NULL, collection TEXT NOT NULL, item_id TEXT NOT NULL,
            position BIGINT NOT NULL, latitude DOUBLE PRECISION, longitude DOUBLE PRECISION,
            body TEXT NOT NULL, doc JSONB NOT NULL, modified TEXT NOT NULL, created TEXT NOT NULL,
            PRIMARY KEY (pack, target, collection, item_id))
        """,
        "CREATE INDEX IF NOT EXISTS content_items_order ON content_items (pack, target, collection, position)",
        """
        CREATE INDEX IF NOT EXISTS content_items_geo ON content_items USING gist (ll_to_earth(latitude, longitude))
        WHERE latitude IS NOT NULL
        """,
        "CREATE TABLE IF NOT EXISTS content_packs (pack TEXT PRIMARY KEY, indexed TEXT NOT NULL)",
        """
        CREATE TABLE IF NOT EXISTS content_hashes (
            project TEXT NOT NULL, target TEXT NOT NULL, collection TEXT NOT NULL, item_id TEXT NOT NULL,
            sha256 TEXT NOT NULL, published TEXT NOT NULL,
            PRIMARY KEY (project, target, collection, item_id, sha256))
        """,
    ]

    /// Whether a table exists (the index is created on first use).
    func contentTablesExist() async throws -> Bool {
        try await first(
            try await client.query("SELECT to_regclass('content_packs') IS NOT NULL", logger: logger)
        ) { try $0[0].decode(Bool.self) } ?? false
    }

    public func isContentIndexed(pack: String) async throws -> Bool {
        guard try await contentTablesExist() else { return false }
        return try await first(
            try await client.query("SELECT 1 FROM content_packs WHERE pack = \(pack)", logger: logger)
        ) { _ in true } ?? false
    }

    public func indexContent(pack: String, project: String, items: [IndexedContentItem], publishedAt: String) async throws {
        let logger = self.logger
        try await transaction { connection in
            // Instances of a fleet may index the same pack at once (each on its first query):
            // one at a time, and whoever comes second finds it done.
            try await connection.query("SELECT pg_advisory_xact_lock(7274657375)", logger: logger)
            for statement in Self.contentSchema {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            for try await _ in try await connection.query("SELECT 1 FROM content_packs WHERE pack = \(pack)", logger: logger) {
                return
            }
            try await Self.deleteContent(connection, pack: pack, logger: logger)
            var start = 0
            while start < items.count {
                let batch = items[start..<min(items.count, start + 2_000)]
                start += batch.count
                let targets = batch.map(\.target), collections = batch.map(\.collection), ids = batch.map(\.id)
                let shas = batch.map(\.bodySHA256), bodies = batch.map(\.body), positions = batch.map { Int64($0.position) }
                let lats = batch.map { $0.latitude ?? .nan }, lngs = batch.map { $0.longitude ?? .nan }
                try await connection.query(
                    """
                    INSERT INTO content_hashes (project, target, collection, item_id, sha256, published)
                    SELECT \(project), t, c, i, s, \(publishedAt)
                    FROM UNNEST(\(targets)::text[], \(collections)::text[], \(ids)::text[], \(shas)::text[]) AS u(t, c, i, s)
                    ON CONFLICT DO NOTHING
                    """, logger: logger)
                try await connection.query(
                    """
                    INSERT INTO content_items (pack, target, collection, item_id, position, latitude, longitude, body, doc,
                        modified, created)
                    SELECT \(pack), t, c, i, p, CASE WHEN la = 'NaN' THEN NULL ELSE la END,
                        CASE WHEN lo = 'NaN' THEN NULL ELSE lo END, b, b::jsonb,
                        (SELECT h.published FROM content_hashes h WHERE h.project = \(project) AND h.target = t
                            AND h.collection = c AND h.item_id = i AND h.sha256 = s),
                        (SELECT MIN(h.published) FROM content_hashes h WHERE h.project = \(project) AND h.target = t
                            AND h.collection = c AND h.item_id = i)
                    FROM UNNEST(\(targets)::text[], \(collections)::text[], \(ids)::text[], \(positions)::int8[],
                        \(lats)::float8[], \(lngs)::float8[], \(bodies)::text[], \(shas)::text[]) AS u(t, c, i, p, la, lo, b, s)
                    """, logger: logger)
            }
            try await connection.query(
                "INSERT INTO content_packs (pack, indexed) VALUES (\(pack), \(ChannelPointerTime.now()))", logger: logger)
            // Fresh statistics: with those of an empty or smaller table the planner takes the
            // position index for id lookups and filters the whole collection (70 ms instead of
            // 0.1 ms at 100,000 items) until autovacuum gets round to it.
            try await connection.query("ANALYZE content_items", logger: logger)
        }
    }

    static func deleteContent(_ connection: GuardedConnection, pack: String, logger: Logger) async throws {
        try await connection.query("DELETE FROM content_items WHERE pack = \(pack)", logger: logger)
        try await connection.query("DELETE FROM content_packs WHERE pack = \(pack)", logger: logger)
    }

    public func pruneContent(keeping keep: Set<String>) async throws {
        guard try await contentTablesExist() else { return }
        let keep = Array(keep)
        let logger = self.logger
        try await transaction { connection in
            try await connection.query(
                "DELETE FROM content_items WHERE pack IN (SELECT pack FROM content_packs WHERE pack <> ALL(\(keep)::text[]))",
                logger: logger)
            try await connection.query("DELETE FROM content_packs WHERE pack <> ALL(\(keep)::text[])", logger: logger)
        }
    }

    public func contentCollections(pack: String, target: String) async throws -> [String] {
        guard try await contentTablesExist() else { return [] }
        return try await all(
            try await client.query(
                "SELECT DISTINCT collection FROM content_items WHERE pack = \(pack) AND target = \(target) ORDER BY collection",
                logger: logger)
        ) { try $0[0].decode(String.self) }
    }

    public func contentPoints(pack: String, target: String, collection: String) async throws -> [ContentPoint] {
        guard try await contentTablesExist() else { return [] }
        return try await all(
            try await client.query(
                """
                SELECT item_id, position, latitude, longitude FROM content_items
                WHERE pack = \(pack) AND target = \(target) AND collection = \(collection)
                    AND latitude IS NOT NULL AND longitude IS NOT NULL
                ORDER BY position
                """, logger: logger)
        ) {
            ContentPoint(
                id: try $0[0].decode(String.self), position: Int(try $0[1].decode(Int64.self)),
                latitude: try $0[2].decode(Double.self), longitude: try $0[3].decode(Double.self))
        }
    }

    /// `'{a,b}'`: a path literal for `#>` (names are checked safe by the caller).
    static func pathLiteral(_ path: [String]) -> String { "'{" + path.joined(separator: ",") + "}'" }

    public func queryContent(_ query: ContentQuery) async throws -> [ContentRow] {
        try query.checkBounds()
        // No `contentTablesExist()` round trip first (this is every content request's query):
        // a missing table (SQLSTATE 42P01, nothing indexed yet) answers no rows.
        do {
            return try await queryIndexedContent(query)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42P01" {
            return []
        }
    }

    func queryIndexedContent(_ query: ContentQuery) async throws -> [ContentRow] {
        if query.near == nil, query.sort.isEmpty, query.filters.count == 1, case .idIn(let ids) = query.filters[0] {
            // Items by id, the page of every near query: one statement prepared once per
            // connection, not parsed and planned on each request.
            let statement = ContentItemsByID(
                pack: query.pack, target: query.target, collection: query.collection, ids: ids, limit: Int64(query.limit),
                offset: Int64(query.offset))
            var rows: [ContentRow] = []
            for row in try await client.execute(statement, logger: logger) { rows.append(row) }
            return rows
        }
        var binds = PostgresBindings()
        func bind<T: PostgresEncodable>(_ value: T) throws -> String {
            try binds.append(value, context: .default)
            return "$\(binds.count)"
        }
        var sql = """
            SELECT i.item_id, i.body, i.latitude, i.longitude, i.modified, i.created, i.position
            """
        var conditions = [
            "i.pack = \(try bind(query.pack))", "i.target = \(try bind(query.target))",
            "i.collection = \(try bind(query.collection))",
        ]
        for filter in query.filters {
            switch filter {
            case .idIn(let ids):
                conditions.append("i.item_id = ANY(\(try bind(ids))::text[])")
            case .oneOf(let path, let values):
                let literal = Self.pathLiteral(path)
                // One parameter however many values: `$in` with thousands of values stays one bind.
                conditions.append("i.doc #> \(literal) = ANY(\(try bind(values.map(\.json)))::text[]::jsonb[])")
            case .prefix(let path, let prefix):
                let literal = Self.pathLiteral(path)
                conditions.append(
                    "jsonb_typeof(i.doc #> \(literal)) = 'string' AND left(i.doc #>> \(literal), \(try bind(prefix.count))::int) = \(try bind(prefix))"
                )
            }
        }
        let order: String
        if let near = query.near {
            let centre = "ll_to_earth(\(try bind(near.latitude))::float8, \(try bind(near.longitude))::float8)"
            let radius = "(\(try bind(near.radius))::float8 / \(SphereGeo.earthRadius) * earth())"
            sql +=
                ", earth_distance(\(centre), ll_to_earth(i.latitude, i.longitude)) * \(SphereGeo.earthRadius) / earth() AS distance"
            conditions.append("i.latitude IS NOT NULL")
            conditions.append("earth_box(\(centre), \(radius)) @> ll_to_earth(i.latitude, i.longitude)")
            conditions.append("earth_distance(\(centre), ll_to_earth(i.latitude, i.longitude)) <= \(radius)")
            order = "distance, i.position"
        } else {
            sql += ", NULL::float8 AS distance"
            // With ids given, `+ 0` keeps the planner off the position index (which would walk
            // the whole collection in order to find a few ids) and on the primary key.
            let byIds = query.filters.contains { if case .idIn = $0 { true } else { false } }
            let position = byIds ? "i.position + 0" : "i.position"
            order =
                (query.sort.map { "i.doc #> \(Self.pathLiteral($0.path)) \($0.ascending ? "ASC" : "DESC")" } + [position])
                .joined(separator: ", ")
        }
        sql += " FROM content_items i WHERE " + conditions.joined(separator: " AND ")
        sql += " ORDER BY \(order) LIMIT \(try bind(Int64(query.limit))) OFFSET \(try bind(Int64(query.offset)))"
        return try await all(try await client.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)) { row in
            ContentRow(
                id: try row["item_id"].decode(String.self), body: try row["body"].decode(String.self),
                distance: try row["distance"].decode(Double?.self), latitude: try row["latitude"].decode(Double?.self),
                longitude: try row["longitude"].decode(Double?.self), modified: try row["modified"].decode(String.self),
                created: try row["created"].decode(String.self))
        }
    }
}

/// `queryContent` with only an id list: the statement PostgreSQL prepares once per connection.
struct ContentItemsByID: PostgresPreparedStatement {
    static let name = "gamepack_content_items_by_id"
    static let sql = """
        SELECT item_id, body, latitude, longitude, modified, created FROM content_items
        WHERE pack = $1 AND target = $2 AND collection = $3 AND item_id = ANY($4::text[])
        ORDER BY position + 0 LIMIT $5 OFFSET $6
        """
    typealias Row = ContentRow

    var pack: String
    var target: String
    var collection: String
    var ids: [String]
    var limit: Int64
    var offset: Int64

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 6)
        bindings.append(pack)
        bindings.append(target)
        bindings.append(collection)
        bindings.append(ids)
        bindings.append(limit)
        bindings.append(offset)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> ContentRow {
        let (id, body, latitude, longitude, modified, created) = try row.decode(
            (String, String, Double?, Double?, String, String).self)
        return ContentRow(
            id: id, body: body, distance: nil, latitude: latitude, longitude: longitude, modified: modified, created: created)
    }
}
