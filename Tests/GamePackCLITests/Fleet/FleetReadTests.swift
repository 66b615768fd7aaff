import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

extension FleetTests {
    /// Any instance answers anything: a publish through one instance is what the others serve at
    /// once, though their caches would keep the old view for a minute (`--cache-seconds 60`): only
    /// the change feed (PostgreSQL `LISTEN/NOTIFY`) can tell them. An instance whose cache folder
    /// is deleted keeps serving.
    @Suite(
        "A fleet: a publish through one instance is read at once through the others",
        .serialized,
        .tags(.postgres, .nginx), .requires(.postgres, .nginx))
    struct FleetReadTests {
        @Test(
            "publish through instance 1, read through 2 and 3 at once: the pointer, the pack, a content query; then without a cache folder"
        )
        func readAfterPublish() async throws {
            let admin = try #require(PostgresCluster.sharedURL, "GAMEPACK_TEST_POSTGRES_URL is not set")
            let packs = try await FleetPacks()
            // Each instance has a data folder and a blob cache of its own: nothing is shared but the database.
            let fleet = try await packs.fleet(
                admin: admin, options: ["--cache-seconds", "60", "--drain-seconds", "0"],
                dataFolder: { "data\($0 + 1)" }, instanceOptions: { ["--cache-dir", "cache\($0 + 1)", "--cache-size", "64M"] })
            defer { fleet.stopAll() }
            let route = "/v1/projects/\(FleetPacks.project)/channels/production/collections/routes/1?locale=en"
            let pointer = "/v1/channels/\(FleetPacks.project)/production.json"

            // Instances 2 and 3 read v1 and keep it in their caches.
            for index in [1, 2] {
                let content = try await FleetHarness.get(fleet.url(index) + route)
                #expect(
                    content.status == 200 && String(decoding: content.body, as: UTF8.self).contains("\"\(FleetPacks.names.0)\""))
            }

            let second = try await fleet.publish(packs.v2, key: packs.secretKey, through: 0)
            try #require(second.status == 0, "\(second.stderr)")
            let sha = Digest.sha256Hex(try Data(contentsOf: packs.v2.pack))
            for index in [1, 2] {
                let head = try await FleetHarness.get(fleet.url(index) + pointer)
                #expect(head.status == 200)
                let decoded = try ChannelPointer.decode(head.body)
                #expect(decoded.sequence == 2 && decoded.pack == sha, "instance \(index + 1): \(decoded)")
                let pack = try await FleetHarness.get(fleet.url(index) + "/v1/packs/\(sha).gamepack")
                #expect(pack.status == 200 && Digest.sha256Hex(pack.body) == sha, "instance \(index + 1): the pack")
                let content = try await FleetHarness.get(fleet.url(index) + route)
                #expect(content.status == 200)
                #expect(
                    String(decoding: content.body, as: UTF8.self).contains("\"\(FleetPacks.names.1)\""),
                    "instance \(index + 1) answers the old content: \(String(decoding: content.body, as: UTF8.self))")
            }

            // Instance 3's cache folder goes (an operator's rm -rf, a new disk): it keeps serving
            // everything from the database, and caches again.
            let cache = fleet.folder.appendingPathComponent("cache3")
            #expect(FileManager.default.fileExists(atPath: cache.path), "instance 3 kept no cache")
            try FileManager.default.removeItem(at: cache)
            let manifest = try PackManifest.decode(
                try await FleetHarness.get(fleet.url(2) + "/v1/packs/\(sha).manifest.json").body)
            for _ in 0..<2 {
                let pack = try await FleetHarness.get(fleet.url(2) + "/v1/packs/\(sha).gamepack")
                #expect(pack.status == 200 && Digest.sha256Hex(pack.body) == sha, "the pack without its cache folder")
                for file in manifest.files.prefix(20) {
                    let got = try await FleetHarness.get(fleet.url(2) + "/v1/files/\(file.sha256)")
                    #expect(got.status == 200 && Digest.sha256Hex(got.body) == file.sha256, "\(file.path)")
                }
            }
            let ready = try await FleetHarness.get(fleet.url(2) + "/ready")
            #expect(ready.status == 200, "\(String(decoding: ready.body, as: UTF8.self))")
        }
    }
}
