import Foundation
import GamePackBuild
import GamePackTestSupport
import Testing

@testable import GamePackContent
@testable import GamePackKit
@testable import GamePackLint

@Suite("Project loading and config")
struct ProjectTests {
    static let base = TestPaths.fixtures("GamePackKitTests").appendingPathComponent("lint/base")

    @Test("loads config, built-in and project types, items from one-per-file and list files, assets")
    func loadsBase() async throws {
        let project = try await Project.load(at: Self.base)
        #expect(project.config.id == "lint-base")
        #expect(project.config.locales == ["en", "nl"])
        #expect(project.config.defaultLocale == "en")
        #expect(project.config.translationLocales == ["nl"])
        #expect(project.config.lint.waypointMaxMeters == 3000)
        #expect(project.types["sounds"]?.sourceFile == "schema/sounds.yaml")
        #expect(project.types["locations"]?.sourceFile == nil)
        #expect(project.types["routes"]?.field("waypoints")?.element?.value.referenceTarget == "locations")
        let phrases = project.items.filter { $0.collection == "phrases" }
        #expect(phrases.map(\.id?.text) == ["1", "2"])
        #expect(phrases[1].node.location.line == 3)
        #expect(project.assetFiles == ["badges/art-lover.png", "photos/profile.jpg", "photos/rijksmuseum.jpg", "sounds/hit.wav"])
    }

    @Test("source files are told by their extension, in any case, and hidden names are not extensions")
    func sourceFiles() {
        for path in ["content/a/1.yaml", "content/a/1.YML", "x.Json", "a.b.yaml", "dir.yaml/1.yml"] {
            #expect(Project.isSourceFile(path), "\(path)")
        }
        for path in [
            "content/a/1.txt", "yaml", "content/.yaml", ".yml", "a.yaml/b", "a.yamll", "a.yam", "a.", "a.jsön", "a.y@ml",
        ] {
            #expect(!Project.isSourceFile(path), "\(path)")
        }
        // The same answers as Foundation's `pathExtension`, which this replaced.
        for path in ["content/a/1.yaml", "x.Json", "content/.yaml", "a.yaml/b", "a.", "a.YAML", "b/.json"] {
            let ext = (path as NSString).pathExtension.lowercased()
            #expect(Project.isSourceFile(path) == ["yaml", "yml", "json"].contains(ext), "\(path)")
        }
    }

    @Test("a folder without gamepack.yaml is not a project")
    func notAProject() async throws {
        let temp = try TemporaryDirectory()
        await #expect(throws: GamePackError.notAProject(path: temp.url.standardizedFileURL.path)) {
            try await Project.load(at: temp.url)
        }
    }

    @Test("config problems are all reported, with suggestions")
    func configProblems() async throws {
        let temp = try TemporaryDirectory()
        try temp.write(
            "id: Bad_ID\nlocales: [en, xx-yy]\ntarget: [gohike]\nlint:\n  rules:\n    unused-assets: off\n    syntax: off\n",
            to: "p/gamepack.yaml")
        let project = try await Project.load(at: temp.url.appendingPathComponent("p"))
        let messages = project.diagnostics.map { "\($0.location!.line) \($0.message)" }
        #expect(project.diagnostics.allSatisfy { $0.rule == "config" })
        #expect(messages.contains { $0.hasPrefix("3 unknown setting `target`; did you mean `targets`?") })
        #expect(messages.contains { $0.hasPrefix("1 `id` must be lowercase") })
        #expect(messages.contains { $0.contains("`name:` is missing") })
        #expect(messages.contains { $0.hasPrefix("2 `xx-yy` is not a locale code") })
        #expect(messages.contains { $0.hasPrefix("6 unknown lint rule `unused-assets`; did you mean `unused-asset`?") })
        #expect(messages.contains { $0.hasPrefix("7 rule `syntax` cannot be changed") })
    }

    @Test("a project's schema adds a collection and overrides a built-in one")
    func customTypes() async throws {
        let temp = try TemporaryDirectory()
        try temp.write("id: p\nname: P\nlocales: [en]\n", to: "p/gamepack.yaml")
        try temp.write(
            "fields:\n  title: {type: string, required: true}\n  level: {type: int, min: 1, max: 3}\n", to: "p/schema/quests.yaml"
        )
        try temp.write(
            "description: Short phrases.\nfields:\n  text: {type: string, max_length: 5}\n", to: "p/schema/phrases.yaml")
        try temp.write("- {id: a, title: Find the key, level: 4}\n- {id: b, level: 2}\n", to: "p/content/quests/all.yaml")
        try temp.write("id: 1\ntext: Too long a phrase\n", to: "p/content/phrases/1.yaml")
        let findings = try await lintSummary(of: temp.url.appendingPathComponent("p"))
        #expect(
            findings == [
                "content/phrases/1.yaml:2:7 text-too-long",
                "content/quests/all.yaml:1:39 out-of-range",
                "content/quests/all.yaml:2:3 missing-required",
            ])
    }

    @Test("schema errors are reported with their place and all at once")
    func schemaErrors() async throws {
        let temp = try TemporaryDirectory()
        try temp.write("id: p\nname: P\nlocales: [en]\n", to: "p/gamepack.yaml")
        try temp.write(
            "fields:\n  a: {type: strng}\n  b: {type: reference}\n  c: {type: string, requird: true}\n  d: {type: string, pattern: '(['}\n",
            to: "p/schema/things.yaml")
        let project = try await Project.load(at: temp.url.appendingPathComponent("p"))
        let lines = project.diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.rule)" }
        #expect(lines == ["2:13 schema", "3:6 schema", "4:21 schema", "5:30 schema"])
        #expect(project.diagnostics[0].message.contains("Did you mean `string`?"))
        #expect(project.diagnostics[2].message.contains("did you mean `required`?"))
        #expect(project.types["things"]?.field("d")?.pattern == "([")
        #expect(project.types["things"]?.field("d")?.regex == nil)
    }

    @Test("locale codes are read as the expression `^[a-z]{2,3}(-[A-Z]{2}|-[A-Z][a-z]{3})?$` reads them")
    func localeCodes() throws {
        #expect(["en", "nl", "fil", "pt-BR", "zh-Hant", "en-US"].allSatisfy(ProjectConfig.isValidLocale))
        let rejected = [
            "", "e", "engl", "EN", "en-us", "en-USA", "en-", "-en", "zh-HANT", "zh-Hantx", "en_US", "én", "en-ÜS",
            "en\n", "en-US\n", "nl ", " nl",
        ]
        #expect(!rejected.contains(where: ProjectConfig.isValidLocale), "\(rejected.filter(ProjectConfig.isValidLocale))")
        // Random strings over the letters that matter, against the expression itself (which
        // also lets a trailing line break through: left out here).
        let expression = try NSRegularExpression(pattern: "^[a-z]{2,3}(-[A-Z]{2}|-[A-Z][a-z]{3})?$")
        let alphabet: [Character] = ["a", "n", "z", "A", "H", "Z", "-", "0", "_", "é", "`", "{", "@", "["]
        var random = SeededRandom(34)
        var accepted = 0
        for _ in 0..<20_000 {
            let length = Int(random.next() % 8)
            let code = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            let matches = expression.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil
            #expect(ProjectConfig.isValidLocale(code) == matches, "\(code)")
            if matches { accepted += 1 }
        }
        #expect(accepted > 50)
    }

    @Test("every built-in pattern compiles, and matches as a project's own pattern does")
    func builtinPatterns() throws {
        // The built-in types' patterns are compiled when first matched (`FieldPattern`), not
        // as they are parsed: a bad one would otherwise go unreported.
        var found = 0
        func visit(_ spec: FieldSpec) {
            if let pattern = spec.fieldPattern {
                found += 1
                #expect(pattern.regex != nil, "built-in pattern of \(spec.name) does not compile: \(pattern.text)")
            }
            spec.fields.forEach(visit)
            if let element = spec.element?.value { visit(element) }
        }
        for type in BuiltinTypes.types.values { type.fields.forEach(visit) }
        #expect(found >= 1)
        let twitter = try #require(BuiltinTypes.types["vcs"]?.field("twitter"))
        #expect(twitter.pattern == "[A-Za-z0-9_]{1,15}")
        let regex = try #require(twitter.regex)
        func matches(_ text: String) -> Bool {
            regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        #expect(matches("gamepack_1"))
        #expect(!matches("@gamepack"))
        #expect(!matches("a_handle_of_sixteen"))
        // The same text compiled at once, as a project's schema is, matches the same.
        let eager = try FieldPattern(compiling: "[A-Za-z0-9_]{1,15}")
        #expect(eager.regex?.pattern == regex.pattern)
        #expect(throws: (any Error).self) { try FieldPattern(compiling: "([") }
        #expect(FieldPattern("([").regex == nil)
    }

    @Test("a content file outside a collection folder is reported")
    func strayContentFile() async throws {
        let temp = try TemporaryDirectory()
        try temp.write("id: p\nname: P\nlocales: [en]\n", to: "p/gamepack.yaml")
        try temp.write("id: 1\n", to: "p/content/stray.yaml")
        let findings = try await lintSummary(of: temp.url.appendingPathComponent("p"))
        #expect(findings == ["content/stray.yaml unknown-collection"])
    }

    @Test("files read side by side give their items, problems and unloaded files in file order")
    func loadOrder() async throws {
        let temp = try TemporaryDirectory()
        try temp.write("id: p\nname: P\nlocales: [en]\n", to: "p/gamepack.yaml")
        // 300 files (more than the runs they are read in); every 50th does not parse, every
        // 30th holds two items, and one stands outside a collection folder.
        var expectedIDs: [String] = []
        var expectedUnloaded: [String] = []
        for n in 0..<300 {
            let name = String(format: "phrases/%03d.yaml", n)
            if n % 50 == 7 {
                try temp.write("id: [\n", to: "p/content/\(name)")
                expectedUnloaded.append("content/\(name)")
            } else if n % 30 == 0 {
                try temp.write("- {id: \(n)a, text: A}\n- {id: \(n)b, text: B}\n", to: "p/content/\(name)")
                expectedIDs += ["\(n)a", "\(n)b"]
            } else {
                try temp.write("id: \(n)\ntext: T\n", to: "p/content/\(name)")
                expectedIDs.append("\(n)")
            }
        }
        try temp.write("id: 1\n", to: "p/content/stray.yaml")
        let project = try await Project.load(at: temp.url.appendingPathComponent("p"))
        #expect(project.items.map { $0.id?.text ?? "" } == expectedIDs)
        #expect(project.unloadedFiles == expectedUnloaded)
        // The problems come in file order: each unparsable file's, and the stray file's last.
        var places: [String] = []
        for file in project.diagnostics.compactMap({ $0.location?.file }) where places.last != file { places.append(file) }
        #expect(places.dropLast() == expectedUnloaded[...])
        #expect(places.last == "content/stray.yaml")
    }

    @Test("a content folder symlinked outside the project is not read")
    func symlinkedContent() async throws {
        let temp = try TemporaryDirectory()
        try temp.write("id: p\nname: P\nlocales: [en]\n", to: "p/gamepack.yaml")
        try temp.write("- {id: 1, text: Outside}\n", to: "outside/phrases.yaml")
        try FileManager.default.createDirectory(
            at: temp.url.appendingPathComponent("p/content"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: temp.url.appendingPathComponent("p/content/phrases").path,
            withDestinationPath: temp.url.appendingPathComponent("outside").path)
        let project = try await Project.load(at: temp.url.appendingPathComponent("p"))
        #expect(project.items.isEmpty)
        #expect(project.diagnostics.map(\.rule) == ["asset-outside-project"])
    }
}

@Suite("Examples and templates")
struct ExampleTests {
    @Test("every example lints clean", arguments: ["gohike-amsterdam", "whack-a-vc", "dealhunter"])
    func exampleIsClean(_ name: String) async throws {
        let findings = try await lintSummary(of: TestPaths.example(name))
        #expect(findings == [])
    }

    @Test("the gohike example keeps its texts byte for byte, \\r\\n and doubled quotes included")
    func gohikeTexts() async throws {
        let project = try await Project.load(at: TestPaths.example("gohike-amsterdam"))
        let rai = try #require(project.items.first { $0.collection == "locations" && $0.id?.text == "1" })
        let nl = try #require(rai.node["description"]?["nl"]?.scalarText)
        #expect(
            nl.hasPrefix(
                "Amsterdam RAI is een van de grootste beurs- en congrescentra van Nederland, aan het Europaplein in Amsterdam-Zuid.\r\nDe naam komt van de vereniging die het centrum oprichtte, de \"\"Rijwiel-"
            ))
        let route = try #require(project.items.first { $0.collection == "routes" })
        #expect(route.node["waypoints"]?.elements?.compactMap(\.scalarText) == ["3", "1", "2"])
    }

    @Test("the whack-a-vc example has the 23 phrases and 20 VCs of the Kinvey export fixture")
    func whackAVCCounts() async throws {
        let project = try await Project.load(at: TestPaths.example("whack-a-vc"))
        #expect(project.items.filter { $0.collection == "phrases" }.count == 23)
        #expect(project.items.filter { $0.collection == "vcs" }.count == 20)
    }

    @Test(
        "every template instantiates into a project that lints clean", arguments: ["gohike", "whackavc", "dealhunter", "blank"])
    func templateIsClean(_ name: String) async throws {
        let temp = try TemporaryDirectory()
        let destination = temp.url.appendingPathComponent("My Game")
        try ProjectTemplate.instantiate(name, at: destination, projectID: "my-game", projectName: "My Game: \"Deluxe\"")
        let project = try await Project.load(at: destination)
        #expect(project.config.id == "my-game")
        #expect(project.config.name == "My Game: \"Deluxe\"")
        let findings = await Linter.lint(project)
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("init refuses a non-empty folder and an unknown template, and leaves nothing behind")
    func templateRefusals() throws {
        let temp = try TemporaryDirectory()
        try temp.write("keep me", to: "taken/file.txt")
        #expect(throws: GamePackError.destinationNotEmpty(path: temp.url.appendingPathComponent("taken").path)) {
            try ProjectTemplate.instantiate(
                "blank", at: temp.url.appendingPathComponent("taken"), projectID: "x", projectName: "X")
        }
        #expect(try String(contentsOf: temp.url.appendingPathComponent("taken/file.txt"), encoding: .utf8) == "keep me")
        #expect(throws: GamePackError.self) {
            try ProjectTemplate.instantiate("nope", at: temp.url.appendingPathComponent("new"), projectID: "x", projectName: "X")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path) == ["taken"])
    }

    @Test("project ids derive from folder names")
    func projectIDs() {
        #expect(ProjectTemplate.projectID(fromFolderName: "My Game!") == "my-game")
        #expect(ProjectTemplate.projectID(fromFolderName: "2048") == "game-2048")
    }
}
