import Foundation
import GamePackContent
import GamePackLint
import GamePackTestSupport
import Testing

/// End-to-end: the built `gamepack` binary on the examples, checking output, files and exit status.
@Suite("gamepack lint (end to end)")
struct LintCommandTests {
    @Test("each example lints clean with exit status 0", arguments: ["gohike-amsterdam", "whack-a-vc", "dealhunter"])
    func examples(_ name: String) throws {
        let result = try CommandRunner.gamepack(["lint", "examples/\(name)"], in: TestPaths.repoRoot)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("No problems found in "))
    }

    @Test("a broken project exits 1 and names file, line and column with the source line and a caret")
    func broken() throws {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "hike")
        let route = project.appendingPathComponent("content/routes/1.yaml")
        let text = try String(contentsOf: route, encoding: .utf8).replacingOccurrences(
            of: "waypoints: [3, 1, 2]", with: "waypoints: [3, 1, 2, 42]")
        try text.write(to: route, atomically: true, encoding: .utf8)
        let result = try CommandRunner.gamepack(["lint", "hike"], in: temp.url)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("hike/content/routes/1.yaml:") == true)
        #expect(
            lines.first?.contains(
                ": error: [dangling-reference] route 1 refers to location 42, which does not exist; the closest existing id is 3")
                == true)
        #expect(lines.count > 2 && lines[1].contains("waypoints: [3, 1, 2, 42]") && lines[2].hasSuffix("^"))
        #expect(lines.last == "1 error, 0 warnings, 0 notes in 7 files.")
    }

    @Test("--strict turns warnings into errors and exit status 1")
    func strict() throws {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.example("dealhunter"), as: "deals")
        _ = project
        try temp.write("x", to: "deals/assets/unused.png")
        let plain = try CommandRunner.gamepack(["lint", "deals"], in: temp.url)
        #expect(plain.status == 0)
        #expect(plain.stdout.contains("warning: [unused-asset]"))
        let strict = try CommandRunner.gamepack(["lint", "deals", "--strict"], in: temp.url)
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("error: [unused-asset]"))
    }

    @Test("--format sarif --output writes a SARIF file; --format github prints annotations")
    func formats() throws {
        let temp = try TemporaryDirectory()
        let project = try temp.copy(TestPaths.example("dealhunter"), as: "deals")
        let deal = project.appendingPathComponent("content/deals/1.yaml")
        try (try String(contentsOf: deal, encoding: .utf8) + "colour: red\n").write(to: deal, atomically: true, encoding: .utf8)
        let sarif = try CommandRunner.gamepack(["lint", "deals", "--format", "sarif", "--output", "out.sarif"], in: temp.url)
        #expect(sarif.status == 1)
        #expect(sarif.stdout.isEmpty)
        let document =
            try JSONSerialization.jsonObject(with: Data(contentsOf: temp.url.appendingPathComponent("out.sarif")))
            as? [String: Any]
        let results = ((document?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        #expect(results.count == 1 && results.first?["ruleId"] as? String == "unknown-field")
        let github = try CommandRunner.gamepack(["lint", "deals", "--format", "github"], in: temp.url)
        #expect(github.stdout.hasPrefix("::error file=deals/content/deals/1.yaml,line="))
        let junit = try CommandRunner.gamepack(["lint", "deals", "--format", "junit"], in: temp.url)
        #expect(junit.stdout.contains("<failure type=\"unknown-field\""))
        let json = try CommandRunner.gamepack(["lint", "deals", "--format", "json"], in: temp.url)
        #expect(json.stdout.contains("\"errors\" : 1"))
    }

    @Test("usage and I/O errors exit 2 with a message on standard error")
    func usageErrors() throws {
        let badFlag = try CommandRunner.gamepack(["lint", "--format", "xml", "examples/dealhunter"], in: TestPaths.repoRoot)
        #expect(badFlag.status == 2)
        #expect(badFlag.stderr.contains("xml"))
        let temp = try TemporaryDirectory()
        let notProject = try CommandRunner.gamepack(["lint", temp.url.path])
        #expect(notProject.status == 2)
        #expect(notProject.stderr.contains("is not a gamepack project"))
        let unwritable = try CommandRunner.gamepack(
            ["lint", "examples/dealhunter", "--output", "/nonexistent/dir/out.txt"], in: TestPaths.repoRoot)
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.contains("/nonexistent/dir/out.txt"))
    }

    @Test("--list-rules names every rule with its default severity")
    func listRules() throws {
        let result = try CommandRunner.gamepack(["lint", "--list-rules"])
        #expect(result.status == 0)
        for rule in LintRule.allCases {
            #expect(result.stdout.contains("\(rule.rawValue) "))
        }
    }

    @Test("--color always colors; NO_COLOR and pipes do not")
    func colors() throws {
        let temp = try TemporaryDirectory()
        _ = try temp.copy(TestPaths.example("dealhunter"), as: "deals")
        try temp.write("id: 99\n", to: "deals/content/deals/99.yaml")
        let colored = try CommandRunner.gamepack(["lint", "deals", "--color", "always"], in: temp.url)
        #expect(colored.stdout.contains("\u{1B}[1;31merror"))
        let piped = try CommandRunner.gamepack(["lint", "deals"], in: temp.url)
        #expect(!piped.stdout.contains("\u{1B}["))
    }
}

@Suite("gamepack init (end to end)")
struct InitCommandTests {
    @Test(
        "init works from any directory and the new project lints clean", arguments: ["gohike", "whackavc", "dealhunter", "blank"])
    func initTemplate(_ template: String) throws {
        let temp = try TemporaryDirectory()
        let created = try CommandRunner.gamepack(["init", "my-\(template)", "--template", template], in: temp.url)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.contains("Created my-\(template) from the \(template) template"))
        let config = try String(contentsOf: temp.url.appendingPathComponent("my-\(template)/gamepack.yaml"), encoding: .utf8)
        #expect(config.contains("id: my-\(template)"))
        #expect(!config.contains("{{"))
        let lint = try CommandRunner.gamepack(["lint", "my-\(template)"], in: temp.url)
        #expect(lint.status == 0, "\(lint.stdout)")
    }

    @Test("init refuses to overwrite and rejects unknown templates with exit status 2")
    func refusals() throws {
        let temp = try TemporaryDirectory()
        try temp.write("mine", to: "existing/notes.txt")
        let overwrite = try CommandRunner.gamepack(["init", "existing"], in: temp.url)
        #expect(overwrite.status == 2)
        #expect(overwrite.stderr.contains("already exists and is not empty"))
        let unknown = try CommandRunner.gamepack(["init", "fresh", "--template", "chess"], in: temp.url)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("available: blank, dealhunter, gohike, whackavc"))
    }
}
