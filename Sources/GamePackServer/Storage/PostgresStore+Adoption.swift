import Foundation
import PostgresNIO

extension PostgresStore: AdoptionStore {
    public func recordAdoption(project: String, channel: String, day: String, version: String, bucket: Int?) async throws {
        try await client.query(
            """
            INSERT INTO adoption_counts (project, channel, day, version, bucket, count)
            VALUES (\(project), \(channel), \(day), \(version), \(AdoptionRow.stored(bucket)), 1)
            ON CONFLICT (project, channel, day, version, bucket) DO UPDATE SET count = adoption_counts.count + 1
            """, logger: logger)
    }

    public func adoption(project: String, channel: String, since day: String) async throws -> [AdoptionRow] {
        try await all(
            try await client.query(
                """
                SELECT day, version, bucket, count FROM adoption_counts
                WHERE project = \(project) AND channel = \(channel) AND day >= \(day) ORDER BY day DESC, version, bucket
                """, logger: logger)
        ) { row in
            AdoptionRow(
                day: try row["day"].decode(String.self), version: try row["version"].decode(String.self),
                bucket: AdoptionRow.reported(try row["bucket"].decode(Int64.self)), count: try row["count"].decode(Int64.self))
        }
    }
}
