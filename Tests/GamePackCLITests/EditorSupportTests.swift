import Foundation
import GamePackKit
import GamePackTestSupport
import Testing

/// End to end: what `gamepack init` and `gamepack schema --json-schema` set up for editors,
/// and the shell completions.
@Suite("Editor support and completions (end to end)")
struct EditorSupportTests {
    func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    func yamlSchemas(_ root: URL) throws -> [String: [String]] {
        try #require(try json(root.appendingPathComponent(".vscode/settings.json"))["yaml.schemas"] as? [String: [String]])
    }

    @Test("init: a GitHub workflow, .gitignore, and every collection mapped to a schema that exists")
    func initSetsUpEditorsAndCI() throws {
        let temp = try TemporaryDirectory()
        let result = try CommandRunner.gamepack(["init", "hike", "--template", "gohike"], in: temp.url)
        #expect(result.status == 0, "\(result.stderr)")
        let root = temp.url.appendingPathComponent("hike")
        let fm = FileManager.default
        #expect(fm.fileExists(atPath: root.appendingPathComponent(".github/workflows/gamepack.yml").path))
        #expect(!fm.fileExists(atPath: root.appendingPathComponent(".gitlab-ci.yml").path))
        let workflow = try String(contentsOf: root.appendingPathComponent(".github/workflows/gamepack.yml"), encoding: .utf8)
        #expect(workflow.contains("gamepack CI for hike,") && !workflow.contains("{{id}}"))
        #expect(try String(contentsOf: root.appendingPathComponent(".gitignore"), encoding: .utf8).contains(".gamepack/\n"))

        let mapping = try yamlSchemas(root)
        for collection in ["locations", "routes", "profiles", "rewards", "phrases", "vcs", "deals"] {
            let key = "./.gamepack/schemas/\(collection).schema.json"
            #expect(mapping[key]?.contains("/content/\(collection)/*.yaml") == true, "\(mapping)")
            #expect(fm.fileExists(atPath: root.appendingPathComponent(String(key.dropFirst(2))).path), "\(key)")
        }
        let recommendations = try json(root.appendingPathComponent(".vscode/extensions.json"))["recommendations"] as? [String]
        #expect(recommendations == [EditorSettings.yamlExtension])

        // The rest of the project is as before: it lints clean.
        let lint = try CommandRunner.gamepack(["lint", root.path])
        #expect(lint.status == 0, "\(lint.stdout)")
    }

    @Test("init --ci gitlab writes only GitLab's file, --ci none no workflow; none with another is a usage error")
    func ciChoice() throws {
        let temp = try TemporaryDirectory()
        let fm = FileManager.default
        #expect(try CommandRunner.gamepack(["init", "a", "--ci", "gitlab"], in: temp.url).status == 0)
        #expect(fm.fileExists(atPath: temp.url.appendingPathComponent("a/.gitlab-ci.yml").path))
        #expect(!fm.fileExists(atPath: temp.url.appendingPathComponent("a/.github").path))
        #expect(try CommandRunner.gamepack(["init", "b", "--ci", "none"], in: temp.url).status == 0)
        #expect(!fm.fileExists(atPath: temp.url.appendingPathComponent("b/.gitlab-ci.yml").path))
        #expect(!fm.fileExists(atPath: temp.url.appendingPathComponent("b/.github").path))
        #expect(fm.fileExists(atPath: temp.url.appendingPathComponent("b/.vscode/settings.json").path))
        let both = try CommandRunner.gamepack(["init", "c", "--ci", "none", "--ci", "github"], in: temp.url)
        #expect(both.status == 2 && both.stderr.contains("--ci none"))
        #expect(!fm.fileExists(atPath: temp.url.appendingPathComponent("c").path))
    }

    @Test("schema --json-schema keeps the settings current: a new project type is added, old entries replaced, the rest kept")
    func schemaKeepsSettingsCurrent() throws {
        let temp = try TemporaryDirectory()
        let root = try temp.copy(TestPaths.example("dealhunter"), as: "deals")
        try temp.write(
            """
            {"editor.tabSize": 2, "yaml.schemas": {"https://json.schemastore.org/github-workflow.json": ["/.github/workflows/*.yml"],
             "./.gamepack/schemas/gone.schema.json": ["/content/gone/*.yaml"]}}
            """, to: "deals/.vscode/settings.json")
        try temp.write("{\"recommendations\": [\"ms-python.python\"]}", to: "deals/.vscode/extensions.json")
        try temp.write("fields:\n  title: {type: string, required: true}\n", to: "deals/schema/banners.yaml")

        let result = try CommandRunner.gamepack(["schema", "--json-schema"], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        let settings = try json(root.appendingPathComponent(".vscode/settings.json"))
        #expect(settings["editor.tabSize"] as? Int == 2)
        let mapping = try yamlSchemas(root)
        #expect(mapping["https://json.schemastore.org/github-workflow.json"] == ["/.github/workflows/*.yml"])
        #expect(mapping["./.gamepack/schemas/gone.schema.json"] == nil)
        #expect(mapping["./.gamepack/schemas/banners.schema.json"]?.first == "/content/banners/*.yaml")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(".gamepack/schemas/banners.schema.json").path))
        let recommendations = try json(root.appendingPathComponent(".vscode/extensions.json"))["recommendations"] as? [String]
        #expect(recommendations == ["ms-python.python", EditorSettings.yamlExtension])

        // Again: nothing to change, nothing rewritten.
        let again = try CommandRunner.gamepack(["schema", "--json-schema"], in: root)
        #expect(again.status == 0 && !again.stdout.contains("Updated"), "\(again.stdout)")

        // --out: the schemas go there and the mapping follows; the old folder's entries go.
        let out = try CommandRunner.gamepack(["schema", "--json-schema", "--out", "schemas"], in: root)
        #expect(out.status == 0, "\(out.stderr)")
        let moved = try yamlSchemas(root)
        #expect(moved["./schemas/deals.schema.json"] != nil && moved["./.gamepack/schemas/deals.schema.json"] == nil, "\(moved)")
    }

    @Test("a settings file with comments is not rewritten; the command says what to do")
    func settingsWithComments() throws {
        let temp = try TemporaryDirectory()
        let root = try temp.copy(TestPaths.example("dealhunter"), as: "deals")
        let text = "{\n  // my settings\n  \"editor.tabSize\": 2\n}\n"
        let file = try temp.write(text, to: "deals/.vscode/settings.json")
        let result = try CommandRunner.gamepack(["schema", "--json-schema"], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("settings.json left as it is") && result.stderr.contains("yaml.schemas"), "\(result.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }

    @Test("--json-schema outside a project is a usage error naming the folder")
    func notAProject() throws {
        let temp = try TemporaryDirectory()
        let result = try CommandRunner.gamepack(["schema", "--json-schema"], in: temp.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("gamepack.yaml") || result.stderr.contains("not a gamepack project"), "\(result.stderr)")
    }

    @Test("the bash completion script loads and completes gamepack; zsh and fish scripts are generated")
    func completions() throws {
        let temp = try TemporaryDirectory()
        for shell in ["bash", "zsh", "fish"] {
            let result = try CommandRunner.gamepack(["--generate-completion-script", shell])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("gamepack") && result.stdout.contains("lint"), "\(shell)")
            try temp.write(result.stdout, to: "gamepack.\(shell)")
        }
        let script = temp.url.appendingPathComponent("gamepack.bash").path
        let bash = try #require(CommandRunner.which("bash"))
        let loaded = try CommandRunner.run(bash, ["-c", "source '\(script)' && complete -p gamepack"])
        #expect(loaded.status == 0, "\(loaded.stderr)")
        #expect(loaded.stdout.contains("-F _gamepack gamepack"), "\(loaded.stdout)")
        // The subcommands are offered after `gamepack `.
        let offered = try CommandRunner.run(
            bash,
            [
                "-c",
                "source '\(script)'; COMP_WORDS=(gamepack ''); COMP_CWORD=1; COMP_LINE='gamepack '; COMP_POINT=9; _gamepack; printf '%s\\n' \"${COMPREPLY[@]}\"",
            ])
        #expect(offered.stdout.split(separator: "\n").contains("lint"), "\(offered.stdout)\(offered.stderr)")
    }
}
