import Foundation
import GamePackFormat
import GamePackTestSupport
import Logging
import PostgresNIO
import Testing

@testable import GamePackServer

/// The two store implementations every store test runs against.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    var testDescription: String { rawValue }

    /// The admin URL of a PostgreSQL cluster for the tests (`.ci/run` starts one with
    /// `scripts/postgres-cluster.sh`).
    static var postgresURL: String? {
        ProcessInfo.processInfo.environment["GAMEPACK_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// SQLite always; PostgreSQL when a cluster is configured, and always in CI (where a missing
    /// cluster fails). Without one, `StoreTests.postgresReachable` shows as skipped with the
    /// reason, so the missing PostgreSQL cases never pass unseen.
    static var available: [StoreKind] {
        postgresURL != nil || ContinuousIntegration.isOn ? [.sqlite, .postgres] : [.sqlite]
    }
}

/// A fresh, migrated store of one kind in a temporary place; PostgreSQL gets a new database
/// per fixture so tests never see each other's rows.
final class StoreFixture: @unchecked Sendable {
    let store: any MetadataStore
    let location: StoreLocation
    let directory: URL
    let databaseName: String?

    private init(store: any MetadataStore, location: StoreLocation, directory: URL, databaseName: String?) {
        self.store = store
        self.location = location
        self.directory = directory
        self.databaseName = databaseName
    }

    static func make(_ kind: StoreKind) async throws -> StoreFixture {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gamepack-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        switch kind {
        case .sqlite:
            let location = StoreLocation.sqlite(path: directory.appendingPathComponent("gamepack.sqlite").path)
            return StoreFixture(store: try await location.open(), location: location, directory: directory, databaseName: nil)
        case .postgres:
            guard let admin = StoreKind.postgresURL else {
                try ExternalTool.postgres.require()
                throw ExternalToolMissing(tool: ExternalTool.postgres.name)
            }
            let name = "gamepack_test_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))"
            try await Self.adminQuery(admin, "CREATE DATABASE \(name)")
            let location = StoreLocation.postgres(url: Self.url(admin, database: name))
            return StoreFixture(store: try await location.open(), location: location, directory: directory, databaseName: name)
        }
    }

    /// `admin` with another database name.
    static func url(_ admin: String, database: String) -> String {
        var components = URLComponents(string: admin)!
        components.path = "/" + database
        return components.string!
    }

    static func adminQuery(_ admin: String, _ sql: String) async throws {
        let store = try PostgresStore(url: admin)
        defer { Task { await store.close() } }
        try await store.client.query(PostgresQuery(unsafeSQL: sql))
        await store.close()
    }

    /// Closes the store and removes its files or database.
    func tearDown() async {
        await store.close()
        if let databaseName, let admin = StoreKind.postgresURL {
            try? await Self.adminQuery(admin, "DROP DATABASE IF EXISTS \(databaseName) WITH (FORCE)")
        }
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Packs made directly with the format module: small, signed, with a gohike `content.json`.
struct TestPacks {
    let key = MinisignSecretKey.generate()
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gamepack-packs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// A written pack and what a publisher knows about it.
    struct Pack {
        var url: URL
        var signature: String
        var sha256: String
        var size: Int64
        var manifest: PackManifest
        var manifestSHA256: String
        var content: Data
    }

    /// A gohike-shaped content file whose version is the MD5 of its profiles, as the target makes it.
    static func content(_ name: String, padding: Int = 0) -> Data {
        let profiles =
            #"[{"id":1,"name_en":"\#(name)","name_nl":"\#(name)","description_en":"\#(String(repeating: "walk ", count: padding))"}]"#
        let version = Digest.md5Hex(Data(profiles.utf8))
        return Data(#"{"version":"\#(version)","profiles":\#(profiles)}"#.utf8)
    }

    func make(
        project: String = "gohike-amsterdam", sequence: Int64, name: String, padding: Int = 200, extra: [String: Data] = [:],
        compressExtra: Bool = false, minimumClientFormat: Int? = nil
    )
        throws -> Pack
    {
        let content = Self.content(name, padding: padding)
        let object = try JSONSerialization.jsonObject(with: content) as! [String: Any]
        let gohikeVersion = object["version"] as! String
        var files = [
            PackManifest.File(
                path: "gohike/content.json", size: Int64(content.count), sha256: Digest.sha256Hex(content),
                md5: Digest.md5Hex(content))
        ]
        var entries = [PackArchive.Entry(path: "gohike/content.json", source: .data(content), compress: true)]
        for (path, data) in extra.sorted(by: { $0.key < $1.key }) {
            files.append(
                PackManifest.File(path: path, size: Int64(data.count), sha256: Digest.sha256Hex(data), md5: Digest.md5Hex(data)))
            entries.append(PackArchive.Entry(path: path, source: .data(data), compress: compressExtra))
        }
        files.sort { $0.path < $1.path }
        let manifest = PackManifest(
            project: project, name: "Test", version: gohikeVersion, versions: ["gohike": gohikeVersion], sequence: sequence,
            created: "2026-01-01T00:00:00Z", locales: ["en", "nl"], targets: ["gohike"], files: files,
            minimumClientFormat: minimumClientFormat)
        let url = folder.appendingPathComponent("\(project)-\(gohikeVersion)-\(sequence).gamepack")
        try? FileManager.default.removeItem(at: url)
        let digest = try PackArchive.write(
            manifest: manifest, entries: entries, modificationDate: Date(timeIntervalSince1970: 1_700_000_000), to: url)
        let signature = try Minisign.sign(
            blake2bDigest: digest, with: key,
            trustedComment: "gamepack project=\(project) version=\(gohikeVersion) sequence=\(sequence) file=\(manifest.fileName)")
        let data = try Data(contentsOf: url)
        return Pack(
            url: url, signature: signature.fileContents, sha256: Digest.sha256Hex(data), size: Int64(data.count),
            manifest: manifest, manifestSHA256: Digest.sha256Hex(try manifest.encoded()), content: content)
    }

    /// A signed pointer for `pack` on `channel`.
    func pointer(
        _ pack: Pack, channel: String, sequence: Int64? = nil, expires: Date? = nil, key: MinisignSecretKey? = nil
    ) throws -> SignedPointer {
        let pointer = ChannelPointer(
            project: pack.manifest.project, channel: channel, sequence: sequence ?? pack.manifest.sequence,
            version: pack.manifest.version, pack: pack.sha256, size: pack.size, manifest: pack.manifestSHA256,
            created: ChannelPointer.formatTime(Date()), expires: expires.map(ChannelPointer.formatTime))
        return try SignedPointer.sign(pointer, with: key ?? self.key)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
