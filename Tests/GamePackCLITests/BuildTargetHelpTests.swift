import Foundation
import GamePackBuild
import GamePackTestSupport
import Testing

/// End to end: `gamepack build`'s `--target` help and check come from `BuildTargetRegistry`, so
/// a new registered target shows up in them without editing the command.
@Suite("gamepack build --target follows the target registry (end to end)")
struct BuildTargetHelpTests {
    /// `text` with every run of whitespace made one space (help wraps at 80 columns).
    static func flattened(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test("build --help names every registered target with its summary")
    func helpListsEveryTarget() throws {
        let result = try CommandRunner.gamepack(["build", "--help"], environment: ["COLUMNS": "80"])
        #expect(result.status == 0)
        let help = Self.flattened(result.stdout)
        #expect(help.contains("A target to emit: \(BuildTargetRegistry.nameList) (repeatable;"))
        for (name, summary) in BuildTargetRegistry.summaries {
            #expect(help.contains(Self.flattened("\(name): \(summary)")), "build --help lacks \(name)'s summary")
        }
    }

    @Test("build --target refuses a name the registry does not have, listing the registry's names")
    func unknownTargetIsRefused() throws {
        let temp = try TemporaryDirectory()
        let result = try CommandRunner.gamepack(
            ["build", TestPaths.example("whack-a-vc").path, "--target", "kinvee", "--out", temp.url.path])
        #expect(result.status == 2, "a usage error exits with 2, not \(result.status)")
        #expect(result.stderr.contains("unknown target 'kinvee'; use \(BuildTargetRegistry.names.joined(separator: ", "))."))
    }
}
