import Foundation
import Logging
import PostgresNIO

/// The shared store: PostgreSQL through postgres-nio, so that several `gamepack serve`
/// processes serve one set of channels. Pack bytes are in the same database too
/// (`PostgresBlobStore`, over this store's connection pool).
///
/// The client's connection pool runs in a task this store starts and `close()` ends.
public final class PostgresStore: MetadataStore {
    /// The connection pool; every query goes through its guard (`PostgresPool`).
    let client: PostgresPool
    let logger: Logger
    /// Reads that run beside a request (a pack's chunks fetched while it streams), which
    /// `DatabaseMonitor` cancels with the requests' own when the database stops answering.
    let readsInFlight = ReadsInFlight()
    let runner: Task<Void, Never>

    /// Connects lazily to the database at `url` (`postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`,
    /// optional `?sslmode=disable|prefer|require`, default `prefer`). Call `migrate()` before use.
    public init(url: String, logger: Logger = Logger(label: "gamepack.postgres")) throws {
        client = PostgresPool(configuration: try Self.configuration(url: url), logger: logger)
        self.logger = logger
        let client = self.client
        runner = Task { await client.run() }
    }

    /// Parses a `postgres://` or `postgresql://` URL into a client configuration.
    static func configuration(url text: String) throws -> PostgresClient.Configuration {
        var configuration = try PostgresAddress(url: text).clientConfiguration
        configuration.options.maximumConnections = 16
        return configuration
    }

    /// Applies the missing migrations in one transaction, holding an advisory lock so that
    /// servers starting together migrate once.
    public func migrate() async throws {
        do {
            try await client.withTransaction { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(7274657374)", logger: logger)
                try await connection.query(
                    """
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied TEXT NOT NULL)
                    """, logger: logger)
                var current = 0
                for try await version in try await connection.query(
                    "SELECT COALESCE(MAX(version), 0) FROM schema_migrations", logger: logger
                ).decode(Int.self) {
                    current = version
                }
                guard current <= SchemaMigrations.latest else {
                    throw StoreError.newerSchema(database: current, known: SchemaMigrations.latest)
                }
                let now = ChannelPointerTime.now()
                for migration in SchemaMigrations.all where migration.version > current {
                    for statement in migration.statements + migration.postgresOnly {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    try await connection.query(
                        "INSERT INTO schema_migrations (version, name, applied) VALUES (\(migration.version), \(migration.name), \(now))",
                        logger: logger)
                }
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.database("cannot migrate: \(String(reflecting: error))")
        }
    }

    public func schemaVersion() async throws -> Int {
        try await first(
            try await client.query("SELECT COALESCE(MAX(version), 0) FROM schema_migrations", logger: logger)
        ) { try $0[0].decode(Int.self) } ?? 0
    }

    public func pack(sha256: String) async throws -> StoredPack? {
        try await first(
            try await client.query("SELECT * FROM packs WHERE sha256 = \(sha256)", logger: logger), Self.pack(from:))
    }

    public func insertPack(_ pack: StoredPack) async throws -> Bool {
        let rows = try await client.query(
            """
            INSERT INTO packs (sha256, project, version, sequence, size, manifest_sha256, key_id,
                legacy_sha256, legacy_size, legacy_version, uploaded)
            VALUES (\(pack.sha256), \(pack.project), \(pack.version), \(pack.sequence), \(pack.size),
                \(pack.manifestSHA256), \(pack.keyID), \(pack.legacySHA256), \(pack.legacySize),
                \(pack.legacyVersion), \(pack.uploaded))
            ON CONFLICT (sha256) DO NOTHING RETURNING sha256
            """, logger: logger)
        return try await first(rows) { _ in true } ?? false
    }

    public func head(project: String, channel: String) async throws -> ChannelEntry? {
        try await first(
            try await client.query(
                """
                SELECT e.* FROM channels c JOIN channel_entries e
                  ON e.project = c.project AND e.channel = c.channel AND e.sequence = c.sequence
                WHERE c.project = \(project) AND c.channel = \(channel)
                """, logger: logger), Self.entry(from:))
    }

    public func append(_ entry: ChannelEntry) async throws {
        let logger = self.logger
        try await transaction { connection in
            // Row-locking upsert: of concurrent writers with one sequence, the later re-checks
            // the WHERE against the winner's row and gets no row back.
            let won = try await connection.query(
                """
                INSERT INTO channels (project, channel, sequence) VALUES (\(entry.project), \(entry.channel), \(entry.sequence))
                ON CONFLICT (project, channel) DO UPDATE SET sequence = EXCLUDED.sequence
                WHERE channels.sequence < EXCLUDED.sequence
                RETURNING sequence
                """, logger: logger)
            var wins = false
            for try await _ in won { wins = true }
            guard wins else {
                var current: Int64 = -1
                for try await value in try await connection.query(
                    "SELECT sequence FROM channels WHERE project = \(entry.project) AND channel = \(entry.channel)",
                    logger: logger
                ).decode(Int64.self) {
                    current = value
                }
                throw StoreError.sequenceNotIncreasing(
                    project: entry.project, channel: entry.channel, current: current, attempted: entry.sequence)
            }
            try await connection.query(
                """
                INSERT INTO channel_entries (project, channel, sequence, pack_sha256, version, size, manifest_sha256,
                    created, expires, action, pointer, signature, recorded)
                VALUES (\(entry.project), \(entry.channel), \(entry.sequence), \(entry.pack), \(entry.version),
                    \(entry.size), \(entry.manifest), \(entry.created), \(entry.expires), \(entry.action.rawValue),
                    \(entry.pointer), \(entry.signature), \(entry.recorded))
                """, logger: logger)
            // Delivered at commit to every instance's change feed (`PostgresChangeFeed`).
            try await connection.query(
                "SELECT pg_notify(\(PostgresChangeFeed.channel), \(PostgresChangeFeed.payload(entry)))", logger: logger)
        }
    }

    public func history(project: String, channel: String, limit: Int) async throws -> [ChannelEntry] {
        try await all(
            try await client.query(
                """
                SELECT * FROM channel_entries WHERE project = \(project) AND channel = \(channel)
                ORDER BY sequence DESC LIMIT \(limit)
                """, logger: logger), Self.entry(from:))
    }

    public func heads() async throws -> [ChannelEntry] {
        try await all(
            try await client.query(
                """
                SELECT e.* FROM channels c JOIN channel_entries e
                  ON e.project = c.project AND e.channel = c.channel AND e.sequence = c.sequence
                ORDER BY c.project, c.channel
                """, logger: logger), Self.entry(from:))
    }

    public func insertToken(_ token: StoredToken) async throws {
        try await client.query(
            """
            INSERT INTO tokens (id, hash, created, revoked, note)
            VALUES (\(token.id), \(token.hash), \(token.created), \(token.revoked), \(token.note))
            """, logger: logger)
    }

    public func revokeToken(idOrHash: String, at time: String) async throws -> Bool {
        try await first(
            try await client.query(
                """
                UPDATE tokens SET revoked = \(time) WHERE (id = \(idOrHash) OR hash = \(idOrHash)) AND revoked IS NULL
                RETURNING id
                """, logger: logger)
        ) { _ in true } ?? false
    }

    public func isActiveToken(hash: String) async throws -> Bool {
        try await first(
            try await client.query("SELECT 1 FROM tokens WHERE hash = \(hash) AND revoked IS NULL", logger: logger)
        ) { _ in true } ?? false
    }

    public func tokens() async throws -> [StoredToken] {
        try await all(try await client.query("SELECT * FROM tokens ORDER BY created, id", logger: logger)) { row in
            StoredToken(
                id: try row["id"].decode(String.self), hash: try row["hash"].decode(String.self),
                created: try row["created"].decode(String.self), revoked: try row["revoked"].decode(String?.self),
                note: try row["note"].decode(String.self))
        }
    }

    public func recordCheckins(device: String, _ checkins: [Checkin], received: String) async throws -> Int {
        let logger = self.logger
        return try await transaction { connection in
            var added = 0
            for checkin in checkins {
                for try await _ in try await connection.query(
                    """
                    INSERT INTO checkins (device, location_id, route_id, timestamp, received)
                    VALUES (\(device), \(checkin.locationID), \(checkin.routeID), \(checkin.timestamp), \(received))
                    ON CONFLICT (device, location_id, route_id) DO NOTHING RETURNING device
                    """, logger: logger)
                {
                    added += 1
                }
            }
            return added
        }
    }

    public func checkins(device: String) async throws -> [Checkin] {
        try await all(
            try await client.query(
                "SELECT * FROM checkins WHERE device = \(device) ORDER BY route_id, location_id", logger: logger)
        ) { row in
            Checkin(
                locationID: try row["location_id"].decode(Int64.self), routeID: try row["route_id"].decode(Int64.self),
                timestamp: try row["timestamp"].decode(String.self))
        }
    }

    public func close() async {
        runner.cancel()
        _ = await runner.value
    }

    /// Runs `body` in a transaction (`PostgresPool.withTransaction`): the body's own error, or
    /// postgres-nio's, is rethrown as it is, so a lost connection stays an outage (503).
    func transaction<T: Sendable>(_ body: (GuardedConnection) async throws -> T) async throws -> T {
        try await client.withTransaction(body)
    }

    func first<T, Rows: AsyncSequence>(_ rows: Rows, _ map: (PostgresRandomAccessRow) throws -> T) async throws -> T?
    where Rows.Element == PostgresRow {
        var result: T?
        for try await row in rows where result == nil {
            result = try map(row.makeRandomAccess())
        }
        return result
    }

    func all<T, Rows: AsyncSequence>(_ rows: Rows, _ map: (PostgresRandomAccessRow) throws -> T) async throws -> [T]
    where Rows.Element == PostgresRow {
        var result: [T] = []
        for try await row in rows { result.append(try map(row.makeRandomAccess())) }
        return result
    }

    static func pack(from row: PostgresRandomAccessRow) throws -> StoredPack {
        StoredPack(
            sha256: try row["sha256"].decode(String.self), project: try row["project"].decode(String.self),
            version: try row["version"].decode(String.self), sequence: try row["sequence"].decode(Int64.self),
            size: try row["size"].decode(Int64.self), manifestSHA256: try row["manifest_sha256"].decode(String.self),
            keyID: try row["key_id"].decode(String.self), legacySHA256: try row["legacy_sha256"].decode(String?.self),
            legacySize: try row["legacy_size"].decode(Int64?.self),
            legacyVersion: try row["legacy_version"].decode(String?.self),
            uploaded: try row["uploaded"].decode(String.self))
    }

    static func entry(from row: PostgresRandomAccessRow) throws -> ChannelEntry {
        ChannelEntry(
            project: try row["project"].decode(String.self), channel: try row["channel"].decode(String.self),
            sequence: try row["sequence"].decode(Int64.self), pack: try row["pack_sha256"].decode(String.self),
            version: try row["version"].decode(String.self), size: try row["size"].decode(Int64.self),
            manifest: try row["manifest_sha256"].decode(String.self), created: try row["created"].decode(String.self),
            expires: try row["expires"].decode(String?.self),
            action: ChannelAction(rawValue: try row["action"].decode(String.self)) ?? .publish,
            pointer: try row["pointer"].decode(String.self), signature: try row["signature"].decode(String.self),
            recorded: try row["recorded"].decode(String.self))
    }
}
