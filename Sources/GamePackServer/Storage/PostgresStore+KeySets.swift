import Foundation
import PostgresNIO

/// The key sets in PostgreSQL (the table of migration 4): the `KeySetStore` part of `MetadataStore`.
extension PostgresStore {
    public func keySets(project: String) async throws -> [StoredKeySet] {
        try await all(
            try await client.query(
                "SELECT * FROM key_sets WHERE project = \(project) ORDER BY version", logger: logger)
        ) { row in
            StoredKeySet(
                project: try row["project"].decode(String.self), version: Int(try row["version"].decode(Int64.self)),
                document: try row["document"].decode(String.self), signature: try row["signature"].decode(String.self),
                recorded: try row["recorded"].decode(String.self))
        }
    }

    public func keySetProjects() async throws -> [String] {
        try await all(
            try await client.query("SELECT DISTINCT project FROM key_sets ORDER BY project", logger: logger)
        ) { row in try row["project"].decode(String.self) }
    }

    public func insertKeySet(_ set: StoredKeySet) async throws -> Bool {
        let version = Int64(set.version)
        let rows = try await client.query(
            """
            INSERT INTO key_sets (project, version, document, signature, recorded)
            VALUES (\(set.project), \(version), \(set.document), \(set.signature), \(set.recorded))
            ON CONFLICT (project, version) DO NOTHING RETURNING version
            """, logger: logger)
        return try await first(rows) { _ in true } ?? false
    }
}
