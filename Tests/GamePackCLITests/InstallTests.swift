import Foundation
import GamePackTestSupport
import Testing

/// `scripts/install.sh` end to end through `scripts/check-install.sh`: a static release build
/// into a temporary prefix, then `init`, `lint`, `build`, completions and the man page from the
/// prefix with the checkout hidden. The release build takes about 11 minutes on two cores, so
/// the test runs only with `GAMEPACK_TEST_INSTALL=1` (run the script itself otherwise).
@Suite(
    "Installing the binary (scripts/install.sh)", .tags(.install),
    .enabled(
        if: ProcessInfo.processInfo.environment["GAMEPACK_TEST_INSTALL"] == "1",
        "a release build: set GAMEPACK_TEST_INSTALL=1, or run bash scripts/check-install.sh"))
struct InstallTests {
    @Test("install into a temporary prefix; the installed gamepack works with the checkout out of reach")
    func installAndRunElsewhere() throws {
        let bash = try #require(CommandRunner.which("bash"))
        let result = try CommandRunner.run(bash, [TestPaths.repoRoot.appendingPathComponent("scripts/check-install.sh").path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("check-install: all good"), "\(result.stdout)")
    }
}
