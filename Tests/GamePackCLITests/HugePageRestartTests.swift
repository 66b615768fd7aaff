import Foundation
import GamePackTestSupport
import Testing

/// `gamepack diff` and `gamepack lint` restart themselves once, before `main`, with glibc's
/// tunables for huge pages (`Sources/CProcessStart/process_start.c`); other commands, and any
/// run whose operator set `GLIBC_TUNABLES`, start once. Traced by strace: the second `execve`
/// (of `/proc/self/exe`), glibc's `madvise(MADV_HUGEPAGE)` on its heaps, and the environment of
/// the programs the restarted process runs (git), which must not carry the tunables on.
@Suite("diff and lint restart with huge-page tunables", .requires(.strace))
struct HugePageRestartTests {
    /// What strace saw of `gamepack ARGUMENTS` in `folder`: each `execve` with its environment,
    /// and each `madvise`.
    static func trace(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> String {
        let strace = try #require(CommandRunner.which("strace"))
        let output = folder.appendingPathComponent("strace-\(UUID().uuidString).txt")
        let result = try CommandRunner.run(
            strace, ["-f", "-v", "-s", "512", "-e", "trace=execve,madvise", "-o", output.path, TestPaths.gamepackBinary.path]
                + arguments, in: folder, environment: environment)
        try #require(result.status == 0, "strace gamepack \(arguments): \(result.stderr)")
        return try String(contentsOf: output, encoding: .utf8)
    }

    static func restarts(_ trace: String) -> Int {
        trace.split(separator: "\n").filter { $0.contains("execve(\"/proc/self/exe\"") }.count
    }

    @Test("diff and lint restart once and ask for huge pages; build, and an operator's tunables, do not")
    func restartOnce() throws {
        #if os(Linux)
            let temp = try TemporaryDirectory()
            _ = try temp.write(CommandMemoryTests.content(routes: 200, edited: false), to: "old.json")
            _ = try temp.write(CommandMemoryTests.content(routes: 200, edited: true), to: "new.json")
            let diff = ["diff", "old.json", "new.json", "--format", "json", "--out", "report.json"]
            let tuned = try Self.trace(diff, in: temp.url)
            #expect(Self.restarts(tuned) == 1, "\(tuned.prefix(2000))")
            #expect(tuned.contains("MADV_HUGEPAGE"), "glibc asked for no huge page")
            let report = try String(contentsOf: temp.url.appendingPathComponent("report.json"), encoding: .utf8)
            #expect(report.contains("\"modified\" : 143"), "the restarted diff found every edited location")

            let project = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "project")
            let lint = try Self.trace(["lint", project.path, "--quiet"], in: temp.url)
            #expect(Self.restarts(lint) == 1 && lint.contains("MADV_HUGEPAGE"))

            // An operator's own tunables win: one start, glibc's pages.
            let chosen = try Self.trace(diff, in: temp.url, environment: ["GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"])
            #expect(Self.restarts(chosen) == 0 && !chosen.contains("MADV_HUGEPAGE"))
            let build = try Self.trace(["build", "--help"], in: temp.url)
            #expect(Self.restarts(build) == 0)
        #endif
    }

    @Test("the programs a restarted diff runs (git) get the environment as it was")
    func childrenUntouched() throws {
        #if os(Linux)
            let temp = try TemporaryDirectory()
            let repo = try temp.copy(TestPaths.example("gohike-amsterdam"), as: "repo")
            for arguments in [
                ["init", "-q", "-b", "main"], ["add", "."],
                ["-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", "commit", "-qm", "first"],
            ] {
                let result = try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: repo)
                try #require(result.status == 0, "git \(arguments): \(result.stderr)")
            }
            let trace = try Self.trace(["diff", "--git", "main", "--format", "json"], in: repo)
            #expect(Self.restarts(trace) == 1)
            let gitRuns = trace.split(separator: "\n").filter { $0.contains("execve(") && $0.contains("/git\", [") }
            #expect(!gitRuns.isEmpty, "the diff ran no git")
            for run in gitRuns {
                #expect(!run.contains("GLIBC_TUNABLES") && !run.contains("GAMEPACK_RESTARTED"), "\(run.prefix(300))")
            }
        #endif
    }
}
