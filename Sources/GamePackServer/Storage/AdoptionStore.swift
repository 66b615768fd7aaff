import Foundation

/// One row of adoption figures: how many reports named `version` (and `bucket`) on `day`.
public struct AdoptionRow: Sendable, Equatable {
    /// The server's UTC day, `yyyy-MM-dd`.
    public var day: String
    /// The pack version the installs reported.
    public var version: String
    /// The rollout bucket 0–99, or nil for reports without one.
    public var bucket: Int?
    /// The reports counted.
    public var count: Int64

    public init(day: String, version: String, bucket: Int?, count: Int64) {
        self.day = day
        self.version = version
        self.bucket = bucket
        self.count = count
    }
}

/// Where adoption reports are counted: the server's database (migration 4, table
/// `adoption_counts`). Only counts per (project, channel, day, version, bucket) are kept, never
/// who reported. `SQLiteStore` and `PostgresStore` implement it.
public protocol AdoptionStore: Sendable {
    /// Adds one report to the count of (`project`, `channel`, `day`, `version`, `bucket`), in one
    /// upsert.
    func recordAdoption(project: String, channel: String, day: String, version: String, bucket: Int?) async throws
    /// The counts of the channel from `day` (`yyyy-MM-dd`, inclusive) on, newest day first, then by
    /// version and bucket (reports without a bucket first).
    func adoption(project: String, channel: String, since day: String) async throws -> [AdoptionRow]
}

extension AdoptionRow {
    /// The stored value of a missing bucket: primary key columns cannot be NULL in PostgreSQL.
    static let noBucket: Int64 = -1

    /// `bucket` as stored.
    static func stored(_ bucket: Int?) -> Int64 { bucket.map(Int64.init) ?? noBucket }

    /// A stored bucket as reported.
    static func reported(_ stored: Int64) -> Int? { stored == noBucket ? nil : Int(stored) }
}
