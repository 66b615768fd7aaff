import Foundation
import GamePackFormat
import Testing

/// What the editor page reads besides the API: its files under a strict policy, the map drawn
/// by the preview's map code, the asset list and the assets themselves.
@Suite("gamepack studio: the page's files, map and assets", .serialized)
struct StudioPageTests {
    @Test("the page, its stylesheets and script are served under a Content-Security-Policy without inline code")
    func files() async throws {
        let studio = try await StudioHarness()
        defer { studio.stop() }
        for (path, type) in [
            ("/", "text/html"), ("/_studio/studio.js", "text/javascript"), ("/_studio/studio.css", "text/css"),
            ("/_studio/preview.css", "text/css"),
        ] {
            let answer = try await studio.send("GET", path)
            #expect(answer.status == 200, "\(path)")
            #expect(answer.head.lowercased().contains("content-type: \(type)"), "\(path): \(answer.head)")
            #expect(answer.head.contains("script-src 'self'") && !answer.head.contains("unsafe-inline"), "\(path)")
        }
        let script = try await studio.send("GET", "/_studio/studio.js").body
        #expect(script.contains("function gamepackMapPoint("))
        #expect(script.contains("\"X-Studio-Token\""))
    }

    @Test("a route's stops by reference: placed at their locations, legs with haversine distances, a missing stop left out")
    func map() async throws {
        let studio = try await StudioHarness()
        defer { studio.stop() }
        let stop = { (id: String, label: String) -> JSONValue in
            .object(["type": .string("locations"), "id": .string(id), "field": .string("position"), "label": .string(label)])
        }
        let answer = try await studio.send(
            "POST", "/api/map",
            json: .object(["pins": .array([stop("3", "1"), stop("99", "2"), stop("1", "3")]), "legs": .bool(true)]))
        #expect(answer.status == 200, "\(answer.body)")
        let pins = answer.json["pins"]?.arrayForTests ?? []
        #expect(pins.count == 3 && pins[1] == .null)
        let legs = answer.json["legs"]?.arrayForTests ?? []
        #expect(legs.count == 1)
        #expect(legs.first?["from"] == .int(1) && legs.first?["to"] == .int(3))
        // Location 3 (52.357802, 4.891398) to location 1 (52.340512, 4.889103): 1929 m.
        #expect(legs.first?["meters"] == .int(1929), "\(legs)")
        #expect(legs.first?["text"]?.stringForTests == "1.9 km")
        let svg = answer.json["svg"]?.stringForTests ?? ""
        #expect(svg.contains("<svg class=\"map\"") && svg.contains("data-meters=\"1929\""))
        let refused = try await studio.send("POST", "/api/map", json: .object(["pins": .string("no")]))
        #expect(refused.status == 400 && refused.error("field")?.stringForTests == "pins")
        let tokenless = try await studio.send("POST", "/api/map", json: .object(["pins": .array([])]), token: .some(nil))
        #expect(tokenless.status == 403)
    }

    @Test("assets: listed by folder and kind, served when the preview would serve them, never a path out")
    func assets() async throws {
        let studio = try await StudioHarness()
        defer { studio.stop() }
        let photos = try await studio.send("GET", "/api/assets?folder=photos&kind=image")
        #expect(photos.status == 200)
        #expect(
            photos.json["assets"]?.arrayForTests.compactMap(\.stringForTests) == [
                "photos/rai-congress-center.jpg", "photos/synagoge-liberaal-joodse-gemeente.jpg",
            ])
        #expect(try await studio.send("GET", "/api/assets?folder=../content").status == 400)
        let image = try await studio.send("GET", "/assets/photos/rai-congress-center.jpg")
        #expect(image.status == 200 && image.head.lowercased().contains("content-type: image/jpeg"))
        for path in ["/assets/../gamepack.yaml", "/assets/%2e%2e/gamepack.yaml", "/assets/.hidden"] {
            #expect(try await studio.send("GET", path).status == 400, "\(path): refused by name (`..`, a hidden name)")
        }
        #expect(try await studio.send("GET", "/assets/nothing.png").status == 404)
    }
}
