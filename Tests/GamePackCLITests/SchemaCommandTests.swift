import Foundation
import GamePackTestSupport
import Testing

/// End to end through the `gamepack` binary: `gamepack schema` lists and prints content types.
@Suite("gamepack schema (end to end)")
struct SchemaCommandTests {
    /// The listing's line for `name`: `name  origin  description`.
    func line(_ name: String, in output: String) -> String? {
        output.split(separator: "\n").map(String.init).first { $0.hasPrefix(name + " ") }
    }

    @Test("run inside a project, the project's own types (schema/) are listed beside the built-in ones")
    func projectTypesInCurrentFolder() throws {
        let result = try CommandRunner.gamepack(["schema"], in: TestPaths.example("whack-a-vc"))
        #expect(result.status == 0, "\(result.stderr)")
        let sounds = try #require(line("sounds", in: result.stdout), "\(result.stdout)")
        #expect(sounds.contains("from schema/sounds.yaml"), "\(sounds)")
        #expect(sounds.contains("Sound effects played during a game"), "\(sounds)")
        #expect(line("phrases", in: result.stdout)?.contains("built-in") == true, "\(result.stdout)")

        // Printing it by name works the same way.
        let printed = try CommandRunner.gamepack(["schema", "sounds"], in: TestPaths.example("whack-a-vc"))
        #expect(printed.status == 0, "\(printed.stderr)")
        let file = try String(contentsOf: TestPaths.example("whack-a-vc/schema/sounds.yaml"), encoding: .utf8)
        #expect(printed.stdout == file)
    }

    @Test("--project names the project; outside a project only the built-in types are listed")
    func explicitProjectAndNoProject() throws {
        let named = try CommandRunner.gamepack(["schema", "--project", "examples/whack-a-vc"], in: TestPaths.repoRoot)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(line("sounds", in: named.stdout)?.contains("from schema/sounds.yaml") == true, "\(named.stdout)")

        let temp = try TemporaryDirectory()
        let outside = try CommandRunner.gamepack(["schema"], in: temp.url)
        #expect(outside.status == 0, "\(outside.stderr)")
        #expect(line("sounds", in: outside.stdout) == nil, "\(outside.stdout)")
        #expect(line("phrases", in: outside.stdout)?.contains("built-in") == true, "\(outside.stdout)")
    }
}
