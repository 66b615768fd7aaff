import Foundation
import GRDB

extension SQLiteStore: AccountStore {
    public func account(realm: String, username: String) async throws -> Account? {
        try await pool.read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM accounts WHERE realm = ? AND username = ?", arguments: [realm, username]
            ).map(Self.account(from:))
        }
    }

    public func account(realm: String, id: String) async throws -> Account? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM accounts WHERE realm = ? AND id = ?", arguments: [realm, id])
                .map(Self.account(from:))
        }
    }

    public func insertAccount(_ account: Account) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO accounts (realm, id, username, password_hash, profile, created) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT DO NOTHING
                    """,
                arguments: [
                    account.realm, account.id, account.username, account.passwordHash, account.profile, account.created,
                ])
            return db.changesCount > 0
        }
    }

    public func upsertAccount(_ account: Account) async throws -> Account {
        try await pool.write { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    INSERT INTO accounts (realm, id, username, password_hash, profile, created) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (realm, username) DO UPDATE SET password_hash = excluded.password_hash,
                        profile = excluded.profile
                    RETURNING *
                    """,
                arguments: [
                    account.realm, account.id, account.username, account.passwordHash, account.profile, account.created,
                ])
            guard let row else { throw StoreError.database("upsert of account \(account.username) returned nothing") }
            return Self.account(from: row)
        }
    }

    public func insertSession(_ session: AccountSession) async throws {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO account_sessions (token_hash, realm, account_id, created, expires) VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [session.tokenHash, session.realm, session.accountID, session.created, session.expires])
        }
    }

    public func session(tokenHash: String) async throws -> AccountSession? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM account_sessions WHERE token_hash = ?", arguments: [tokenHash]).map {
                AccountSession(
                    tokenHash: $0["token_hash"], realm: $0["realm"], accountID: $0["account_id"], created: $0["created"],
                    expires: $0["expires"])
            }
        }
    }

    public func deleteSession(tokenHash: String) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM account_sessions WHERE token_hash = ?", arguments: [tokenHash])
            return db.changesCount > 0
        }
    }

    public func deleteSessions(expiredBefore time: Int64) async throws -> Int {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM account_sessions WHERE expires < ?", arguments: [time])
            return db.changesCount
        }
    }

    static func account(from row: Row) -> Account {
        Account(
            realm: row["realm"], id: row["id"], username: row["username"], passwordHash: row["password_hash"],
            profile: row["profile"], created: row["created"])
    }
}
