import Foundation
import GamePackTestSupport
import Testing

@testable import GamePackServer

/// One suite, run against SQLite and PostgreSQL alike.
@Suite("Server metadata stores (SQLite and PostgreSQL)", .serialized)
struct StoreTests {
    static func pack(_ sha: Character, project: String = "hike", sequence: Int64 = 1) -> StoredPack {
        StoredPack(
            sha256: String(repeating: sha, count: 64), project: project, version: "v\(sequence)", sequence: sequence,
            size: 100, manifestSHA256: String(repeating: "f", count: 64), keyID: "0123456789ABCDEF",
            legacySHA256: String(repeating: "e", count: 64), legacySize: 42, legacyVersion: "abc",
            uploaded: "2026-01-01T00:00:00Z")
    }

    static func entry(_ pack: StoredPack, channel: String = "staging", sequence: Int64, action: ChannelAction = .publish)
        -> ChannelEntry
    {
        ChannelEntry(
            project: pack.project, channel: channel, sequence: sequence, pack: pack.sha256, version: pack.version,
            size: pack.size, manifest: pack.manifestSHA256, created: "2026-01-01T00:00:00Z", expires: nil, action: action,
            pointer: "{\"sequence\": \(sequence)}\n", signature: "sig \(sequence)", recorded: "2026-01-01T00:00:01Z")
    }

    @Test(
        "PostgreSQL: a fresh database opens, migrates and reads back (the PostgreSQL cases of this suite need it)",
        .tags(.postgres), .requires(.postgres))
    func postgresReachable() async throws {
        let fixture = try await StoreFixture.make(.postgres)
        #expect(try await fixture.store.schemaVersion() == SchemaMigrations.latest)
        #expect(try await fixture.store.insertPack(Self.pack("p")))
        #expect(try await fixture.store.pack(sha256: Self.pack("p").sha256) == Self.pack("p"))
        await fixture.tearDown()
    }

    @Test("migrations are versioned, applied once, and idempotent at restart", arguments: StoreKind.available)
    func migrations(_ kind: StoreKind) async throws {
        let fixture = try await StoreFixture.make(kind)
        #expect(try await fixture.store.schemaVersion() == SchemaMigrations.latest)
        try await fixture.store.migrate()
        let again = try await fixture.location.open()
        #expect(try await again.schemaVersion() == SchemaMigrations.latest)
        await again.close()
        await fixture.tearDown()
    }

    @Test("packs are recorded once; a second insert changes nothing", arguments: StoreKind.available)
    func packs(_ kind: StoreKind) async throws {
        let fixture = try await StoreFixture.make(kind)
        let store = fixture.store
        let pack = Self.pack("a")
        #expect(try await store.pack(sha256: pack.sha256) == nil)
        #expect(try await store.insertPack(pack))
        var altered = pack
        altered.version = "other"
        #expect(try await store.insertPack(altered) == false)
        #expect(try await store.pack(sha256: pack.sha256) == pack)
        await fixture.tearDown()
    }

    @Test("a channel's sequence only grows; history is newest first; heads list every channel", arguments: StoreKind.available)
    func channels(_ kind: StoreKind) async throws {
        let fixture = try await StoreFixture.make(kind)
        let store = fixture.store
        let one = Self.pack("a", sequence: 1), two = Self.pack("b", sequence: 2)
        try await store.insertPack(one)
        try await store.insertPack(two)
        #expect(try await store.head(project: "hike", channel: "staging") == nil)
        try await store.append(Self.entry(one, sequence: 1))
        try await store.append(Self.entry(two, sequence: 5))
        await #expect(throws: StoreError.sequenceNotIncreasing(project: "hike", channel: "staging", current: 5, attempted: 5)) {
            try await store.append(Self.entry(one, sequence: 5))
        }
        await #expect(throws: StoreError.self) { try await store.append(Self.entry(one, sequence: 3)) }
        try await store.append(Self.entry(one, sequence: 6, action: .rollback))
        try await store.append(Self.entry(two, channel: "production", sequence: 2, action: .promote))
        let head = try #require(try await store.head(project: "hike", channel: "staging"))
        #expect(head.sequence == 6 && head.pack == one.sha256 && head.action == .rollback)
        #expect(head.pointer == "{\"sequence\": 6}\n")
        let history = try await store.history(project: "hike", channel: "staging", limit: 10)
        #expect(history.map(\.sequence) == [6, 5, 1])
        #expect(try await store.history(project: "hike", channel: "staging", limit: 2).count == 2)
        let heads = try await store.heads()
        #expect(heads.map { "\($0.channel)@\($0.sequence)" } == ["production@2", "staging@6"])
        await fixture.tearDown()
    }

    @Test("of concurrent appends with one sequence exactly one wins", arguments: StoreKind.available)
    func concurrentAppends(_ kind: StoreKind) async throws {
        let fixture = try await StoreFixture.make(kind)
        let store = fixture.store
        let pack = Self.pack("c")
        try await store.insertPack(pack)
        for sequence in Int64(1)...5 {
            let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
                for writer in 0..<8 {
                    group.addTask {
                        var entry = Self.entry(pack, sequence: sequence)
                        entry.signature = "writer \(writer)"
                        do {
                            try await store.append(entry)
                            return true
                        } catch StoreError.sequenceNotIncreasing {
                            return false
                        }
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(wins == 1, "sequence \(sequence): \(wins) writers won")
        }
        #expect(try await store.history(project: "hike", channel: "staging", limit: 100).map(\.sequence) == [5, 4, 3, 2, 1])
        await fixture.tearDown()
    }

    @Test("tokens are stored hashed, checked, revoked by id or hash", arguments: StoreKind.available)
    func tokens(_ kind: StoreKind) async throws {
        let fixture = try await StoreFixture.make(kind)
        let store = fixture.store
        let (token, stored) = UploadTokens.create(note: "ci")
        let (other, otherStored) = UploadTokens.create()
        try await store.insertToken(stored)
        try await store.insertToken(otherStored)
        #expect(!stored.hash.contains(token) && stored.hash.count == 64)
        #expect(try await store.isActiveToken(hash: UploadTokens.hash(token)))
        #expect(try await store.isActiveToken(hash: UploadTokens.hash("gpt_wrong")) == false)
        #expect(try await store.revokeToken(idOrHash: stored.id, at: "2026-01-02T00:00:00Z"))
        #expect(try await store.revokeToken(idOrHash: stored.id, at: "2026-01-02T00:00:00Z") == false)
        #expect(try await store.isActiveToken(hash: UploadTokens.hash(token)) == false)
        #expect(try await store.revokeToken(idOrHash: UploadTokens.hash(other), at: "2026-01-02T00:00:00Z"))
        #expect(try await store.tokens().allSatisfy { $0.revoked != nil })
        await fixture.tearDown()
    }

    @Test("check-ins are idempotent per device, location and route", arguments: StoreKind.available)
    func checkins(_ kind: StoreKind) async throws {
        let fixture = try await StoreFixture.make(kind)
        let store = fixture.store
        let first = [
            Checkin(locationID: 12, routeID: 13, timestamp: "2013-06-01 10:00:00 +0200"),
            Checkin(locationID: 14, routeID: 13, timestamp: "2013-06-01 10:30:00 +0200"),
        ]
        #expect(try await store.recordCheckins(device: "phone-1", first, received: "now") == 2)
        let again = [
            Checkin(locationID: 12, routeID: 13, timestamp: "2013-06-02 09:00:00 +0200"),
            Checkin(locationID: 12, routeID: 15, timestamp: "2013-06-02 09:00:00 +0200"),
        ]
        #expect(try await store.recordCheckins(device: "phone-1", again, received: "now") == 1)
        #expect(try await store.recordCheckins(device: "phone-2", again, received: "now") == 2)
        let stored = try await store.checkins(device: "phone-1")
        #expect(stored.count == 3)
        #expect(stored.first { $0.locationID == 12 && $0.routeID == 13 }?.timestamp == "2013-06-01 10:00:00 +0200")
        await fixture.tearDown()
    }
}
