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
        let listed = try await studio.send("GET", "/api/translations?type=locations")
        #expect(listed.status == 200)
        let missing = listed.json["texts"]?.arrayForTests.first { $0["unit"]?.stringForTests == "locations/2/name" }
        #expect(missing?["status"]?.stringForTests == "missing")
        #expect(missing?["source"]?.stringForTests == "Synagoge Liberaal Joodse Gemeente")

        let put = try await studio.send(
            "PUT", "/api/translations",
            json: .object([
                "unit": .string("locations/2/name"), "locale": .string("nl"),
                "text": .string("Synagoge van de Liberaal Joodse Gemeente"),
            ]))
        #expect(put.status == 200, "\(put.body)")
        let file = try studio.file("content/locations/2.yaml")
        #expect(file.contains("nl: \"Synagoge van de Liberaal Joodse Gemeente\""))
        #expect(file.contains("gamepack:source nl="))
        let after = try await studio.send("GET", "/api/translations?type=locations")
        #expect(after.json["texts"]?.arrayForTests.contains { $0["unit"]?.stringForTests == "locations/2/name" } == false)

        let identical = try await studio.send(
            "PUT", "/api/translations",
            json: .object(["unit": .string("locations/2/name"), "locale": .string("nl"), "identical": .bool(true)]))
        #expect(identical.status == 200, "\(identical.body)")
        #expect(try studio.file("content/locations/2.yaml").contains(":approved"))
        let unknown = try await studio.send(
            "PUT", "/api/translations",
            json: .object(["unit": .string("locations/2/nope"), "locale": .string("nl"), "text": .string("x")]))
        #expect(unknown.status == 404)
        #expect(try await studio.send("GET", "/api/translations?type=nope").status == 400)
    }

    @Test("the translator's list: identical and stale texts too, for one collection or all; each leaves it when handled")
    func identicalAndStale() async throws {
        let studio = try await StudioHarness { project in
            let file = project.appendingPathComponent("content/locations/1.yaml")
            let text = try String(contentsOf: file, encoding: .utf8)
                .replacingOccurrences(of: "nl: \"RAI Congrescentrum\"", with: "nl: \"RAI Congress Center\"")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let route = project.appendingPathComponent("content/routes/1.yaml")
            try String(contentsOf: route, encoding: .utf8).replacingOccurrences(of: "Groene Pad", with: "Green Trail")
                .write(to: route, atomically: true, encoding: .utf8)
        }
        defer { studio.stop() }
        func listed(_ query: String = "") async throws -> [String: JSONValue] {
            let answer = try await studio.send("GET", "/api/translations\(query)")
            #expect(answer.status == 200, "\(answer.body)")
            var byUnit: [String: JSONValue] = [:]
            for text in answer.json["texts"]?.arrayForTests ?? [] { byUnit[text["unit"]!.stringForTests!] = text }
            return byUnit
        }
        let all = try await listed()
        #expect(all["locations/1/name"]?["status"]?.stringForTests == "identical")
        #expect(all["locations/1/name"]?["source"]?.stringForTests == "RAI Congress Center")
        #expect(all["locations/1/name"]?["locale"]?.stringForTests == "nl")
        #expect(all["routes/1/name"]?["status"]?.stringForTests == "identical", "all collections: \(all.keys.sorted())")
        #expect(Set(try await listed("?type=routes").values.compactMap { $0["type"]?.stringForTests }) == ["routes"])

        // Marked intentionally identical: the `:approved` state `l10n` keeps; off the list.
        let marked = try await studio.send(
            "PUT", "/api/translations",
            json: .object(["unit": .string("locations/1/name"), "locale": .string("nl"), "identical": .bool(true)]))
        #expect(marked.status == 200, "\(marked.body)")
        #expect(try studio.file("content/locations/1.yaml").contains("nl: \"RAI Congress Center\"  # gamepack:source nl="))
        #expect(try studio.file("content/locations/1.yaml").contains(":approved"))
        #expect(try await listed()["locations/1/name"] == nil)

        // A translation made, then the English changed: stale, with the new English beside it.
        let unit: JSONValue = .string("locations/2/name")
        #expect(
            try await studio.send(
                "PUT", "/api/translations",
                json: .object(["unit": unit, "locale": .string("nl"), "text": .string("Synagoge LJG")])
            ).status == 200)
        #expect(try await listed()["locations/2/name"] == nil)
        let item = try await studio.send("GET", "/api/items/locations/2").json
        let values = item["values"]!.setting("name", item["values"]!["name"]!.setting("en", .string("Liberal Synagogue")))
        let saved = try await studio.send(
            "PUT", "/api/items/locations/2", json: .object(["values": values, "version": item["version"]!]))
        #expect(saved.status == 200, "\(saved.body)")
        let stale = try await listed("?type=locations")["locations/2/name"]
        #expect(stale?["status"]?.stringForTests == "stale")
        #expect(stale?["source"]?.stringForTests == "Liberal Synagogue")
        #expect(stale?["translation"]?.stringForTests == "Synagoge LJG")
        #expect(
            try await studio.send(
                "PUT", "/api/translations",
                json: .object(["unit": unit, "locale": .string("nl"), "text": .string("Liberale synagoge")])
            ).status == 200)
        #expect(try await listed()["locations/2/name"] == nil)
    }

    @Test(
        "git: a project that is no repository still saves; in one, status shows the domain diff and commit goes to a new branch",
        .enabled(if: CommandRunner.which("git") != nil || ContinuousIntegration.isOn, "git is missing (apt-get install git)"))
    func git() async throws {
        let plain = try await StudioHarness()
        let status = try await plain.send("GET", "/api/git/status")
        #expect(status.status == 200)
        #expect(status.json["repository"] == .bool(false))
        let outside = try await plain.send("POST", "/api/git/commit", json: .object(["message": .string("x")]))
        #expect(outside.status == 409)
        #expect(outside.error("message")?.stringForTests?.contains("git init") == true)
        let plainItem = try await plain.send("GET", "/api/items/locations/3").json
        let renamed = plainItem["values"]!.setting("name", plainItem["values"]!["name"]!.setting("en", .string("Heinekenplein")))
        let plainSave = try await plain.send(
            "PUT", "/api/items/locations/3", json: .object(["values": renamed, "version": plainItem["version"]!]))
        #expect(plainSave.status == 200, "\(plainSave.body)")
        #expect(try plain.file("content/locations/3.yaml").contains("en: \"Heinekenplein\""))
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
        let item = try await studio.send("GET", "/api/items/locations/1").json
        let values = item["values"]!.setting("name", item["values"]!["name"]!.setting("en", .string("RAI Amsterdam")))
        #expect(
            try await studio.send(
                "PUT", "/api/items/locations/1", json: .object(["values": values, "version": item["version"]!])
            )
            .status == 200)
        let changed = try await studio.send("GET", "/api/git/status")
        #expect(changed.json["files"]?.arrayForTests.compactMap { $0["path"]?.stringForTests } == ["content/locations/1.yaml"])
        #expect(changed.json["diff"]?.textForTests.contains("RAI Amsterdam") == true, "\(changed.body)")
        let bad = try await studio.send(
            "POST", "/api/git/commit", json: .object(["message": .string("x"), "branch": .string("no..good")]))
        #expect(bad.status == 400)
        #expect(bad.error("field") == .string("branch"))
        let committed = try await studio.send(
            "POST", "/api/git/commit",
            json: .object(["message": .string("Rename the RAI"), "branch": .string("studio/rename-rai")]))
        #expect(committed.status == 201, "\(committed.body)")
        #expect(committed.json["branch"]?.stringForTests == "studio/rename-rai")
        let log = try CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", studio.project.path, "log", "-1", "--format=%s"])
        #expect(log.stdout == "Rename the RAI\n")
        #expect(try await studio.send("GET", "/api/git/status").json["files"]?.arrayForTests.isEmpty == true)

        // Without `branch`: to the current branch.
        let next = try await studio.send("GET", "/api/items/locations/1").json
        let values2 = next["values"]!.setting("name", next["values"]!["name"]!.setting("en", .string("RAI")))
        #expect(
            try await studio.send(
                "PUT", "/api/items/locations/1", json: .object(["values": values2, "version": next["version"]!])
            )
            .status == 200)
        let onBranch = try await studio.send("POST", "/api/git/commit", json: .object(["message": .string("Shorter name")]))
        #expect(onBranch.status == 201, "\(onBranch.body)")
        #expect(onBranch.json["branch"]?.stringForTests == "studio/rename-rai")
        let subjects = try CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", studio.project.path, "log", "--format=%s", "studio/rename-rai"])
        #expect(subjects.stdout == "Shorter name\nRename the RAI\nstart\n")
    }
}
