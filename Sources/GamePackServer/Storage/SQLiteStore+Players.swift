import Foundation
import GRDB

/// The Kinvey player entities in SQLite (the table of migration 3): the
/// `PlayerStore` part of `MetadataStore`.
extension SQLiteStore {
    public func writeEntity(_ entity: PlayerEntity, maxPerUser: Int) async throws -> PlayerWriteOutcome {
        try await pool.write { db in
            let existing = try String.fetchOne(
                db, sql: "SELECT creator FROM kinvey_entities WHERE app = ? AND collection = ? AND id = ?",
                arguments: [entity.app, entity.collection, entity.id])
            if let existing {
                guard existing == entity.creator else { return .notCreator }
                try db.execute(
                    sql: "UPDATE kinvey_entities SET body = ?, modified = ? WHERE app = ? AND collection = ? AND id = ?",
                    arguments: [entity.body, entity.modified, entity.app, entity.collection, entity.id])
                return .replaced
            }
            let count =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM kinvey_entities WHERE app = ? AND creator = ?",
                    arguments: [entity.app, entity.creator]) ?? 0
            guard count < maxPerUser else { return .overQuota }
            try db.execute(
                sql: """
                    INSERT INTO kinvey_entities (app, collection, id, creator, body, created, modified)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    entity.app, entity.collection, entity.id, entity.creator, entity.body, entity.created, entity.modified,
                ])
            return .created
        }
    }

    public func entity(app: String, collection: String, id: String) async throws -> PlayerEntity? {
        try await pool.read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM kinvey_entities WHERE app = ? AND collection = ? AND id = ?",
                arguments: [app, collection, id]
            ).map(Self.playerEntity(from:))
        }
    }

    public func entities(app: String, collection: String, creator: String?, limit: Int) async throws -> [PlayerEntity] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM kinvey_entities WHERE app = ? AND collection = ? AND (? IS NULL OR creator = ?)
                    ORDER BY created, id LIMIT ?
                    """, arguments: [app, collection, creator, creator, limit]
            ).map(Self.playerEntity(from:))
        }
    }

    public func deleteEntity(app: String, collection: String, id: String, creator: String) async throws
        -> PlayerDeleteOutcome
    {
        try await pool.write { db in
            let existing = try String.fetchOne(
                db, sql: "SELECT creator FROM kinvey_entities WHERE app = ? AND collection = ? AND id = ?",
                arguments: [app, collection, id])
            guard let existing else { return .notFound }
            guard existing == creator else { return .notCreator }
            try db.execute(
                sql: "DELETE FROM kinvey_entities WHERE app = ? AND collection = ? AND id = ?",
                arguments: [app, collection, id])
            return .deleted
        }
    }

    public func insertUploadGrant(tokenHash: String, _ grant: PlayerUploadGrant) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "INSERT INTO kinvey_uploads (token_hash, app, creator, name, expires) VALUES (?, ?, ?, ?, ?)",
                arguments: [tokenHash, grant.app, grant.creator, grant.name, grant.expires])
        }
    }

    public func takeUploadGrant(tokenHash: String) async throws -> PlayerUploadGrant? {
        try await pool.write { db in
            try Row.fetchOne(
                db, sql: "DELETE FROM kinvey_uploads WHERE token_hash = ? RETURNING app, creator, name, expires",
                arguments: [tokenHash]
            ).map { PlayerUploadGrant(app: $0["app"], creator: $0["creator"], name: $0["name"], expires: $0["expires"]) }
        }
    }

    public func writeFile(_ file: PlayerFile, maxBytesPerUser: Int64) async throws -> PlayerWriteOutcome {
        try await pool.write { db in
            let owner = try String.fetchOne(
                db, sql: "SELECT creator FROM kinvey_files WHERE app = ? AND name = ?", arguments: [file.app, file.name])
            if let owner, owner != file.creator { return .notCreator }
            let others =
                try Int64.fetchOne(
                    db, sql: "SELECT COALESCE(SUM(size), 0) FROM kinvey_files WHERE app = ? AND creator = ? AND name <> ?",
                    arguments: [file.app, file.creator, file.name]) ?? 0
            guard others + file.size <= maxBytesPerUser else { return .overQuota }
            try db.execute(
                sql: """
                    INSERT INTO kinvey_files (app, name, creator, sha256, size, created) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (app, name) DO UPDATE SET sha256 = excluded.sha256, size = excluded.size,
                        created = excluded.created
                    """,
                arguments: [file.app, file.name, file.creator, file.sha256, file.size, file.created])
            return owner == nil ? .created : .replaced
        }
    }

    public func file(app: String, name: String) async throws -> PlayerFile? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM kinvey_files WHERE app = ? AND name = ?", arguments: [app, name]).map {
                PlayerFile(
                    app: $0["app"], name: $0["name"], creator: $0["creator"], sha256: $0["sha256"], size: $0["size"],
                    created: $0["created"])
            }
        }
    }

    static func playerEntity(from row: Row) -> PlayerEntity {
        PlayerEntity(
            app: row["app"], collection: row["collection"], id: row["id"], creator: row["creator"], body: row["body"],
            created: row["created"], modified: row["modified"])
    }
}
