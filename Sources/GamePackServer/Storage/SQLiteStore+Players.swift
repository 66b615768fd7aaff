import Foundation
import GRDB

/// The Kinvey users, sessions and player entities in SQLite (tables of migration 2): the
/// `PlayerStore` part of `MetadataStore`.
extension SQLiteStore {
    public func insertAccount(_ account: PlayerAccount) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO kinvey_users (app, id, username, password_hash, attributes, created, modified)
                    VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                    """,
                arguments: [
                    account.app, account.id, account.username, account.passwordHash, account.attributes, account.created,
                    account.modified,
                ])
            return db.changesCount > 0
        }
    }

    public func account(app: String, username: String) async throws -> PlayerAccount? {
        try await pool.read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM kinvey_users WHERE app = ? AND username = ?", arguments: [app, username]
            ).map(Self.account(from:))
        }
    }

    public func account(app: String, id: String) async throws -> PlayerAccount? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM kinvey_users WHERE app = ? AND id = ?", arguments: [app, id])
                .map(Self.account(from:))
        }
    }

    public func updateAccount(app: String, id: String, attributes: String, modified: String) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE kinvey_users SET attributes = ?, modified = ? WHERE app = ? AND id = ?",
                arguments: [attributes, modified, app, id])
        }
    }

    public func insertSession(tokenHash: String, app: String, userID: String, created: String, expires: String) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "INSERT INTO kinvey_sessions (token_hash, app, user_id, created, expires) VALUES (?, ?, ?, ?, ?)",
                arguments: [tokenHash, app, userID, created, expires])
        }
    }

    public func session(tokenHash: String, app: String) async throws -> (userID: String, expires: String)? {
        try await pool.read { db in
            try Row.fetchOne(
                db, sql: "SELECT user_id, expires FROM kinvey_sessions WHERE token_hash = ? AND app = ?",
                arguments: [tokenHash, app]
            ).map { (userID: $0[0], expires: $0[1]) }
        }
    }

    public func deleteSession(tokenHash: String) async throws {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM kinvey_sessions WHERE token_hash = ?", arguments: [tokenHash])
        }
    }

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

    static func account(from row: Row) -> PlayerAccount {
        PlayerAccount(
            app: row["app"], id: row["id"], username: row["username"], passwordHash: row["password_hash"],
            attributes: row["attributes"], created: row["created"], modified: row["modified"])
    }

    static func playerEntity(from row: Row) -> PlayerEntity {
        PlayerEntity(
            app: row["app"], collection: row["collection"], id: row["id"], creator: row["creator"], body: row["body"],
            created: row["created"], modified: row["modified"])
    }
}
