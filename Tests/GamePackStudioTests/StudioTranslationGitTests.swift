import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

/// The translator's API and git, over HTTP.
@Suite("gamepack studio: translations and git", .serialized)
struct StudioTranslationGitTests {
    @Test("missing Dutch texts are listed with the English; a translation or an 'identical' mark takes them off")
    func translations() async throws {
        let studio = try await StudioHarness { project in
            let file = project.appendingPathComponent("content/locations/2.yaml")
            let text = try String(contentsOf: file, encoding: .utf8)
                .replacingOccurrences(of: "  nl: \"Liberal Jewish Community Synagogue\"\n", with: "")
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        defer { studio.stop() }
        let listed = try studio.send("GET", "/api/translations?type=locations")
        #expect(listed.status == 200)
        let missing = listed.json["texts"]?.arrayForTests.first { $0["unit"]?.stringForTests == "locations/2/name" }
        #expect(missing?["status"]?.stringForTests == "missing")
        #expect(missing?["source"]?.stringForTests == "Synagoge Liberaal Joodse Gemeente")

        let put = try studio.send(
            "PUT", "/api/translations",
            json: .object([
                "unit": .string("locations/2/name"), "locale": .string("nl"),
                "text": .string("Synagoge van de Liberaal Joodse Gemeente"),
            ]))
        #expect(put.status == 200, "\(put.body)")
        let file = try studio.file("content/locations/2.yaml")
        #expect(file.contains("nl: \"Synagoge van de Liberaal Joodse Gemeente\""))
        #expect(file.contains("gamepack:source nl="))
        let after = try studio.send("GET", "/api/translations?type=locations")
        #expect(after.json["texts"]?.arrayForTests.contains { $0["unit"]?.stringForTests == "locations/2/name" } == false)

        let identical = try studio.send(
            "PUT", "/api/translations",
            json: .object(["unit": .string("locations/2/name"), "locale": .string("nl"), "identical": .bool(true)]))
        #expect(identical.status == 200, "\(identical.body)")
        #expect(try studio.file("content/locations/2.yaml").contains(":approved"))
        let unknown = try studio.send(
            "PUT", "/api/translations",
            json: .object(["unit": .string("locations/2/nope"), "locale": .string("nl"), "text": .string("x")]))
        #expect(unknown.status == 404)
        #expect(try studio.send("GET", "/api/translations?type=nope").status == 400)
    }

    @Test(
        "git: a project that is no repository still saves; in one, status shows the domain diff and commit goes to a new branch",
        .enabled(if: CommandRunner.which("git") != nil || ContinuousIntegration.isOn, "git is missing (apt-get install git)"))
    func git() async throws {
        let plain = try await StudioHarness()
        let status = try plain.send("GET", "/api/git/status")
        #expect(status.status == 200)
        #expect(status.json["repository"] == .bool(false))
        #expect(try plain.send("POST", "/api/git/commit", json: .object(["message": .string("x")])).status == 409)
        plain.stop()

        let studio = try await StudioHarness { project in
            for arguments in [
                ["init", "-q", "-b", "main"], ["config", "user.email", "studio@example.com"],
                ["config", "user.name", "Studio Test"],
                ["add", "-A"], ["commit", "-q", "-m", "start"],
            ] {
                let result = try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", project.path] + arguments)
                #expect(result.status == 0, "\(result.stderr)")
            }
        }
        defer { studio.stop() }
        let item = try studio.send("GET", "/api/items/locations/1").json
        let values = item["values"]!.setting("name", item["values"]!["name"]!.setting("en", .string("RAI Amsterdam")))
        #expect(
            try studio.send("PUT", "/api/items/locations/1", json: .object(["values": values, "version": item["version"]!]))
                .status == 200)
        let changed = try studio.send("GET", "/api/git/status")
        #expect(changed.json["files"]?.arrayForTests.compactMap { $0["path"]?.stringForTests } == ["content/locations/1.yaml"])
        #expect(changed.json["diff"]?.textForTests.contains("RAI Amsterdam") == true, "\(changed.body)")
        let bad = try studio.send(
            "POST", "/api/git/commit", json: .object(["message": .string("x"), "branch": .string("no..good")]))
        #expect(bad.status == 400)
        #expect(bad.error("field") == .string("branch"))
        let committed = try studio.send(
            "POST", "/api/git/commit",
            json: .object(["message": .string("Rename the RAI"), "branch": .string("studio/rename-rai")]))
        #expect(committed.status == 201, "\(committed.body)")
        #expect(committed.json["branch"]?.stringForTests == "studio/rename-rai")
        let log = try CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", studio.project.path, "log", "-1", "--format=%s"])
        #expect(log.stdout == "Rename the RAI\n")
        #expect(try studio.send("GET", "/api/git/status").json["files"]?.arrayForTests.isEmpty == true)
    }
}
