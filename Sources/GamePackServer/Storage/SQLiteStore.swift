import Foundation
import GRDB

/// The default store: one SQLite file (WAL mode) through GRDB, created on first start.
/// GRDB's `DatabasePool` runs reads concurrently and writes one at a time, in IMMEDIATE
/// transactions, so the conditional channel upsert cannot race.
public final class SQLiteStore: MetadataStore {
    let pool: DatabasePool
    /// The database file.
    public let path: String

    /// Opens (creating when missing) the database at `path`. Call `migrate()` before use.
    public init(path: String) throws {
        self.path = path
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = "gamepack"
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw StoreError.database("cannot open \(path): \(error)")
        }
    }

    /// GRDB's migrator, loaded with the shared migrations (identifiers `v1`, `v2`, …).
    var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in SchemaMigrations.all {
            migrator.registerMigration("v\(migration.version)") { db in
                for statement in migration.statements { try db.execute(sql: statement) }
            }
        }
        return migrator
    }

    public func migrate() async throws {
        let migrator = self.migrator
        do {
            if try await pool.read({ try migrator.hasBeenSuperseded($0) }) {
                throw StoreError.newerSchema(database: try await schemaVersion(), known: SchemaMigrations.latest)
            }
            try migrator.migrate(pool)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.database("cannot migrate \(path): \(error)")
        }
    }

    public func schemaVersion() async throws -> Int {
        let migrator = self.migrator
        return try await pool.read { db in
            try migrator.appliedIdentifiers(db).compactMap { Int($0.dropFirst()) }.max() ?? 0
        }
    }

    public func pack(sha256: String) async throws -> StoredPack? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM packs WHERE sha256 = ?", arguments: [sha256]).map(Self.pack(from:))
        }
    }

    public func insertPack(_ pack: StoredPack) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO packs (sha256, project, version, sequence, size, manifest_sha256, key_id,
                        legacy_sha256, legacy_size, legacy_version, uploaded)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (sha256) DO NOTHING
                    """,
                arguments: [
                    pack.sha256, pack.project, pack.version, pack.sequence, pack.size, pack.manifestSHA256, pack.keyID,
                    pack.legacySHA256, pack.legacySize, pack.legacyVersion, pack.uploaded,
                ])
            return db.changesCount > 0
        }
    }

    public func head(project: String, channel: String) async throws -> ChannelEntry? {
        try await pool.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT e.* FROM channels c JOIN channel_entries e
                      ON e.project = c.project AND e.channel = c.channel AND e.sequence = c.sequence
                    WHERE c.project = ? AND c.channel = ?
                    """, arguments: [project, channel]
            ).map(Self.entry(from:))
        }
    }

    public func append(_ entry: ChannelEntry) async throws {
        try await pool.write { db in
            let won = try Row.fetchOne(
                db,
                sql: """
                    INSERT INTO channels (project, channel, sequence) VALUES (?, ?, ?)
                    ON CONFLICT (project, channel) DO UPDATE SET sequence = excluded.sequence
                    WHERE channels.sequence < excluded.sequence
                    RETURNING sequence
                    """, arguments: [entry.project, entry.channel, entry.sequence])
            guard won != nil else {
                let current =
                    try Int64.fetchOne(
                        db, sql: "SELECT sequence FROM channels WHERE project = ? AND channel = ?",
                        arguments: [entry.project, entry.channel]) ?? -1
                throw StoreError.sequenceNotIncreasing(
                    project: entry.project, channel: entry.channel, current: current, attempted: entry.sequence)
            }
            try db.execute(
                sql: """
                    INSERT INTO channel_entries (project, channel, sequence, pack_sha256, version, size, manifest_sha256,
                        created, expires, action, pointer, signature, recorded)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    entry.project, entry.channel, entry.sequence, entry.pack, entry.version, entry.size, entry.manifest,
                    entry.created, entry.expires, entry.action.rawValue, entry.pointer, entry.signature, entry.recorded,
                ])
        }
    }

    public func history(project: String, channel: String, limit: Int) async throws -> [ChannelEntry] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM channel_entries WHERE project = ? AND channel = ? ORDER BY sequence DESC LIMIT ?
                    """, arguments: [project, channel, limit]
            ).map(Self.entry(from:))
        }
    }

    public func heads() async throws -> [ChannelEntry] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT e.* FROM channels c JOIN channel_entries e
                      ON e.project = c.project AND e.channel = c.channel AND e.sequence = c.sequence
                    ORDER BY c.project, c.channel
                    """
            ).map(Self.entry(from:))
        }
    }

    public func insertToken(_ token: StoredToken) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "INSERT INTO tokens (id, hash, created, revoked, note) VALUES (?, ?, ?, ?, ?)",
                arguments: [token.id, token.hash, token.created, token.revoked, token.note])
        }
    }

    public func revokeToken(idOrHash: String, at time: String) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE tokens SET revoked = ? WHERE (id = ? OR hash = ?) AND revoked IS NULL",
                arguments: [time, idOrHash, idOrHash])
            return db.changesCount > 0
        }
    }

    public func isActiveToken(hash: String) async throws -> Bool {
        try await pool.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT 1 FROM tokens WHERE hash = ? AND revoked IS NULL", arguments: [hash]) ?? false
        }
    }

    public func tokens() async throws -> [StoredToken] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM tokens ORDER BY created, id").map { row in
                StoredToken(
                    id: row["id"], hash: row["hash"], created: row["created"], revoked: row["revoked"], note: row["note"])
            }
        }
    }

    public func recordCheckins(device: String, _ checkins: [Checkin], received: String) async throws -> Int {
        try await pool.write { db in
            var added = 0
            for checkin in checkins {
                try db.execute(
                    sql: """
                        INSERT INTO checkins (device, location_id, route_id, timestamp, received) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT (device, location_id, route_id) DO NOTHING
                        """,
                    arguments: [device, checkin.locationID, checkin.routeID, checkin.timestamp, received])
                added += db.changesCount
            }
            return added
        }
    }

    public func checkins(device: String) async throws -> [Checkin] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM checkins WHERE device = ? ORDER BY route_id, location_id", arguments: [device]
            ).map { row in Checkin(locationID: row["location_id"], routeID: row["route_id"], timestamp: row["timestamp"]) }
        }
    }

    public func close() async {
        try? pool.close()
    }

    static func pack(from row: Row) -> StoredPack {
        StoredPack(
            sha256: row["sha256"], project: row["project"], version: row["version"], sequence: row["sequence"],
            size: row["size"], manifestSHA256: row["manifest_sha256"], keyID: row["key_id"],
            legacySHA256: row["legacy_sha256"], legacySize: row["legacy_size"], legacyVersion: row["legacy_version"],
            uploaded: row["uploaded"])
    }

    static func entry(from row: Row) -> ChannelEntry {
        ChannelEntry(
            project: row["project"], channel: row["channel"], sequence: row["sequence"], pack: row["pack_sha256"],
            version: row["version"], size: row["size"], manifest: row["manifest_sha256"], created: row["created"],
            expires: row["expires"], action: ChannelAction(rawValue: row["action"]) ?? .publish, pointer: row["pointer"],
            signature: row["signature"], recorded: row["recorded"])
    }
}
