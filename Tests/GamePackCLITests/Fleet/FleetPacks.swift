import Foundation
import GamePackFormat
import GamePackTestSupport

/// What every fleet test starts from: a signed gohike-amsterdam pack (and a second with route 1
/// renamed), the key files, and the admin URL of a PostgreSQL cluster.
struct FleetPacks: Sendable {
    let temp: TemporaryDirectory
    let v1: TestPacks.Built
    let v2: TestPacks.Built
    /// The secret key file for `gamepack publish --key`, and the public one for `--trusted-key`.
    let secretKey: URL
    let publicKey: URL
    let key: MinisignSecretKey
    static let project = "gohike-amsterdam"
    /// Route 1's English name in v1 and in v2.
    static let names = ("Green Trail", "Green Trail Fleet")

    init() async throws {
        temp = try TemporaryDirectory()
        let key = MinisignSecretKey.generate()
        self.key = key
        secretKey = try temp.write(key.fileContents, to: "release.key")
        chmod(secretKey.path, 0o600)
        publicKey = try temp.write(key.publicKey.fileContents, to: "release.pub")
        let source = TestPaths.example("gohike-amsterdam")
        v1 = try await TestPacks.build(source, out: temp.url.appendingPathComponent("out1"), key: key, sequence: 1)
        let changed = try temp.copy(source, as: "project2")
        let route = changed.appendingPathComponent("content/routes/1.yaml")
        let text = try String(contentsOf: route, encoding: .utf8).replacingOccurrences(
            of: "\"\(Self.names.0)\"", with: "\"\(Self.names.1)\"")
        try Data(text.utf8).write(to: route)
        v2 = try await TestPacks.build(changed, out: temp.url.appendingPathComponent("out2"), key: key, sequence: 2)
    }

    /// A fleet of three on a fresh database of the cluster at `admin`, trusting the release key,
    /// with v1 published through instance 1. `dataFolder` names instance i's `--data` folder,
    /// `instanceOptions` its own options.
    func fleet(
        admin: String, options: [String], dataFolder: @escaping @Sendable (Int) -> String = { _ in "data" },
        instanceOptions: @escaping @Sendable (Int) -> [String] = { _ in [] }
    ) async throws -> FleetHarness {
        let folder = temp.url
        let options = ["--trusted-key", publicKey.path] + options
        let fleet = try await offPool {
            try FleetHarness(
                database: try PostgresCluster.freshDatabase(admin: admin), in: folder, dataFolder: dataFolder,
                options: options, instanceOptions: instanceOptions)
        }
        let published = try await fleet.publish(v1, key: secretKey, through: 0)
        guard published.status == 0 else { throw TestPackError(description: "publish v1: \(published.stderr)") }
        return fleet
    }

    /// A signed pack of `benchmarks/generate.py`'s project (`benchmark-1`) whose one image is about
    /// `imageBytes` of incompressible bytes, built with the release key at `sequence`.
    func big(imageBytes: Int, sequence: Int64) async throws -> TestPacks.Built {
        let project = temp.url.appendingPathComponent("big-\(sequence)")
        let generated = try await CommandRunner.runOffPool(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", TestPaths.repoRoot.appendingPathComponent("benchmarks/generate.py").path, project.path,
                "--items", "100", "--images", "1", "--image-bytes", "\(imageBytes)", "--seed", "\(sequence)", "--force",
            ])
        guard generated.status == 0 else { throw TestPackError(description: "generate.py: \(generated.stderr)") }
        // A budget the one big image fits (lint's default is 5 MB an asset).
        let config = project.appendingPathComponent("gamepack.yaml")
        try Data((try String(contentsOf: config, encoding: .utf8) + "lint:\n  max_asset_bytes: \(imageBytes * 2)\n").utf8)
            .write(to: config)
        return try await TestPacks.build(
            project, out: temp.url.appendingPathComponent("big-out-\(sequence)"), key: key, sequence: sequence)
    }

    /// The paths a load asks for: the pointer, the pack's manifest and a content query.
    var loadPaths: [String] {
        [
            "/v1/channels/\(Self.project)/production.json",
            "/v1/packs/\(Digest.sha256Hex(try! Data(contentsOf: v1.pack))).manifest.json",
            "/v1/projects/\(Self.project)/channels/production/collections/routes/1?locale=en",
        ]
    }
}
