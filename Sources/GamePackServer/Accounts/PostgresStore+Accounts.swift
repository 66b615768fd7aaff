import Foundation
import PostgresNIO

extension PostgresStore: AccountStore {
    public func account(realm: String, username: String) async throws -> Account? {
        try await first(
            try await client.query(
                "SELECT * FROM accounts WHERE realm = \(realm) AND username = \(username)", logger: logger),
            Self.account(from:))
    }

    public func account(realm: String, id: String) async throws -> Account? {
        try await first(
            try await client.query("SELECT * FROM accounts WHERE realm = \(realm) AND id = \(id)", logger: logger),
            Self.account(from:))
    }

    public func insertAccount(_ account: Account) async throws -> Bool {
        try await first(
            try await client.query(
                """
                INSERT INTO accounts (realm, id, username, password_hash, profile, created)
                VALUES (\(account.realm), \(account.id), \(account.username), \(account.passwordHash), \(account.profile),
                    \(account.created))
                ON CONFLICT DO NOTHING RETURNING id
                """, logger: logger)
        ) { _ in true } ?? false
    }

    public func upsertAccount(_ account: Account) async throws -> Account {
        let stored = try await first(
            try await client.query(
                """
                INSERT INTO accounts (realm, id, username, password_hash, profile, created)
                VALUES (\(account.realm), \(account.id), \(account.username), \(account.passwordHash), \(account.profile),
                    \(account.created))
                ON CONFLICT (realm, username) DO UPDATE SET password_hash = EXCLUDED.password_hash,
                    profile = EXCLUDED.profile
                RETURNING *
                """, logger: logger), Self.account(from:))
        guard let stored else { throw StoreError.database("upsert of account \(account.username) returned nothing") }
        return stored
    }

    public func insertSession(_ session: AccountSession) async throws {
        try await client.query(
            """
            INSERT INTO account_sessions (token_hash, realm, account_id, created, expires)
            VALUES (\(session.tokenHash), \(session.realm), \(session.accountID), \(session.created), \(session.expires))
            """, logger: logger)
    }

    public func session(tokenHash: String) async throws -> AccountSession? {
        try await first(
            try await client.query("SELECT * FROM account_sessions WHERE token_hash = \(tokenHash)", logger: logger)
        ) { row in
            AccountSession(
                tokenHash: try row["token_hash"].decode(String.self), realm: try row["realm"].decode(String.self),
                accountID: try row["account_id"].decode(String.self), created: try row["created"].decode(Int64.self),
                expires: try row["expires"].decode(Int64.self))
        }
    }

    public func deleteSession(tokenHash: String) async throws -> Bool {
        try await first(
            try await client.query(
                "DELETE FROM account_sessions WHERE token_hash = \(tokenHash) RETURNING token_hash", logger: logger)
        ) { _ in true } ?? false
    }

    public func deleteSessions(expiredBefore time: Int64) async throws -> Int {
        try await all(
            try await client.query(
                "DELETE FROM account_sessions WHERE expires < \(time) RETURNING token_hash", logger: logger)
        ) { _ in 1 }.count
    }

    static func account(from row: PostgresRandomAccessRow) throws -> Account {
        Account(
            realm: try row["realm"].decode(String.self), id: try row["id"].decode(String.self),
            username: try row["username"].decode(String.self), passwordHash: try row["password_hash"].decode(String.self),
            profile: try row["profile"].decode(String.self), created: try row["created"].decode(String.self))
    }
}
