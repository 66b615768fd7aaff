import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

extension FleetTests {
    /// An instance dies (`kill -9`) while it stores a 200 MB pack in PostgreSQL's chunks. The
    /// blob rows are written only once every chunk is in, and the pack row last, so no instance
    /// ever serves half of it; the publisher retries through another instance and succeeds.
    @Suite(
        "A fleet: an instance killed in the middle of a 200 MB upload", .serialized, .tags(.postgres, .nginx),
        .requires(.postgres, .nginx))
    struct FleetUploadKillTests {
        @Test("kill -9 the instance storing a 200 MB publish: nothing of it is served; retried through another, it is whole")
        func killMidUpload() async throws {
            let admin = try #require(PostgresCluster.sharedURL, "GAMEPACK_TEST_POSTGRES_URL is not set")
            let packs = try await FleetPacks()
            let big = try await packs.big(imageBytes: 215_000_000, sequence: 1)
            let sha = try await offPool { try Digest.file(at: big.pack).sha256 }
            let image = try #require(big.manifest.files.max { $0.size < $1.size })
            #expect(try FileManager.default.attributesOfItem(atPath: big.pack.path)[.size] as! Int > 200_000_000)
            let fleet = try await packs.fleet(
                admin: admin, options: ["--drain-seconds", "0"], dataFolder: { "data\($0 + 1)" })
            defer { fleet.stopAll() }
            let database = fleet.database
            let before = try Int(PostgresCluster.value(database, "SELECT count(*) FROM blob_chunks")) ?? 0

            let output = fleet.folder.appendingPathComponent("publish.log")
            let publish = try fleet.startPublish(big, key: packs.secretKey, through: 0, log: output)
            // Mid-upload: instance 1 has stored 40 of the ~400 chunks the image and the pack take.
            let victim = try #require(fleet.instances[0]).process.processIdentifier
            let stored = try await offPool { () throws -> Int in
                let deadline = Date().addingTimeInterval(180)
                while Date() < deadline && publish.isRunning {
                    let count = (Int(try PostgresCluster.value(database, "SELECT count(*) FROM blob_chunks")) ?? 0) - before
                    if count >= 40 {
                        kill(victim, SIGKILL)
                        return count
                    }
                    usleep(50_000)
                }
                return -1
            }
            try #require(stored >= 40, "the publish ended before instance 1 could be killed mid-upload")
            let status = try await offPool { () -> Int32 in
                publish.waitUntilExit()
                return publish.terminationStatus
            }
            let log = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            #expect(status != 0, "the publish cannot have succeeded with 40 chunks stored: \(log)")

            // Nothing of it is served: not the pack, not its image, no channel pointer.
            let pointer = "/v1/channels/\(big.manifest.project)/production.json"
            for index in [1, 2] {
                #expect(try await FleetHarness.get(fleet.url(index) + "/v1/packs/\(sha).gamepack").status == 404)
                #expect(try await FleetHarness.get(fleet.url(index) + "/v1/files/\(image.sha256)").status == 404)
                #expect(try await FleetHarness.get(fleet.url(index) + pointer).status == 404)
            }

            // Retried through instance 2, it succeeds; instance 3 serves it whole at once.
            let retried = try await fleet.publish(big, key: packs.secretKey, through: 1)
            try #require(retried.status == 0, "\(retried.stderr)")
            let head = try await FleetHarness.get(fleet.url(2) + pointer)
            #expect(head.status == 200)
            #expect(try ChannelPointer.decode(head.body).pack == sha)
            let pack = try await FleetHarness.get(fleet.url(2) + "/v1/packs/\(sha).gamepack")
            #expect(pack.status == 200 && Digest.sha256Hex(pack.body) == sha, "the pack through instance 3")
            let file = try await FleetHarness.get(fleet.url(2) + "/v1/files/\(image.sha256)")
            #expect(file.status == 200 && Digest.sha256Hex(file.body) == image.sha256, "the image through instance 3")
            let verify = try await CommandRunner.runOffPool(
                TestPaths.gamepackBinary, ["serve", "gc", "--verify", "--data", "data2", "--database", database],
                in: fleet.folder)
            #expect(verify.status == 0 && verify.stdout.contains("0 damaged blobs"), "\(verify.stdout)\(verify.stderr)")
        }
    }
}
