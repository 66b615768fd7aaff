import Foundation
import GamePackTestSupport
import Testing

/// `gamepack studio` in Chromium, driven as an editor would (`Fixtures/studio/studio_walk.py`)
/// on a copy of each example, with axe-core run on every view the walk passes through.
@Suite("gamepack studio (in a browser)", .serialized)
struct StudioBrowserTests {
    /// Where the walk leaves its screenshots: `.build/studio-screenshots/`.
    static let screenshots = TestPaths.repoRoot.appendingPathComponent(".build/studio-screenshots")

    /// The steps each example's types allow (the others print `n/a` with the reason).
    static let steps: [String: [String]] = [
        "gohike-amsterdam": ["create", "duplicate", "route", "reference", "translate", "commit", "conflict", "broken"],
        "dealhunter": ["create", "duplicate", "commit", "conflict", "broken"],
        "whack-a-vc": ["create", "duplicate", "commit", "conflict", "broken"],
    ]

    /// A copy of `example` as a git repository with one commit; its Dutch texts carry the
    /// source hashes `l10n import` writes, so a changed English text makes them stale.
    func repository(_ example: String, in temp: TemporaryDirectory) throws -> URL {
        let project = try temp.copy(TestPaths.example(example), as: example)
        let config = try String(contentsOf: project.appendingPathComponent("gamepack.yaml"), encoding: .utf8)
        if config.contains("nl") {
            let xliff = temp.url.appendingPathComponent("nl.xlf").path
            #expect(try CommandRunner.gamepack(["l10n", "export", project.path, "--locale", "nl", "--out", xliff]).status == 0)
            #expect(try CommandRunner.gamepack(["l10n", "import", project.path, xliff]).status == 0)
        }
        for arguments in [
            ["init", "-q", "-b", "main"], ["config", "user.name", "Studio Walk"], ["config", "user.email", "walk@example.com"],
            ["config", "commit.gpgsign", "false"], ["add", "."], ["commit", "-qm", "the example"],
        ] {
            let result = try git(arguments, in: project)
            #expect(result.status == 0, "git \(arguments): \(result.stderr)")
        }
        return project
    }

    func git(_ arguments: [String], in project: URL) throws -> CommandResult {
        try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: project)
    }

    @Test(
        "the editor's walk: create on the map with a dropped photo, duplicate and delete, a route's stops dragged, a broken reference, translations, commit (to a new branch on gohike), a conflict, a file broken outside the studio; axe on every view",
        .tags(.browser), .requires(.python3, .chromium, .axeCore),
        arguments: ["gohike-amsterdam", "dealhunter", "whack-a-vc"])
    func walk(_ example: String) throws {
        try ExternalTool.chromium.require()
        try ExternalTool.axeCore.require()
        let temp = try TemporaryDirectory()
        let project = try repository(example, in: temp)
        // The photo to upload: a copy of one of the project's images under a new name.
        let source = example == "whack-a-vc" ? "assets/vcs/vc1.png" : "assets/photos/rai-congress-center.jpg"
        let photo = temp.url.appendingPathComponent(example == "whack-a-vc" ? "studio-photo.png" : "studio-photo.jpg")
        try FileManager.default.copyItem(
            at: TestPaths.example(example == "whack-a-vc" ? "whack-a-vc" : "gohike-amsterdam").appendingPathComponent(source),
            to: photo)
        let studio = try PreviewProcess(project, command: "studio")
        defer { studio.stop() }
        let script = TestPaths.fixtures("GamePackCLITests").appendingPathComponent("studio/studio_walk.py")
        let python = try #require(CommandRunner.which("python3"))
        let run = try CommandRunner.run(
            python,
            [
                script.path, "--url", studio.baseURL, "--dir", project.path, "--gamepack", TestPaths.gamepackBinary.path,
                "--photo", photo.path, "--shots", Self.screenshots.path, "--name", example,
            ])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("ALL STEPS PASSED"), "\(run.stdout)")
        for step in Self.steps[example] ?? [] {
            #expect(run.stdout.contains("step \(step): passed"), "\(step): \(run.stdout)")
        }
        #expect(run.stdout.contains("axe "), "axe-core did not run: \(run.stdout)")
        #expect(run.stdout.range(of: #"(critical|serious) [1-9]"#, options: .regularExpression) == nil, "\(run.stdout)")
        for line in run.stdout.split(separator: "\n")
        where line.hasPrefix("step ") || line.hasPrefix("axe ") || line.hasPrefix("ok: ") { print(line) }

        // What the walk left, checked here apart from the script: the commit, a clean lint.
        let log = try git(["log", "--format=%s"], in: project)
        #expect(log.stdout.hasPrefix("Studio walk: new "), "\(log.stdout)")
        let lint = try CommandRunner.gamepack(["lint", project.path])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
    }
}
