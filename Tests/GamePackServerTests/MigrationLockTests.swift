import Foundation
import GamePackTestSupport
import PostgresNIO
import Testing

@testable import GamePackServer

/// Several servers starting together on an empty PostgreSQL database: the advisory lock around
/// the migration run lets one apply the migrations; the others wait, find them applied, and start.
@Suite("PostgreSQL migrations under a lock", .tags(.postgres), .requires(.postgres))
struct MigrationLockTests {
    @Test("three stores opened at once on an empty database: each migration applied once, all three open")
    func threeAtOnce() async throws {
        let admin = try #require(StoreKind.postgresURL, "GAMEPACK_TEST_POSTGRES_URL is not set")
        let name = "gamepack_lock_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12))"
        try await StoreFixture.adminQuery(admin, "CREATE DATABASE \(name)")
        let location = StoreLocation.postgres(url: StoreFixture.url(admin, database: name))
        let stores = try await withThrowingTaskGroup(of: (any MetadataStore).self) { group in
            for _ in 0..<3 { group.addTask { try await location.open() } }
            return try await group.reduce(into: [any MetadataStore]()) { $0.append($1) }
        }
        #expect(stores.count == 3)
        for store in stores { #expect(try await store.schemaVersion() == SchemaMigrations.latest) }
        let postgres = try #require(stores.first as? PostgresStore)
        var versions: [Int] = []
        for try await version in try await postgres.client.query(
            "SELECT version FROM schema_migrations ORDER BY version", logger: postgres.logger
        ).decode(Int.self) {
            versions.append(version)
        }
        #expect(versions == SchemaMigrations.all.map(\.version), "each migration recorded once: \(versions)")
        for store in stores { await store.close() }
        try await StoreFixture.adminQuery(admin, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }
}
