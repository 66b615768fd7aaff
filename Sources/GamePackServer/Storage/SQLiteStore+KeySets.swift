import Foundation
import GRDB

/// The key sets in SQLite (the table of migration 4): the `KeySetStore` part of `MetadataStore`.
extension SQLiteStore {
    public func keySets(project: String) async throws -> [StoredKeySet] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM key_sets WHERE project = ? ORDER BY version", arguments: [project]
            ).map { row in
                StoredKeySet(
                    project: row["project"], version: row["version"], document: row["document"],
                    signature: row["signature"], recorded: row["recorded"])
            }
        }
    }

    public func keySetProjects() async throws -> [String] {
        try await pool.read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT project FROM key_sets ORDER BY project")
        }
    }

    public func insertKeySet(_ set: StoredKeySet) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO key_sets (project, version, document, signature, recorded)
                    VALUES (?, ?, ?, ?, ?) ON CONFLICT (project, version) DO NOTHING
                    """,
                arguments: [set.project, set.version, set.document, set.signature, set.recorded])
            return db.changesCount > 0
        }
    }
}
