import Foundation
import GamePackBuild
import GamePackContent
import GamePackFormat
import GamePackKit
import GamePackLint
import GamePackTestSupport
import Testing

/// JSON Schemas for editors, generated from the content types lint uses.
@Suite("JSON Schemas of content types")
struct JSONSchemaGeneratorTests {
    static let examples = ["gohike-amsterdam", "whack-a-vc", "dealhunter"]
    static let templates = ["gohike", "whackavc", "dealhunter", "blank"]

    /// The `definitions.item` object of a schema.
    func item(_ schema: JSONValue) throws -> JSONValue {
        try #require(schema["definitions"]?["item"])
    }

    func properties(_ object: JSONValue?) -> [String: JSONValue] {
        guard case .object(let members)? = object?["properties"] else { return [:] }
        return members
    }

    func strings(_ value: JSONValue?) -> [String] {
        guard case .array(let values)? = value else { return [] }
        return values.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    @Test("every field of every content type is in its schema, with its required fields, and nothing else is allowed")
    func everyFieldCovered() async throws {
        let project = try await Project.load(at: TestPaths.example("whack-a-vc"))
        let schemas = JSONSchemaGenerator.schemas(for: project)
        #expect(Set(schemas.keys) == Set(project.types.keys))
        #expect(schemas["sounds"] != nil, "a project-defined type gets its schema like a built-in one")
        for (name, type) in project.types {
            let item = try item(try #require(schemas[name]))
            #expect(Set(properties(item).keys) == Set(type.fields.map(\.name) + ["id"]), "\(name)")
            #expect(Set(strings(item["required"])) == Set(type.fields.filter(\.required).map(\.name) + ["id"]), "\(name)")
            #expect(item["additionalProperties"] == .bool(false), "\(name)")
            for field in type.fields {
                guard case .string(let hover)? = properties(item)[field.name]?["description"] else {
                    Issue.record("\(name).\(field.name) has no description")
                    continue
                }
                if let own = field.description { #expect(hover.hasPrefix(own), "\(name).\(field.name): \(hover)") }
            }
        }
    }

    @Test("field keywords: geo ranges, enums, lengths, patterns, locales, asset extensions, reference ids as examples")
    func keywords() async throws {
        let gohike = try await Project.load(at: TestPaths.example("gohike-amsterdam"))
        let routes = try item(try #require(JSONSchemaGenerator.schemas(for: gohike)["routes"]))
        let locations = try item(try #require(JSONSchemaGenerator.schemas(for: gohike)["locations"]))

        let position = try #require(properties(locations)["position"])
        let latitude = properties(position)["latitude"]
        #expect(latitude?["minimum"] == .int(-90) && latitude?["maximum"] == .int(90))
        #expect(position["additionalProperties"] == .bool(false))

        // Localized: an object of the project's locales, or one text for the default locale.
        guard case .array(let branches)? = properties(locations)["name"]?["anyOf"] else {
            Issue.record("name has no anyOf")
            return
        }
        let map = try #require(branches.first { $0["type"] == .string("object") })
        #expect(Set(properties(map).keys) == ["en", "nl"])
        #expect(strings(map["required"]) == ["en"])
        #expect(properties(map)["nl"]?["maxLength"] == .int(80))

        // References: ids, with today's ids as examples.
        let waypoints = try #require(properties(routes)["waypoints"])
        let locationIDs = gohike.items.filter { $0.collection == "locations" }.compactMap(\.id).sorted()
        #expect(!locationIDs.isEmpty)
        #expect(waypoints["items"]?["examples"] == .array(locationIDs.map { .int($0.number!) }))

        // Images: the extensions of the allowed formats only (rewards: PNG).
        let rewards = try item(try #require(JSONSchemaGenerator.schemas(for: gohike)["rewards"]))
        guard case .string(let pattern)? = properties(rewards)["image"]?["pattern"] else {
            Issue.record("rewards.image has no pattern")
            return
        }
        let regex = try NSRegularExpression(pattern: pattern)
        func matches(_ text: String) -> Bool {
            regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        #expect(matches("rewards/green.png") && matches("rewards/GREEN.PNG"))
        #expect(!matches("rewards/green.jpg") && !matches("../outside.png") && !matches("/abs.png") && !matches("a/../../b.png"))

        let dealhunter = try await Project.load(at: TestPaths.example("dealhunter"))
        let deals = try item(try #require(JSONSchemaGenerator.schemas(for: dealhunter)["deals"]))
        let categories = strings(properties(deals)["category"]?["enum"])
        #expect(categories.contains("food") && !categories.contains("fod"))
        #expect(properties(properties(deals)["details"])["store_name"]?["maxLength"] == .int(80))
    }

    @Test("the same project gives the same bytes")
    func deterministic() async throws {
        let temp = try TemporaryDirectory()
        let project = try await Project.load(at: TestPaths.example("gohike-amsterdam"))
        let first = temp.url.appendingPathComponent("a"), second = temp.url.appendingPathComponent("b")
        let names = try EditorSettings.writeSchemas(for: project, to: first)
        #expect(try EditorSettings.writeSchemas(for: try await Project.load(at: project.root), to: second) == names)
        for name in names {
            #expect(
                try Data(contentsOf: first.appendingPathComponent(name)) == Data(contentsOf: second.appendingPathComponent(name)))
        }
        // A type that no longer exists loses its schema file on the next run.
        try Data("{}".utf8).write(to: first.appendingPathComponent("gone.schema.json"))
        try EditorSettings.writeSchemas(for: project, to: first)
        #expect(!FileManager.default.fileExists(atPath: first.appendingPathComponent("gone.schema.json").path))
    }
}

/// The schemas checked by an independent validator (check-jsonschema) against the same files
/// lint checks: they must agree.
@Suite("JSON Schemas against check-jsonschema and lint", .tags(.python), .requires(.checkJSONSchema))
struct JSONSchemaAgreementTests {
    /// Runs check-jsonschema on `files` with `schema`; true when they validate.
    static func validates(_ files: [URL], schema: URL) throws -> (Bool, String) {
        try ExternalTool.checkJSONSchema.require()
        let executable = try #require(ExternalTool.checkJSONSchemaExecutable)
        let result = try CommandRunner.run(executable, ["--schemafile", schema.path] + files.map(\.path))
        return (result.status == 0, result.stdout + result.stderr)
    }

    /// Writes the schemas of the project at `root` into `.gamepack/schemas` and returns, per
    /// collection, the schema and the content files.
    static func schemasAndFiles(of root: URL) async throws -> [(collection: String, schema: URL, files: [URL])] {
        let project = try await Project.load(at: root)
        let folder = root.appendingPathComponent(EditorSettings.defaultSchemaFolder)
        try EditorSettings.writeSchemas(for: project, to: folder)
        let byCollection = Dictionary(grouping: project.contentFiles) { $0.split(separator: "/")[1] }
        return byCollection.keys.sorted().map { collection in
            (
                String(collection), folder.appendingPathComponent(JSONSchemaGenerator.fileName(for: String(collection))),
                byCollection[collection]!.map { root.appendingPathComponent($0) }
            )
        }
    }

    static func lintErrors(_ root: URL) async throws -> [Diagnostic] {
        await Linter.lint(try await Project.load(at: root)).filter { $0.severity == .error }
    }

    @Test(
        "every file of every example and template validates against its schema, and lints clean",
        arguments: [
            "example:gohike-amsterdam", "example:whack-a-vc", "example:dealhunter",
            "template:gohike", "template:whackavc", "template:dealhunter", "template:blank",
        ])
    func examplesAndTemplatesValidate(_ source: String) async throws {
        let temp = try TemporaryDirectory()
        let (kind, name) = (source.split(separator: ":")[0], String(source.split(separator: ":")[1]))
        let root: URL
        if kind == "example" {
            root = try temp.copy(TestPaths.example(name), as: name)
        } else {
            root = temp.url.appendingPathComponent(name)
            try ProjectTemplate.instantiate(name, at: root, projectID: "my-game", projectName: "My Game")
        }
        #expect(try await Self.lintErrors(root).isEmpty)
        let collections = try await Self.schemasAndFiles(of: root)
        if name != "blank" { #expect(!collections.isEmpty) }
        for (collection, schema, files) in collections {
            let (ok, output) = try Self.validates(files, schema: schema)
            #expect(ok, "\(source) \(collection): \(output)")
        }
    }

    /// A file changed in one way lint refuses with `rule`, which the schema must refuse too.
    struct Mutation: Sendable, CustomTestStringConvertible {
        var name: String
        var example: String
        var file: String
        var find: String
        var replace: String
        var rule: String
        var testDescription: String { name }
    }

    static let longPhrase = String(repeating: "Growth at all costs, ", count: 5)

    static let mutations: [Mutation] = [
        Mutation(
            name: "an unknown field", example: "gohike-amsterdam", file: "content/locations/1.yaml", find: "position:",
            replace: "nam: oops\nposition:", rule: "unknown-field"),
        Mutation(
            name: "a wrong type", example: "dealhunter", file: "content/deals/1.yaml", find: "featured: true",
            replace: "featured: \"yes\"", rule: "wrong-type"),
        Mutation(
            name: "a missing required field", example: "dealhunter", file: "content/deals/1.yaml",
            find: "name: \"Two croissants for the price of one\"\n", replace: "", rule: "missing-required"),
        Mutation(
            name: "an out-of-range latitude", example: "dealhunter", file: "content/deals/1.yaml", find: "latitude: 52.382420",
            replace: "latitude: 152.382420", rule: "geo-range"),
        Mutation(
            name: "a bad enum value", example: "dealhunter", file: "content/deals/1.yaml", find: "category: food",
            replace: "category: fod", rule: "out-of-range"),
        Mutation(
            name: "a text over its length", example: "whack-a-vc", file: "content/phrases/phrases.yaml",
            find: "text: Have you thought about the enterprise market?", replace: "text: \(longPhrase)", rule: "text-too-long"),
        Mutation(
            name: "a required localized text left empty (null)", example: "gohike-amsterdam", file: "content/locations/1.yaml",
            find: "name:\n  en: \"RAI Congress Center\"\n  nl: \"RAI Congrescentrum\"\n", replace: "name:\n",
            rule: "missing-required"),
        Mutation(
            name: "a required localized text left empty (\"\")", example: "gohike-amsterdam", file: "content/locations/1.yaml",
            find: "name:\n  en: \"RAI Congress Center\"\n  nl: \"RAI Congrescentrum\"\n", replace: "name: \"\"\n",
            rule: "missing-required"),
        Mutation(
            name: "an image with a disallowed extension", example: "whack-a-vc", file: "content/vcs/1.yaml",
            find: "game_image: vcs/vc1.png", replace: "game_image: vcs/vc1.gif", rule: "asset-format-not-allowed"),
    ]

    /// A 1×1 GIF, a format `vcs.game_image` does not allow.
    static let gif = Data([
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF,
        0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02,
        0x02, 0x44, 0x01, 0x00, 0x3B,
    ])

    @Test("each mutation is refused by the schema and by lint", arguments: mutations)
    func mutationRefused(_ mutation: Mutation) async throws {
        let temp = try TemporaryDirectory()
        let root = try temp.copy(TestPaths.example(mutation.example), as: mutation.example)
        let file = root.appendingPathComponent(mutation.file)
        let text = try String(contentsOf: file, encoding: .utf8)
        try #require(text.contains(mutation.find), "the example no longer has `\(mutation.find)`")
        try Data(text.replacingOccurrences(of: mutation.find, with: mutation.replace).utf8).write(to: file)
        if mutation.rule == "asset-format-not-allowed" {
            try Self.gif.write(to: root.appendingPathComponent("assets/vcs/vc1.gif"))
        }

        let errors = try await Self.lintErrors(root)
        #expect(errors.contains { $0.rule == mutation.rule && $0.location?.file == mutation.file }, "\(errors)")

        let collection = mutation.file.split(separator: "/")[1]
        let schemas = try await Self.schemasAndFiles(of: root)
        let schema = try #require(schemas.first { $0.collection == collection }?.schema)
        let (ok, output) = try Self.validates([file], schema: schema)
        #expect(!ok, "the schema accepted \(mutation.name): \(output)")
    }
}
