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

    static func playerEntity(from row: Row) -> PlayerEntity {
        PlayerEntity(
            app: row["app"], collection: row["collection"], id: row["id"], creator: row["creator"], body: row["body"],
            created: row["created"], modified: row["modified"])
    }
}
