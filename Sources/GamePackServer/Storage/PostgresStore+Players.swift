import Foundation
import PostgresNIO

/// The Kinvey player entities in PostgreSQL (the table of migration 3): the
/// `PlayerStore` part of `MetadataStore`.
extension PostgresStore {
    public func writeEntity(_ entity: PlayerEntity, maxPerUser: Int) async throws -> PlayerWriteOutcome {
        let logger = self.logger
        return try await transaction { connection in
            // One writer per user at a time, so that two inserts cannot both pass the count.
            let lockKey = "\(entity.app)\u{1F}\(entity.creator)"
            try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(lockKey)))", logger: logger)
            var existing: String?
            for try await creator in try await connection.query(
                """
                SELECT creator FROM kinvey_entities
                WHERE app = \(entity.app) AND collection = \(entity.collection) AND id = \(entity.id) FOR UPDATE
                """, logger: logger
            ).decode(String.self) {
                existing = creator
            }
            if let existing {
                guard existing == entity.creator else { return .notCreator }
                try await connection.query(
                    """
                    UPDATE kinvey_entities SET body = \(entity.body), modified = \(entity.modified)
                    WHERE app = \(entity.app) AND collection = \(entity.collection) AND id = \(entity.id)
                    """, logger: logger)
                return .replaced
            }
            var count = 0
            for try await n in try await connection.query(
                "SELECT COUNT(*) FROM kinvey_entities WHERE app = \(entity.app) AND creator = \(entity.creator)",
                logger: logger
            ).decode(Int.self) {
                count = n
            }
            guard count < maxPerUser else { return .overQuota }
            try await connection.query(
                """
                INSERT INTO kinvey_entities (app, collection, id, creator, body, created, modified)
                VALUES (\(entity.app), \(entity.collection), \(entity.id), \(entity.creator), \(entity.body),
                    \(entity.created), \(entity.modified))
                """, logger: logger)
            return .created
        }
    }

    public func entity(app: String, collection: String, id: String) async throws -> PlayerEntity? {
        try await first(
            try await client.query(
                "SELECT * FROM kinvey_entities WHERE app = \(app) AND collection = \(collection) AND id = \(id)",
                logger: logger), Self.playerEntity(from:))
    }

    public func entities(app: String, collection: String, creator: String?, limit: Int) async throws -> [PlayerEntity] {
        try await all(
            try await client.query(
                """
                SELECT * FROM kinvey_entities
                WHERE app = \(app) AND collection = \(collection) AND (\(creator)::TEXT IS NULL OR creator = \(creator))
                ORDER BY created, id LIMIT \(limit)
                """, logger: logger), Self.playerEntity(from:))
    }

    public func deleteEntity(app: String, collection: String, id: String, creator: String) async throws
        -> PlayerDeleteOutcome
    {
        let logger = self.logger
        return try await transaction { connection in
            var existing: String?
            for try await owner in try await connection.query(
                """
                SELECT creator FROM kinvey_entities
                WHERE app = \(app) AND collection = \(collection) AND id = \(id) FOR UPDATE
                """, logger: logger
            ).decode(String.self) {
                existing = owner
            }
            guard let existing else { return .notFound }
            guard existing == creator else { return .notCreator }
            try await connection.query(
                "DELETE FROM kinvey_entities WHERE app = \(app) AND collection = \(collection) AND id = \(id)",
                logger: logger)
            return .deleted
        }
    }

    static func playerEntity(from row: PostgresRandomAccessRow) throws -> PlayerEntity {
        let text = { (column: String) in try row[column].decode(String.self) }
        return PlayerEntity(
            app: try text("app"), collection: try text("collection"), id: try text("id"), creator: try text("creator"),
            body: try text("body"), created: try text("created"), modified: try text("modified"))
    }
}
