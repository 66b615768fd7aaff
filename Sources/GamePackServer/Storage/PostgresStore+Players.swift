import Foundation
import PostgresNIO

/// The Kinvey player entities in PostgreSQL (the table of migration 3): the
/// `PlayerStore` part of `MetadataStore`.
extension PostgresStore {
    /// Runs `body` in a transaction holding the user's advisory lock: one writer per user at a
    /// time, so that two inserts cannot both pass a cap.
    func lockedForUser<T: Sendable>(app: String, creator: String, _ body: (GuardedConnection) async throws -> T)
        async throws -> T
    {
        let logger = self.logger
        return try await transaction { connection in
            let lockKey = "\(app)\u{1F}\(creator)"
            try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(lockKey)))", logger: logger)
            return try await body(connection)
        }
    }

    /// The first column of the first row of `query`, as text.
    func firstText(_ connection: GuardedConnection, _ query: PostgresQuery) async throws -> String? {
        var result: String?
        for try await value in try await connection.query(query, logger: logger).decode(String.self) where result == nil {
            result = value
        }
        return result
    }

    public func writeEntity(_ entity: PlayerEntity, maxPerUser: Int) async throws -> PlayerWriteOutcome {
        let logger = self.logger
        return try await lockedForUser(app: entity.app, creator: entity.creator) { connection in
            let existing = try await firstText(
                connection,
                """
                SELECT creator FROM kinvey_entities
                WHERE app = \(entity.app) AND collection = \(entity.collection) AND id = \(entity.id) FOR UPDATE
                """)
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
            let existing = try await firstText(
                connection,
                "SELECT creator FROM kinvey_entities WHERE app = \(app) AND collection = \(collection) AND id = \(id) FOR UPDATE")
            guard let existing else { return .notFound }
            guard existing == creator else { return .notCreator }
            try await connection.query(
                "DELETE FROM kinvey_entities WHERE app = \(app) AND collection = \(collection) AND id = \(id)",
                logger: logger)
            return .deleted
        }
    }

    public func insertUploadGrant(tokenHash: String, _ grant: PlayerUploadGrant) async throws {
        try await client.query(
            """
            INSERT INTO kinvey_uploads (token_hash, app, creator, name, expires)
            VALUES (\(tokenHash), \(grant.app), \(grant.creator), \(grant.name), \(grant.expires))
            """, logger: logger)
    }

    public func takeUploadGrant(tokenHash: String) async throws -> PlayerUploadGrant? {
        try await first(
            try await client.query(
                "DELETE FROM kinvey_uploads WHERE token_hash = \(tokenHash) RETURNING app, creator, name, expires",
                logger: logger)
        ) { row in
            let text = { (column: String) in try row[column].decode(String.self) }
            return PlayerUploadGrant(
                app: try text("app"), creator: try text("creator"), name: try text("name"), expires: try text("expires"))
        }
    }

    public func writeFile(_ file: PlayerFile, maxBytesPerUser: Int64) async throws -> PlayerWriteOutcome {
        let logger = self.logger
        return try await lockedForUser(app: file.app, creator: file.creator) { connection in
            let owner = try await firstText(
                connection, "SELECT creator FROM kinvey_files WHERE app = \(file.app) AND name = \(file.name) FOR UPDATE")
            if let owner, owner != file.creator { return .notCreator }
            var others: Int64 = 0
            for try await sum in try await connection.query(
                """
                SELECT COALESCE(SUM(size), 0)::BIGINT FROM kinvey_files
                WHERE app = \(file.app) AND creator = \(file.creator) AND name <> \(file.name)
                """, logger: logger
            ).decode(Int64.self) {
                others = sum
            }
            guard others + file.size <= maxBytesPerUser else { return .overQuota }
            try await connection.query(
                """
                INSERT INTO kinvey_files (app, name, creator, sha256, size, created)
                VALUES (\(file.app), \(file.name), \(file.creator), \(file.sha256), \(file.size), \(file.created))
                ON CONFLICT (app, name) DO UPDATE SET sha256 = excluded.sha256, size = excluded.size,
                    created = excluded.created
                """, logger: logger)
            return owner == nil ? .created : .replaced
        }
    }

    public func file(app: String, name: String) async throws -> PlayerFile? {
        try await first(
            try await client.query("SELECT * FROM kinvey_files WHERE app = \(app) AND name = \(name)", logger: logger)
        ) { row in
            let text = { (column: String) in try row[column].decode(String.self) }
            return PlayerFile(
                app: try text("app"), name: try text("name"), creator: try text("creator"), sha256: try text("sha256"),
                size: try row["size"].decode(Int64.self), created: try text("created"))
        }
    }

    static func playerEntity(from row: PostgresRandomAccessRow) throws -> PlayerEntity {
        let text = { (column: String) in try row[column].decode(String.self) }
        return PlayerEntity(
            app: try text("app"), collection: try text("collection"), id: try text("id"), creator: try text("creator"),
            body: try text("body"), created: try text("created"), modified: try text("modified"))
    }
}
