import Foundation
import GamePackTestSupport
import Testing

/// What the dynamic loader loads before any command runs: every library costs every command its
/// start-up, `gamepack lint` on three files too. Foundation's networking brought libcurl and
/// about 25 libraries with it (7 of `gamepack --version`'s 16 ms); the publishing client uses
/// AsyncHTTPClient instead, and nothing in the binary may bring them back.
@Suite("The gamepack binary's libraries")
struct LinkedLibrariesTests {
    @Test("the binary loads neither Foundation's networking nor libcurl")
    func noNetworkingFoundation() throws {
        let ldd = try #require(CommandRunner.which("ldd"), "ldd (libc-bin) is on every glibc system")
        let result = try CommandRunner.run(ldd, [TestPaths.gamepackBinary.path])
        #expect(result.status == 0, "\(result.stderr)")
        // Lines like "\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x…)".
        let libraries = result.stdout.split(separator: "\n").compactMap {
            $0.split(whereSeparator: \.isWhitespace).first.map(String.init)
        }
        #expect(libraries.contains { $0.hasPrefix("libc.so") }, "ldd listed \(libraries)")
        #expect(!libraries.contains { $0.hasPrefix("libFoundationNetworking") }, "\(libraries)")
        #expect(!libraries.contains { $0.hasPrefix("libcurl") }, "\(libraries)")
    }
}
