import Foundation
import GamePackFormat
import Testing

/// The studio's writing API over HTTP: minimal saves, validation with cross-item rules, create,
/// duplicate and delete (refusals: `StudioBadInputTests`).
@Suite("gamepack studio: editing", .serialized)
struct StudioEditTests {
    /// The lines of `after` that differ from `before` (same line count expected).
    func changedLines(_ before: String, _ after: String) -> [String] {
        let old = before.components(separatedBy: "\n")
        let new = after.components(separatedBy: "\n")
        guard old.count == new.count else { return ["line count \(old.count) -> \(new.count)"] }
        return zip(old, new).filter { $0 != $1 }.map(\.1)
    }

    @Test("a save changes only the changed value's text: comments, quoting and other lines stay byte for byte")
    func minimalSave() async throws {
        let studio = try await StudioHarness { project in
            let file = project.appendingPathComponent("content/locations/1.yaml")
            let text = try String(contentsOf: file, encoding: .utf8)
            let edited = text.replacingOccurrences(of: "image: photos", with: "image:   photos")
                .replacingOccurrences(of: "4.889103", with: "4.889100")
            try ("# A comment the studio keeps\n" + edited + "\n").write(to: file, atomically: true, encoding: .utf8)
        }
        defer { studio.stop() }
        let before = try studio.file("content/locations/1.yaml")
        let item = try await studio.send("GET", "/api/items/locations/1").json
        var values = item["values"]!
        values = values.setting("name", values["name"]!.setting("nl", .string("RAI Congres- en Beurscentrum")))
        values = values.setting("position", values["position"]!.setting("latitude", .number(52.3406)))
        let saved = try await studio.send(
            "PUT", "/api/items/locations/1", json: .object(["values": values, "version": item["version"]!]))
        #expect(saved.status == 200, "\(saved.body)")
        let after = try studio.file("content/locations/1.yaml")
        #expect(
            changedLines(before, after) == [
                "  nl: \"RAI Congres- en Beurscentrum\"", "position: {latitude: 52.3406, longitude: 4.889100}",
            ])
        #expect(after.hasPrefix("# A comment the studio keeps\n"))
        #expect(after.contains("image:   photos/rai-congress-center.jpg"))
        #expect(saved.json["version"] != item["version"])
        // The index follows the save.
        let search = try await studio.send("GET", "/api/collections/locations?q=beurscentrum")
        #expect(search.json["items"]?.arrayForTests.map { $0["id"]?.stringForTests } == ["1"])
    }

    @Test("fields added, one removed and a list rewritten touch only their own lines; comments stay")
    func addAndRemove() async throws {
        let studio = try await StudioHarness { project in
            let file = project.appendingPathComponent("content/routes/1.yaml")
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(of: "waypoints: [3, 1, 2]", with: "waypoints: [3, 1, 2]  # walking order")
                .write(to: file, atomically: true, encoding: .utf8)
        }
        defer { studio.stop() }
        let item = try await studio.send("GET", "/api/items/routes/1").json
        guard case .object(var values) = item["values"]! else { throw StudioHarness.Failure("no values") }
        values["image"] = nil
        values["waypoints"] = .array([.int(3), .int(2), .int(1)])
        values["order"] = .int(2)
        values["description"] = .object(["en": .string("A walk: \"green\""), "nl": .string("Een wandeling")])
        let saved = try await studio.send(
            "PUT", "/api/items/routes/1", json: .object(["values": .object(values), "version": item["version"]!]))
        #expect(saved.status == 200, "\(saved.body)")
        #expect(
            try studio.file("content/routes/1.yaml") == """
                id: 1
                profile: 1
                name:
                  en: "Green Trail"
                  nl: "Groene Pad"
                reward: 1
                waypoints: [3, 2, 1]  # walking order
                order: 2
                description:
                  en: "A walk: \\"green\\""
                  nl: "Een wandeling"

                """)
        #expect(saved.json["values"]?["description"]?["en"]?.stringForTests == "A walk: \"green\"")
    }

    @Test("validation runs lint's rules with the item replaced in memory, on it and on the items referencing it")
    func validate() async throws {
        let studio = try await StudioHarness()
        defer { studio.stop() }
        let before = try studio.file("content/routes/1.yaml")
        let route = try await studio.send("GET", "/api/items/routes/1").json
        let broken = route["values"]!.setting("waypoints", .array([.int(3), .int(1), .int(99)]))
        let answer = try await studio.send(
            "POST", "/api/validate", json: .object(["type": .string("routes"), "id": .string("1"), "values": broken]))
        #expect(answer.status == 200, "\(answer.body)")
        let finding = answer.json["findings"]?.arrayForTests.first { $0["rule"]?.stringForTests == "dangling-reference" }
        #expect(finding?["message"]?.stringForTests?.contains("99") == true)
        #expect(finding?["line"] == .int(8))
        #expect(try studio.file("content/routes/1.yaml") == before)

        // Moving a location 30 km away breaks the route through it: a finding on the referrer.
        let location = try await studio.send("GET", "/api/items/locations/1").json
        let moved = location["values"]!.setting("position", location["values"]!["position"]!.setting("latitude", .number(52.61)))
        let far = try await studio.send(
            "POST", "/api/validate", json: .object(["type": .string("locations"), "id": .string("1"), "values": moved]))
        let others = far.json["others"]?.arrayForTests ?? []
        let onRoute = others.first { $0["type"]?.stringForTests == "routes" && $0["id"]?.stringForTests == "1" }
        #expect(
            onRoute?["findings"]?.arrayForTests.contains { $0["rule"]?.stringForTests == "waypoint-distance" } == true,
            "\(far.body)")
        let clean = try await studio.send(
            "POST", "/api/validate",
            json: .object(["type": .string("locations"), "id": .string("1"), "values": location["values"]!]))
        #expect(
            clean.json["findings"]?.arrayForTests.filter { $0["severity"]?.stringForTests == "error" }.isEmpty == true,
            "\(clean.body)")
    }

    @Test("create takes the next number, duplicate copies under a new id, delete asks first when others reference it")
    func createDuplicateDelete() async throws {
        let studio = try await StudioHarness()
        defer { studio.stop() }
        let values: JSONValue = .object([
            "name": .object(["en": .string("Vondelpark"), "nl": .string("Vondelpark NL")]),
            "position": .object(["latitude": .number(52.358), "longitude": .number(4.868)]),
        ])
        let created = try await studio.send("POST", "/api/items/locations", json: .object(["values": values]))
        #expect(created.status == 201, "\(created.body)")
        #expect(created.json["id"]?.stringForTests == "4")
        let text = try studio.file("content/locations/4.yaml")
        #expect(
            text.hasPrefix(
                "id: 4\nname:\n  en: \"Vondelpark\"\n  nl: \"Vondelpark NL\"\nposition: {latitude: 52.358, longitude: 4.868}\n"))
        let copy = try await studio.send("POST", "/api/items/locations/2/duplicate")
        #expect(copy.status == 201)
        #expect(copy.json["id"]?.stringForTests == "5")
        #expect(copy.json["values"]?["name"] == (try await studio.send("GET", "/api/items/locations/2")).json["values"]?["name"])

        let refused = try await studio.send("DELETE", "/api/items/locations/1")
        #expect(refused.status == 409)
        #expect(refused.error("referrers")?.arrayForTests == [.object(["type": .string("routes"), "id": .string("1")])])
        #expect(refused.error("field") == .string("confirm"))
        #expect(refused.error("message")?.stringForTests?.contains("?confirm=true") == true)
        #expect(FileManager.default.fileExists(atPath: studio.project.appendingPathComponent("content/locations/1.yaml").path))
        #expect(try await studio.send("DELETE", "/api/items/locations/4").status == 200)
        #expect(!FileManager.default.fileExists(atPath: studio.project.appendingPathComponent("content/locations/4.yaml").path))
        #expect(try await studio.send("GET", "/api/collections/locations").json["total"] == .int(4))
        #expect(try await studio.send("DELETE", "/api/items/locations/1?confirm=true").status == 200)
    }

    @Test("in a file holding a list of items, create appends and delete removes only that item")
    func listFile() async throws {
        let studio = try await StudioHarness(example: "whack-a-vc")
        defer { studio.stop() }
        let list = try await studio.send("GET", "/api/collections/phrases?limit=500").json
        let count = list["total"]
        let first = list["items"]!.arrayForTests.first!["id"]!.stringForTests!
        let item = try await studio.send("GET", "/api/items/phrases/\(first)").json
        guard case .object(var values) = item["values"]! else { throw StudioHarness.Failure("no values") }
        values["id"] = nil
        let created = try await studio.send("POST", "/api/items/phrases", json: .object(["values": .object(values)]))
        #expect(created.status == 201, "\(created.body)")
        #expect(created.json["file"] == item["file"])
        let newID = created.json["id"]!.stringForTests!
        #expect(try await studio.send("DELETE", "/api/items/phrases/\(newID)").status == 200)
        #expect(try await studio.send("GET", "/api/collections/phrases?limit=500").json["total"] == count)
    }
}
