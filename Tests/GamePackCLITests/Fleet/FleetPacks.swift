import Foundation
import GamePackFormat
import GamePackTestSupport

/// What every fleet test starts from: a signed gohike-amsterdam pack (and a second with route 1
/// renamed), the key files, and the admin URL of a PostgreSQL cluster.
struct FleetPacks {
    let temp: TemporaryDirectory
    let v1: TestPacks.Built
    let v2: TestPacks.Built
    /// The secret key file for `gamepack publish --key`, and the public one for `--trusted-key`.
    let secretKey: URL
    let publicKey: URL
    static let project = "gohike-amsterdam"
    /// Route 1's English name in v1 and in v2.
    static let names = ("Green Trail", "Green Trail Fleet")

    init() async throws {
        temp = try TemporaryDirectory()
        let key = MinisignSecretKey.generate()
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
    /// with v1 published through instance 1.
    func fleet(admin: String, options: [String]) throws -> FleetHarness {
        let fleet = try FleetHarness(
            database: try PostgresCluster.freshDatabase(admin: admin), in: temp.url,
            options: ["--trusted-key", publicKey.path] + options)
        let published = try fleet.publish(v1, key: secretKey, through: 0)
        guard published.status == 0 else { throw TestPackError(description: "publish v1: \(published.stderr)") }
        return fleet
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
