import Foundation
import GamePackContent
import GamePackFormat
import Testing

/// What the page builds on beyond plain reading and writing: a route's legs, the reference
/// picker and the asset files it shows.
@Suite("gamepack studio: route legs, picker and assets", .serialized)
struct StudioPageAPITests {
    /// The position of location `id` in the example, as the file says.
    func point(_ studio: StudioHarness, _ id: Int) async throws -> (Double, Double) {
        let position = try await studio.send("GET", "/api/items/locations/\(id)").json["values"]!["position"]!
        return (position["latitude"]!.numberValue!, position["longitude"]!.numberValue!)
    }

    func metres(_ a: (Double, Double), _ b: (Double, Double)) -> Int {
        Int(Geo.distance(a.0, a.1, b.0, b.1).rounded())
    }

    @Test("a route's waypoints come numbered with each leg's distance in metres; a reordering validated gives the new legs")
    func legs() async throws {
        let studio = try await StudioHarness()
        defer { studio.stop() }
        let points = [1: try await point(studio, 1), 2: try await point(studio, 2), 3: try await point(studio, 3)]
        let route = try await studio.send("GET", "/api/items/routes/1").json
        let path = route["paths"]?.arrayForTests.first
        #expect(path?["field"]?.stringForTests == "waypoints")
        #expect(path?["target"]?.stringForTests == "locations")
        #expect(path?["stops"]?.arrayForTests.map { $0["id"]?.stringForTests } == ["3", "1", "2"])
        #expect(path?["stops"]?.arrayForTests.first?["name"]?.stringForTests == "Marie Heinekenplein")
        let legs = path?["legs"]?.arrayForTests ?? []
        #expect(legs.map { $0["metres"] } == [.int(metres(points[3]!, points[1]!)), .int(metres(points[1]!, points[2]!))])
        #expect(legs.map { $0["fromId"]?.stringForTests } == ["3", "1"])
        #expect(legs.first?["text"]?.stringForTests?.hasSuffix("m") == true)
        let total =
            Geo.distance(points[3]!.0, points[3]!.1, points[1]!.0, points[1]!.1)
            + Geo.distance(points[1]!.0, points[1]!.1, points[2]!.0, points[2]!.1)
        #expect(path?["totalMetres"] == .int(Int(total.rounded())))

        // Dragging location 2 to second place: the legs are those of the new order, unsaved.
        let reordered = route["values"]!.setting("waypoints", .array([.int(3), .int(2), .int(1)]))
        let checked = try await studio.send(
            "POST", "/api/validate", json: .object(["type": .string("routes"), "id": .string("1"), "values": reordered]))
        #expect(checked.status == 200, "\(checked.body)")
        let newLegs = checked.json["paths"]?.arrayForTests.first?["legs"]?.arrayForTests ?? []
        #expect(newLegs.map { $0["metres"] } == [.int(metres(points[3]!, points[2]!)), .int(metres(points[2]!, points[1]!))])
        #expect(newLegs.map { $0["toId"]?.stringForTests } == ["2", "1"])

        // A waypoint that does not exist is a stop marked missing, and no leg.
        let dangling = route["values"]!.setting("waypoints", .array([.int(3), .int(99)]))
        let broken = try await studio.send(
            "POST", "/api/validate", json: .object(["type": .string("routes"), "id": .string("1"), "values": dangling]))
        let stops = broken.json["paths"]?.arrayForTests.first?["stops"]?.arrayForTests ?? []
        #expect(stops.last?["missing"] == .bool(true))
        #expect(broken.json["paths"]?.arrayForTests.first?["legs"]?.arrayForTests.isEmpty == true)
        #expect(try await studio.send("GET", "/api/items/locations/1").json["paths"] == .array([]))
    }

    @Test(
        "the reference picker searches the target collection and names the chosen ids, each with its thumbnail URL, which serves the image"
    )
    func picker() async throws {
        let studio = try await StudioHarness()
        defer { studio.stop() }
        let found = try await studio.send("GET", "/api/picker/locations?q=rai")
        #expect(found.status == 200, "\(found.body)")
        #expect(found.json["total"] == .int(1))
        let rai = found.json["items"]?.arrayForTests.first
        #expect(rai?["id"]?.stringForTests == "1")
        #expect(rai?["name"]?.stringForTests == "RAI Congress Center")
        #expect(rai?["thumbnailURL"]?.stringForTests == "/assets/photos/rai-congress-center.jpg")
        let all = try await studio.send("GET", "/api/picker/locations?limit=2&ids=2,99")
        #expect(all.json["items"]?.arrayForTests.count == 2)
        #expect(all.json["total"] == .int(3))
        #expect(all.json["chosen"]?.arrayForTests.map { $0["id"]?.stringForTests } == ["2", "99"])
        #expect(all.json["chosen"]?.arrayForTests.last?["missing"] == .bool(true))
        #expect(all.json["chosen"]?.arrayForTests.first?["name"]?.stringForTests == "Synagoge Liberaal Joodse Gemeente")
        #expect(try await studio.send("GET", "/api/picker/nope").status == 404)
        #expect(try await studio.send("GET", "/api/picker/locations?limit=0").error("field") == .string("limit"))

        let image = try await studio.send("GET", "/assets/photos/rai-congress-center.jpg")
        #expect(image.status == 200)
        #expect(image.head.lowercased().contains("content-type: image/jpeg"))
        let bytes = try Data(contentsOf: studio.project.appendingPathComponent("assets/photos/rai-congress-center.jpg"))
        #expect(image.head.lowercased().contains("content-length: \(bytes.count)"))
        #expect(try await studio.send("GET", "/assets/photos/nothing.jpg").status == 404)
        #expect(try await studio.send("GET", "/assets/photos/x.jpg", host: "attacker.example:\(studio.port)").status == 403)
    }
}
