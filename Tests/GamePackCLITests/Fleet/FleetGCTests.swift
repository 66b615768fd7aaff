import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

extension FleetTests {
    /// `gamepack serve gc` with a one-second retention, run again and again while a 60 MB pack
    /// is published: the publish's chunks are protected by its registered upload, and a new
    /// pack by its row's age until a channel points at it. Afterwards everything a channel
    /// needs is there, and an uploaded pack no channel names is gone with the files only it had.
    @Suite(
        "A fleet: gc while a publish runs", .serialized, .tags(.postgres, .nginx), .requires(.postgres, .nginx))
    struct FleetGCTests {
        @Test("gc --retention 1s during a 60 MB publish: the channels keep all they need, an unreferenced pack goes")
        func gcDuringPublish() async throws {
            let admin = try #require(PostgresCluster.sharedURL, "GAMEPACK_TEST_POSTGRES_URL is not set")
            let curl = try #require(ExternalTool.executable("curl"), "curl is missing: apt-get install curl")
            let packs = try await FleetPacks()
            let big = try await packs.big(imageBytes: 60_000_000, sequence: 1)
            let fleet = try await packs.fleet(
                admin: admin, options: ["--drain-seconds", "0"], dataFolder: { "data\($0 + 1)" })
            defer { fleet.stopAll() }
            let v1 = Digest.sha256Hex(try Data(contentsOf: packs.v1.pack))
            let orphan = Digest.sha256Hex(try Data(contentsOf: packs.v2.pack))
            let bigSHA = try await offPool { try Digest.file(at: big.pack).sha256 }

            // v2 uploaded, but no channel ever points at it.
            let signature = try Data(contentsOf: packs.v2.signature).base64EncodedString()
            let uploaded = try await CommandRunner.runOffPool(
                curl,
                [
                    "-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "PUT", "--data-binary", "@\(packs.v2.pack.path)",
                    "-H", "Authorization: Bearer \(fleet.token)", "-H", "Gamepack-Signature: \(signature)",
                    fleet.url(0) + "/v1/packs/\(orphan).gamepack",
                ])
            try #require(uploaded.stdout == "201", "the upload of v2: \(uploaded.stdout) \(uploaded.stderr)")
            let onlyInOrphan = Set(packs.v2.manifest.files.map(\.sha256)).subtracting(packs.v1.manifest.files.map(\.sha256))
            try #require(!onlyInOrphan.isEmpty)
            try await Task.sleep(for: .milliseconds(1500))

            // The big publish through instance 2, with gc through the database meanwhile.
            let publish = try fleet.startPublish(big, key: packs.secretKey, through: 1)
            let gc = ["serve", "gc", "--retention", "1s", "--data", "data3", "--database", fleet.database]
            var runs: [CommandResult] = []
            while publish.isRunning {
                let run = try await CommandRunner.runOffPool(TestPaths.gamepackBinary, gc, in: fleet.folder)
                #expect(run.status == 0, "\(run.stderr)")
                runs.append(run)
            }
            let status = try await offPool { () -> Int32 in
                publish.waitUntilExit()
                return publish.terminationStatus
            }
            #expect(status == 0, "the publish beside gc")
            #expect(runs.count >= 2, "gc ran \(runs.count) times during the publish")
            runs.append(try await CommandRunner.runOffPool(TestPaths.gamepackBinary, gc, in: fleet.folder))
            let removed = runs.map(\.stdout).joined()
            #expect(removed.contains("removed v1/packs/\(orphan).gamepack"), "\(removed)")
            #expect(!removed.contains(bigSHA) && !removed.contains(v1), "gc removed what a channel needs: \(removed)")

            // What the channels need is whole, through an instance that did not publish.
            let pointer = try await FleetHarness.get(fleet.url(2) + "/v1/channels/\(big.manifest.project)/production.json")
            #expect(pointer.status == 200)
            #expect(try ChannelPointer.decode(pointer.body).pack == bigSHA)
            for (sha, manifest) in [(bigSHA, big.manifest), (v1, packs.v1.manifest)] {
                let pack = try await FleetHarness.get(fleet.url(2) + "/v1/packs/\(sha).gamepack")
                #expect(pack.status == 200 && Digest.sha256Hex(pack.body) == sha, "pack \(sha)")
                for file in manifest.files {
                    let got = try await FleetHarness.get(fleet.url(2) + "/v1/files/\(file.sha256)")
                    #expect(got.status == 200, "\(file.path) of \(manifest.project)")
                }
            }
            // The orphan is gone, with the files only it had.
            #expect(try await FleetHarness.get(fleet.url(2) + "/v1/packs/\(orphan).gamepack").status == 404)
            #expect(try await FleetHarness.get(fleet.url(2) + "/v1/packs/\(orphan).manifest.json").status == 404)
            for sha in onlyInOrphan {
                #expect(try await FleetHarness.get(fleet.url(2) + "/v1/files/\(sha)").status == 404, "file \(sha)")
            }
            let verify = try await CommandRunner.runOffPool(
                TestPaths.gamepackBinary, ["serve", "gc", "--verify", "--data", "data3", "--database", fleet.database],
                in: fleet.folder)
            #expect(verify.status == 0 && verify.stdout.contains("0 damaged blobs"), "\(verify.stdout)\(verify.stderr)")
        }
    }
}
