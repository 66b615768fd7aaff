import Foundation
import GamePackClient
import GamePackFormat
import GamePackTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Adoption reports of opted-in clients, counted by a real `gamepack serve` and listed by
/// `gamepack history --adoption`.
@Suite("Client adoption reports", .serialized)
struct ClientAdoptionTests {
    /// A client of `baseURL` that reports adoption when `reports` is set.
    func client(
        _ fixture: ClientFixture, _ baseURL: URL, storage: String, now: Date = Date(), reports: Bool = true
    ) async -> GamePackClient {
        var configuration = await fixture.client(baseURL, storage: storage, now: now).configuration
        configuration.reportsAdoption = reports
        return GamePackClient(configuration: configuration)
    }

    /// The server's figures for today, as `version: installs`.
    func today(_ server: ContentServer) async throws -> [String: Int64] {
        let figures = try await Self.figures(server)
        #expect(figures.figures.count <= 1, "only today has reports")
        return (figures.figures.first?.versions ?? []).reduce(into: [:]) { $0[$1.version] = $1.installs }
    }

    static func figures(_ server: ContentServer) async throws -> AdoptionFigures {
        let url = server.baseURL.appendingPathComponent(
            AdoptionReport.path(project: ClientFixture.project, channel: ClientFixture.channel))
        let (data, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(String(decoding: data, as: UTF8.self))")
        return try JSONDecoder().decode(AdoptionFigures.self, from: data)
    }

    func record(_ fixture: ClientFixture, _ storage: String) -> String? {
        (try? Data(contentsOf: fixture.temp.url.appendingPathComponent("\(storage)/adoption-reported")))
            .map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(
        "clients that did not opt in send nothing; opted-in ones are counted once per day per version; history --adoption lists them"
    )
    func countsPerVersion() async throws {
        let fixture = try await ClientFixture()
        let support = ClientServerTests()
        let key = try support.keyFile(fixture, fixture.key)
        let server = try support.server(fixture, trusting: [fixture.publicKeyFile])
        defer { server.stop() }
        #expect(try server.publish(fixture.v1, key: key).status == 0)
        let (v1, v2) = (fixture.v1.manifest.version, fixture.v2.manifest.version)

        for storage in ["quiet-1", "quiet-2"] {
            let quiet = await client(fixture, server.baseURL, storage: storage, reports: false)
            #expect(try await quiet.update().updated)
            #expect(try await quiet.check() == .upToDate(sequence: 1))
            #expect(record(fixture, storage) == nil)
        }
        #expect(try await Self.figures(server).figures.isEmpty, "clients that did not opt in reported")

        for storage in ["a", "b", "c"] {
            #expect(try await client(fixture, server.baseURL, storage: storage).update().updated)
        }
        #expect(try await today(server) == [v1: 3])
        // Later checks the same day, by the same or a new process, add nothing.
        for storage in ["a", "b", "c"] {
            let again = await client(fixture, server.baseURL, storage: storage)
            #expect(try await again.check() == .upToDate(sequence: 1))
            #expect(try await !again.update().updated)
        }
        #expect(try await today(server) == [v1: 3])

        // A new version is reported the day it is installed.
        #expect(try server.publish(fixture.v2, key: key).status == 0)
        #expect(try await client(fixture, server.baseURL, storage: "a").update().content.version == v2)
        #expect(try await client(fixture, server.baseURL, storage: "a").check() == .upToDate(sequence: 2))
        #expect(try await today(server) == [v1: 3, v2: 1])

        // The next day (by the client's clock) the same install reports again: once.
        let tomorrow = Date().addingTimeInterval(86_400)
        let nextDay = await client(fixture, server.baseURL, storage: "b", now: tomorrow)
        guard case .available = try await nextDay.check() else { throw TestPackError(description: "v2 is not offered") }
        _ = try await nextDay.check()
        #expect(try await today(server) == [v1: 4, v2: 1])
        #expect(record(fixture, "b")?.contains(AdoptionReport.day(of: tomorrow)) == true)
        #expect(try await Self.figures(server).figures.first?.versions.allSatisfy { $0.buckets == nil } == true)

        try historyCommand(server, v1: v1, v2: v2)
    }

    /// `gamepack history --adoption`: the table, its note within 80 columns, and the JSON.
    func historyCommand(_ server: ContentServer, v1: String, v2: String) throws {
        let arguments = ["history", "--server", server.baseURL.absoluteString, "--channel", "production", "--adoption"]
        let text = try CommandRunner.gamepack(arguments, in: server.folder)
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "gohike-amsterdam/production: installs per version per day, the last 30 days")
        let rows = lines.dropFirst(2).prefix { !$0.isEmpty }.map { $0.split(separator: " ").map(String.init) }
        let day = AdoptionReport.day(of: Date())
        #expect(rows == [[day, v1, "4", "80.0%"], [day, v2, "1", "20.0%"]], "\(text.stdout)")
        #expect(lines[1].split(separator: " ") == ["DAY", "VERSION", "INSTALLS", "SHARE"])
        #expect(text.stdout.contains("opted into adoption figures"))
        #expect(text.stdout.contains("once per UTC day and version"))
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(text.stdout)")

        let json = try CommandRunner.gamepack(arguments + ["--format", "json", "--days", "2"], in: server.folder)
        #expect(json.status == 0, "\(json.stderr)")
        let figures = try JSONDecoder().decode(AdoptionFigures.self, from: Data(json.stdout.utf8))
        #expect(figures.days == 2 && figures.figures.map(\.day) == [day])
        #expect(figures.figures.first?.versions.map(\.installs) == [4, 1])

        let bad = try CommandRunner.gamepack(arguments + ["--days", "0"], in: server.folder)
        #expect(bad.status != 0 && bad.stderr.contains("--days"), "\(bad.stderr)")
    }

    @Test("during a rollout each install reports its bucket for the rollout's pack, and never its install id")
    func rolloutBuckets() async throws {
        let fixture = try await ClientFixture()
        let support = ClientServerTests()
        let key = try support.keyFile(fixture, fixture.key)
        let server = try support.server(fixture, trusting: [fixture.publicKeyFile])
        defer { server.stop() }
        #expect(try server.publish(fixture.v1, key: key).status == 0)
        let head = try await Self.pointer(server)
        #expect(try server.publish(fixture.v2, key: key).status == 0)
        let next = try await Self.pointer(server)
        // v1 stays the pointer's pack; v2 goes to half of the installs.
        let rollout = ChannelPointer(
            project: head.project, channel: head.channel, sequence: next.sequence + 1, version: head.version, pack: head.pack,
            size: head.size, manifest: head.manifest, created: ChannelPointer.formatTime(Date()),
            rollout: ChannelRollout(pack: next.head, percentage: 50))
        try await Self.put(try SignedPointer.sign(rollout, with: fixture.key), to: server)

        var expected: [String: [Int: Int64]] = [:]
        for index in 0..<8 {
            let installed = try await client(fixture, server.baseURL, storage: "r\(index)").update().content
            let id = try String(
                contentsOf: fixture.temp.url.appendingPathComponent("r\(index)/install-id"), encoding: .utf8
            ).trimmingCharacters(in: .whitespacesAndNewlines)
            let bucket = ChannelRollout.bucket(installID: id, version: next.version)
            #expect(installed.version == (bucket < 50 ? next.version : head.version))
            expected[installed.version, default: [:]][bucket, default: 0] += 1
        }
        let versions = try #require(try await Self.figures(server).figures.first).versions
        let reported = versions.reduce(into: [String: [Int: Int64]]()) { result, version in
            result[version.version] = (version.buckets ?? []).reduce(into: [:]) { $0[$1.bucket] = $1.installs }
        }
        #expect(reported == expected)
        #expect(versions.reduce(0) { $0 + $1.installs } == 8)
    }

    static func pointer(_ server: ContentServer) async throws -> ChannelPointer {
        let url = server.baseURL.appendingPathComponent(
            PublishLayout.channelPointer(project: ClientFixture.project, channel: ClientFixture.channel))
        return try ChannelPointer.decode(try await URLSession.shared.data(from: url).0)
    }

    static func put(_ signed: SignedPointer, to server: ContentServer) async throws {
        var request = URLRequest(
            url: server.baseURL.appendingPathComponent(
                PublishLayout.channelPointer(project: ClientFixture.project, channel: ClientFixture.channel)))
        request.httpMethod = "PUT"
        request.setValue("Bearer \(server.token)", forHTTPHeaderField: "Authorization")
        request.httpBody = try JSONEncoder().encode(PointerUpload(signed, action: "publish"))
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 201, "\(String(decoding: data, as: UTF8.self))")
    }

    @Test(
        "a static tree gets no report: file: never, and a host that answers 404 once a day, the update unharmed",
        .tags(.nginx), .requires(.nginx))
    func staticTrees() async throws {
        let fixture = try await ClientFixture()
        try fixture.publish(fixture.v1)
        let local = await client(fixture, fixture.site, storage: "file")
        #expect(try await local.update().updated)
        #expect(try await local.check() == .upToDate(sequence: 1))
        #expect(record(fixture, "file") == nil)

        let nginx = try Nginx(root: fixture.site)
        defer { nginx.stop() }
        #expect(try await client(fixture, nginx.baseURL, storage: "quiet", reports: false).update().updated)
        #expect(!nginx.requests().contains { $0.hasPrefix("POST") }, "a client that did not opt in posted")
        let opted = await client(fixture, nginx.baseURL, storage: "opted")
        #expect(try await opted.update().updated)
        #expect(try await opted.check() == .upToDate(sequence: 1))
        let posts = nginx.requests().filter { $0.hasPrefix("POST") }
        #expect(posts.count == 1, "\(posts)")
        #expect(posts.first?.contains("/v1/projects/gohike-amsterdam/channels/production/adoption") == true)
        #expect(record(fixture, "opted")?.contains(AdoptionReport.day(of: Date())) == true)
    }
}
