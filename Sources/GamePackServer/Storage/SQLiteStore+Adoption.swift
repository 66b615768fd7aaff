import Foundation
import GRDB

extension SQLiteStore: AdoptionStore {
    public func recordAdoption(project: String, channel: String, day: String, version: String, bucket: Int?) async throws {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO adoption_counts (project, channel, day, version, bucket, count) VALUES (?, ?, ?, ?, ?, 1)
                    ON CONFLICT (project, channel, day, version, bucket) DO UPDATE SET count = adoption_counts.count + 1
                    """,
                arguments: [project, channel, day, version, AdoptionRow.stored(bucket)])
        }
    }

    public func adoption(project: String, channel: String, since day: String) async throws -> [AdoptionRow] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT day, version, bucket, count FROM adoption_counts
                    WHERE project = ? AND channel = ? AND day >= ? ORDER BY day DESC, version, bucket
                    """, arguments: [project, channel, day]
            ).map { row in
                AdoptionRow(
                    day: row["day"], version: row["version"], bucket: AdoptionRow.reported(row["bucket"]), count: row["count"])
            }
        }
    }
}
