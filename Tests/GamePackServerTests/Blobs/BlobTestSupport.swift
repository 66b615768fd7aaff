import Foundation
import GamePackFormat
import PostgresNIO

@testable import GamePackServer

/// A PostgreSQL blob store over a fresh database, with helpers that look at its rows.
final class PostgresBlobFixture: @unchecked Sendable {
    let storeFixture: StoreFixture
    let blobs: PostgresBlobStore
    var database: PostgresStore { storeFixture.store as! PostgresStore }

    init(cache: BlobCache? = nil) async throws {
        storeFixture = try await StoreFixture.make(.postgres)
        blobs = PostgresBlobStore(
            store: storeFixture.store as! PostgresStore, temporaryRoot: storeFixture.directory.appendingPathComponent("data"),
            cache: cache)
        try blobs.prepare()
    }

    /// The number of rows of `table`.
    func count(_ table: String) async throws -> Int {
        try await database.first(
            try await database.client.query(PostgresQuery(unsafeSQL: "SELECT COUNT(*) FROM \(table)"))
        ) { try $0[0].decode(Int.self) } ?? -1
    }

    /// Runs one statement.
    func execute(_ query: PostgresQuery) async throws {
        try await database.client.query(query)
    }

    /// The chunk SHA-256s of `path`, in order.
    func chunks(of path: String) async throws -> [String] {
        try await database.all(
            try await database.client.query("SELECT chunk FROM blob_parts WHERE path = \(path) ORDER BY position")
        ) { try $0["chunk"].decode(String.self) }
    }

    func tearDown() async { await storeFixture.tearDown() }

    /// `count` random bytes.
    static func random(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        let words = (0..<(count + 7) / 8).map { _ in generator.next() as UInt64 }
        return words.withUnsafeBytes { Data($0.prefix(count)) }
    }
}
