import Crypto
import Foundation
import GamePackFormat
import Testing

/// The studio's reading API over HTTP: the session, the types as forms, the collections'
/// lists and search, an item with its version, findings and referrers.
@Suite("gamepack studio: reading", .serialized)
struct StudioReadTests {
    @Test("the session hands out the write token; the editor page loads its script under a strict policy")
    func session() async throws {
        let studio = try await StudioHarness()
        defer { studio.stop() }
        let session = try await studio.send("GET", "/api/session")
        #expect(session.status == 200)
        #expect(session.json["token"]?.stringForTests == studio.server.token)
        #expect(session.json["git"] == .bool(false))
        let page = try await studio.send("GET", "/")
        #expect(page.status == 200)
        #expect(page.body.contains("<script src=\"/_studio/studio.js\" defer></script>"))
        #expect(page.body.contains("<main id=\"main\""))
    }

    @Test("every type is a form: kinds, limits, localized, reference targets, asset folders")
    func types() async throws {
        let studio = try await StudioHarness()
        defer { studio.stop() }
        let answer = try await studio.send("GET", "/api/types")
        #expect(answer.status == 200)
        let types = answer.json["types"]?.arrayForTests ?? []
        func field(_ type: String, _ name: String) -> JSONValue? {
            types.first { $0["name"]?.stringForTests == type }?["fields"]?.arrayForTests.first {
                $0["name"]?.stringForTests == name
            }
        }
        let names = Set(types.compactMap { $0["name"]?.stringForTests })
        #expect(names.isSuperset(of: ["locations", "routes", "profiles", "rewards"]))
        #expect(field("locations", "name")?["localized"] == .bool(true))
        #expect(field("locations", "name")?["required"] == .bool(true))
        #expect(field("locations", "position")?["widget"]?.stringForTests == "map")
        #expect(field("locations", "image")?["assetFolder"]?.stringForTests == "photos")
        #expect(field("routes", "waypoints")?["element"]?["target"]?.stringForTests == "locations")
        #expect(field("routes", "profile")?["target"]?.stringForTests == "profiles")
        #expect(answer.json["locales"]?.arrayForTests == [.string("en"), .string("nl")])
    }

    @Test("a collection pages in id order and is searched in either locale")
    func collections() async throws {
        let studio = try await StudioHarness()
        defer { studio.stop() }
        let all = try await studio.send("GET", "/api/collections/locations")
        #expect(all.status == 200)
        #expect(all.json["total"] == .int(3))
        let items = all.json["items"]?.arrayForTests ?? []
        #expect(items.map { $0["id"]?.stringForTests } == ["1", "2", "3"])
        #expect(items.first?["name"]?.stringForTests == "RAI Congress Center")
        #expect(items.first?["thumbnail"]?.stringForTests == "photos/rai-congress-center.jpg")
        #expect(items.first?["errors"] == .int(0))
        let dutch = try await studio.send("GET", "/api/collections/locations?q=congrescentrum")
        #expect(dutch.json["items"]?.arrayForTests.map { $0["id"]?.stringForTests } == ["1"])
        let page = try await studio.send("GET", "/api/collections/locations?offset=1&limit=1")
        #expect(page.json["items"]?.arrayForTests.map { $0["id"]?.stringForTests } == ["2"])
        #expect(page.json["total"] == .int(3))
        let none = try await studio.send("GET", "/api/collections/locations?q=nothing-like-this")
        #expect(none.json["total"] == .int(0))
        let badLimit = try await studio.send("GET", "/api/collections/locations?limit=0")
        #expect(badLimit.status == 400)
        #expect(badLimit.error("field") == .string("limit"))
        #expect(try await studio.send("GET", "/api/collections/nope").status == 404)
    }

    @Test("an item comes with its file, version token, findings and referrers")
    func item() async throws {
        let studio = try await StudioHarness()
        defer { studio.stop() }
        let answer = try await studio.send("GET", "/api/items/locations/1")
        #expect(answer.status == 200)
        #expect(answer.json["values"]?["name"]?["nl"]?.stringForTests == "RAI Congrescentrum")
        #expect(answer.json["file"]?.stringForTests == "content/locations/1.yaml")
        let bytes = try Data(contentsOf: studio.project.appendingPathComponent("content/locations/1.yaml"))
        let hash = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        #expect(answer.json["version"]?.stringForTests == hash)
        #expect(
            answer.json["referrers"]?.arrayForTests.contains(.object(["type": .string("routes"), "id": .string("1")])) == true)
        #expect(try await studio.send("GET", "/api/items/locations/99").status == 404)
    }

    @Test("an item whose file does not parse is a 422 naming the file, line and column")
    func brokenFile() async throws {
        let studio = try await StudioHarness { project in
            try "id: 3\nname: {en: \"x\"\n".write(
                to: project.appendingPathComponent("content/locations/3.yaml"), atomically: true, encoding: .utf8)
        }
        defer { studio.stop() }
        let answer = try await studio.send("GET", "/api/items/locations/3")
        #expect(answer.status == 422)
        #expect(answer.error("file")?.stringForTests == "content/locations/3.yaml")
        #expect(answer.error("line") != nil)
    }
}
