import Foundation
import GamePackFormat
import GamePackTestSupport
import Testing

/// The studio's guards over HTTP: the session token on writes, Host and Origin, uploads.
@Suite("gamepack studio: safety and uploads", .serialized)
struct StudioSafetyTests {
    /// A 1×1 PNG.
    static let png = Data(
        base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")!

    @Test("a write without the session token, or with a wrong one, is a 403 and changes nothing")
    func token() async throws {
        let studio = try await StudioHarness()
        defer { studio.stop() }
        let before = try studio.file("content/locations/1.yaml")
        let item = try await studio.send("GET", "/api/items/locations/1").json
        let values = item["values"]!.setting("name", .object(["en": .string("X"), "nl": .string("Y")]))
        let body: JSONValue = .object(["values": values, "version": item["version"]!])
        for token in [String?.none, "wrong"] {
            let answer = try await studio.send("PUT", "/api/items/locations/1", json: body, token: .some(token))
            #expect(answer.status == 403)
            #expect(answer.error("field") == .string("X-Studio-Token"))
        }
        #expect(try await studio.send("DELETE", "/api/items/locations/3", token: .some(nil)).status == 403)
        #expect(try studio.file("content/locations/1.yaml") == before)
        #expect(FileManager.default.fileExists(atPath: studio.project.appendingPathComponent("content/locations/3.yaml").path))
    }

    @Test("a foreign Host (DNS rebinding) or Origin is a 403, even for reading")
    func hostAndOrigin() async throws {
        let studio = try await StudioHarness()
        defer { studio.stop() }
        let rebound = try await studio.send("GET", "/api/items/locations/1", host: "attacker.example:\(studio.port)")
        #expect(rebound.status == 403)
        #expect(rebound.error("field") == .string("Host"))
        let foreign = try await studio.send("GET", "/api/session", origin: "http://attacker.example")
        #expect(foreign.status == 403)
        #expect(foreign.error("field") == .string("Origin"))
        #expect(!foreign.body.contains(studio.server.token))
        let own = try await studio.send("GET", "/api/session", origin: "http://127.0.0.1:\(studio.port)")
        #expect(own.status == 200)
        let localhost = try await studio.send("GET", "/api/types", host: "localhost:\(studio.port)")
        #expect(localhost.status == 200)
    }

    @Test("an upload is stored only when its content is an image or a sound of its name's format, small enough, inside assets/")
    func uploads() async throws {
        let studio = try await StudioHarness()
        defer { studio.stop() }
        let stored = try await studio.send("POST", "/api/assets?folder=photos&name=dot.png", body: Self.png)
        #expect(stored.status == 201, "\(stored.body)")
        #expect(stored.json["path"]?.stringForTests == "photos/dot.png")
        #expect(stored.json["width"] == .int(1))
        #expect(try Data(contentsOf: studio.project.appendingPathComponent("assets/photos/dot.png")) == Self.png)

        let text = try await studio.send("POST", "/api/assets?folder=photos&name=notes.png", body: Data("just text\n".utf8))
        #expect(text.status == 415)
        #expect(text.error("field") == .string("file"))
        let renamed = try await studio.send("POST", "/api/assets?folder=photos&name=dot.jpg", body: Self.png)
        #expect(renamed.status == 415)
        #expect(renamed.error("field") == .string("name"))
        let escape = try await studio.send("POST", "/api/assets?folder=../../tmp&name=x.png", body: Self.png)
        #expect(escape.status == 400)
        #expect(escape.error("field") == .string("folder"))
        let big = try await studio.send("POST", "/api/assets?folder=photos&name=big.png", body: Self.png + Data(count: 1_100_000))
        #expect(big.status == 413)
        let again = try await studio.send("POST", "/api/assets?folder=photos&name=dot.png", body: Self.png)
        #expect(again.status == 409)
        let files = try FileManager.default.contentsOfDirectory(
            atPath: studio.project.appendingPathComponent("assets/photos").path)
        #expect(files.sorted() == ["dot.png", "rai-congress-center.jpg", "synagoge-liberaal-joodse-gemeente.jpg"])
    }
}
