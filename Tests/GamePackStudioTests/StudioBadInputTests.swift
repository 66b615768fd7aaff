import Foundation
import GamePackFormat
import Testing

/// The "Bad input" list, over HTTP: each is refused with a message that says what to
/// do, and not one byte under the test's folder changes (no file written, none left behind).
@Suite("gamepack studio: bad input changes nothing", .serialized)
struct StudioBadInputTests {
    @Test("a form value of the wrong type or out of range: 422 naming the field and the rule's fix")
    func wrongValue() async throws {
        let studio = try await StudioHarness()
        defer { studio.stop() }
        let before = try studio.tree()
        let item = try await studio.send("GET", "/api/items/locations/1").json
        let cases: [(JSONValue, String)] = [(.string("north"), "wrong-type"), (.number(123.5), "geo-range")]
        for (latitude, rule) in cases {
            let values = item["values"]!.setting("position", item["values"]!["position"]!.setting("latitude", latitude))
            let answer = try await studio.send(
                "PUT", "/api/items/locations/1", json: .object(["values": values, "version": item["version"]!]))
            #expect(answer.status == 422, "\(answer.body)")
            let message = answer.error("message")?.stringForTests ?? ""
            #expect(message.contains("latitude"), "\(message)")
            #expect(answer.error("field")?.stringForTests?.hasPrefix("position") == true, "\(answer.body)")
            #expect(answer.error("findings")?.arrayForTests.contains { $0["rule"]?.stringForTests == rule } == true)
        }
        let noVersion = try await studio.send("PUT", "/api/items/locations/1", json: .object(["values": item["values"]!]))
        #expect(noVersion.status == 400)
        #expect(noVersion.error("field") == .string("version"))
        #expect(noVersion.error("message")?.stringForTests?.contains("send the version GET /api/items gave") == true)
        let notJSON = try await studio.send("PUT", "/api/items/locations/1", body: Data("{values:".utf8))
        #expect(notJSON.status == 400)
        #expect(notJSON.error("field") == .string("body"))
        #expect(notJSON.error("message")?.stringForTests?.hasPrefix("the body is not JSON") == true)
        let notObject = try await studio.send(
            "PUT", "/api/items/locations/1", json: .object(["values": .string("x"), "version": item["version"]!]))
        #expect(notObject.status == 400)
        #expect(notObject.error("message")?.stringForTests?.contains("JSON object") == true)
        #expect(try studio.tree() == before)
    }

    @Test("a YAML file that does not parse: its items cannot be saved, validated or deleted; 422 with file, line and the fix")
    func brokenFile() async throws {
        let studio = try await StudioHarness { project in
            try "id: 3\nname: {en: \"x\"\n".write(
                to: project.appendingPathComponent("content/locations/3.yaml"), atomically: true, encoding: .utf8)
        }
        defer { studio.stop() }
        let before = try studio.tree()
        let values: JSONValue = .object(["id": .int(3), "name": .object(["en": .string("x"), "nl": .string("y")])])
        let answers = [
            try await studio.send("PUT", "/api/items/locations/3", json: .object(["values": values, "version": .string("v")])),
            try await studio.send(
                "POST", "/api/validate", json: .object(["type": .string("locations"), "id": .int(3), "values": values])),
            try await studio.send("DELETE", "/api/items/locations/3?confirm=true"),
            try await studio.send("POST", "/api/items/locations/3/duplicate"),
        ]
        for answer in answers {
            #expect(answer.status == 422, "\(answer.body)")
            #expect(answer.error("file")?.stringForTests == "content/locations/3.yaml")
            #expect(answer.error("line") != nil)
            #expect(answer.error("message")?.stringForTests?.contains("does not parse") == true, "\(answer.body)")
            #expect(answer.error("message")?.stringForTests?.hasSuffix("fix the file") == true, "\(answer.body)")
        }
        #expect(try studio.tree() == before)
    }

    @Test("an upload that is not an image or a sound, or too large: 415 or 413 saying what to send")
    func badUploads() async throws {
        let studio = try await StudioHarness(uploadLimit: 1000)
        defer { studio.stop() }
        let before = try studio.tree()
        let text = try await studio.send("POST", "/api/assets?folder=photos&name=notes.png", body: Data("just text\n".utf8))
        #expect(text.status == 415)
        #expect(text.error("message")?.stringForTests?.contains("upload a PNG, JPEG") == true, "\(text.body)")
        let renamed = try await studio.send("POST", "/api/assets?folder=photos&name=dot.jpg", body: StudioSafetyTests.png)
        #expect(renamed.status == 415)
        #expect(renamed.error("message")?.stringForTests?.contains(".png extension") == true, "\(renamed.body)")
        let big = try await studio.send(
            "POST", "/api/assets?folder=photos&name=big.png", body: StudioSafetyTests.png + Data(count: 5000))
        #expect(big.status == 413)
        #expect(big.error("message")?.stringForTests?.contains("larger than 1000 bytes") == true, "\(big.body)")
        #expect(try studio.tree() == before)
    }

    @Test("a name with `..` (an upload's name or folder, an asset path): 400 naming the parameter")
    func dotDot() async throws {
        let studio = try await StudioHarness()
        defer { studio.stop() }
        let before = try studio.tree()
        let png = StudioSafetyTests.png
        for (target, field) in [
            ("/api/assets?folder=photos&name=..%2Fescape.png", "name"),
            ("/api/assets?folder=photos&name=..", "name"), ("/api/assets?folder=..&name=escape.png", "folder"),
            ("/api/assets?folder=photos%2F..%2F..%2F..&name=escape.png", "folder"),
        ] {
            let answer = try await studio.send("POST", target, body: png)
            #expect(answer.status == 400, "\(target): \(answer.body)")
            #expect(answer.error("field") == .string(field), "\(target): \(answer.body)")
            #expect(answer.error("message")?.stringForTests?.isEmpty == false)
        }
        let read = try await studio.send("GET", "/assets/%2E%2E/gamepack.yaml")
        #expect(read.status == 400, "\(read.body)")
        #expect(read.error("message")?.stringForTests?.contains("no `..`") == true, "\(read.body)")
        #expect(!read.body.contains("locales"))
        #expect(try studio.tree() == before)
    }

    /// A `/` followed by a combining accent is one character that is not `/`: a check of the
    /// path's parts by characters took `out/\u{301}x.png` for one part and wrote through `out`.
    @Test("an upload through a folder symlinked out of the project, also behind a combining accent: 400, nothing written")
    func throughSymlink() async throws {
        var outside: URL?
        let studio = try await StudioHarness { project in
            let folder = project.deletingLastPathComponent().appendingPathComponent("outside")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: project.appendingPathComponent("assets/photos/out").path, withDestinationPath: folder.path)
            outside = folder
        }
        defer { studio.stop() }
        let before = try studio.tree()
        for target in [
            "/api/assets?folder=photos%2Fout&name=x.png", "/api/assets?folder=photos%2Fout&name=%CC%81x.png",
            "/api/assets?folder=photos&name=out%2F%CC%81x.png", "/api/assets?folder=photos%2Fout%2F%CC%81sub&name=x.png",
        ] {
            let answer = try await studio.send("POST", target, body: StudioSafetyTests.png)
            #expect(answer.status == 400, "\(target): \(answer.body)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside!.path).isEmpty)
        #expect(try studio.tree() == before)
    }

    /// `contains("\\")` compares characters, and a backslash with an accent after it is another.
    @Test("a backslash in an upload's folder or name, also before a combining accent: 400, nothing written")
    func backslash() async throws {
        let studio = try await StudioHarness()
        defer { studio.stop() }
        let before = try studio.tree()
        for target in [
            "/api/assets?folder=photos&name=a%5Cx.png", "/api/assets?folder=photos&name=a%5C%CC%81x.png",
            "/api/assets?folder=photos%5C%CC%81sub&name=x.png",
        ] {
            let answer = try await studio.send("POST", target, body: StudioSafetyTests.png)
            #expect(answer.status == 400, "\(target): \(answer.body)")
        }
        #expect(try studio.tree() == before)
    }

    @Test("a stale save: 409 with both versions and the file's current version; the file on disk stays theirs")
    func staleSave() async throws {
        let studio = try await StudioHarness()
        defer { studio.stop() }
        let item = try await studio.send("GET", "/api/items/locations/1").json
        let path = studio.project.appendingPathComponent("content/locations/1.yaml")
        let theirs = try studio.file("content/locations/1.yaml").replacingOccurrences(of: "RAI Congrescentrum", with: "RAI")
        try theirs.write(to: path, atomically: true, encoding: .utf8)
        let before = try studio.tree()
        let mine = item["values"]!.setting("name", item["values"]!["name"]!.setting("en", .string("Mine")))
        let answer = try await studio.send(
            "PUT", "/api/items/locations/1", json: .object(["values": mine, "version": item["version"]!]))
        #expect(answer.status == 409)
        #expect(answer.error("message")?.stringForTests?.contains("changed on disk") == true)
        #expect(answer.error("yours")?["name"]?["en"]?.stringForTests == "Mine")
        #expect(answer.error("theirs")?["name"]?["nl"]?.stringForTests == "RAI")
        #expect(answer.error("theirsText")?.stringForTests == theirs)
        #expect(answer.error("version") != item["version"])
        #expect(try studio.tree() == before)
        // Saving again on their version works.
        let again = try await studio.send(
            "PUT", "/api/items/locations/1",
            json: .object([
                "values": mine.setting("name", mine["name"]!.setting("nl", .string("RAI"))), "version": answer.error("version")!,
            ]))
        #expect(again.status == 200, "\(again.body)")
        #expect(try studio.file("content/locations/1.yaml").contains("en: \"Mine\""))
    }

    @Test("a write without the token, or from a foreign Origin or Host even with it: 403 saying why")
    func tokenOriginHost() async throws {
        let studio = try await StudioHarness()
        defer { studio.stop() }
        let before = try studio.tree()
        let item = try await studio.send("GET", "/api/items/locations/1").json
        let values = item["values"]!.setting("name", .object(["en": .string("X"), "nl": .string("Y")]))
        let save: JSONValue = .object(["values": values, "version": item["version"]!])
        let writes: [(String, String, JSONValue?, Data?)] = [
            ("PUT", "/api/items/locations/1", save, nil), ("POST", "/api/items/locations", .object(["values": values]), nil),
            ("DELETE", "/api/items/locations/3", nil, nil),
            ("POST", "/api/assets?folder=photos&name=dot.png", nil, StudioSafetyTests.png),
            (
                "PUT", "/api/translations",
                .object(["unit": .string("locations/1/name"), "locale": .string("nl"), "text": .string("Z")]), nil
            ),
        ]
        for (method, target, json, body) in writes {
            let missing = try await studio.send(method, target, json: json, body: body, token: .some(nil))
            #expect(missing.status == 403, "\(target)")
            #expect(missing.error("message")?.stringForTests?.contains("X-Studio-Token") == true)
            let foreign = try await studio.send(method, target, json: json, body: body, origin: "http://attacker.example")
            #expect(foreign.status == 403, "\(target)")
            #expect(foreign.error("field") == .string("Origin"))
            let rebound = try await studio.send(method, target, json: json, body: body, host: "attacker.example:\(studio.port)")
            #expect(rebound.status == 403, "\(target)")
            #expect(rebound.error("field") == .string("Host"))
            #expect(rebound.error("message")?.stringForTests?.contains("attacker.example") == true)
        }
        #expect(try studio.tree() == before)
    }
}
