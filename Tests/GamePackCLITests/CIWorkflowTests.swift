import Foundation
import GamePackContent
import GamePackTestSupport
import Testing

/// The CI workflows `gamepack init --ci` writes: valid for GitHub and GitLab (their schemas, as
/// vendored in check-jsonschema), and every script in them runs against an example project in a
/// git repository, with a local `gamepack serve` standing in for the publish target. Only the
/// step that installs gamepack is not run (`scripts/check-install.sh` checks the install).
@Suite("CI workflows written by init (end to end)", .serialized)
struct CIWorkflowTests {
    /// A project made by `gamepack init` with both workflows.
    static func initialized(in temp: TemporaryDirectory) throws -> URL {
        let result = try CommandRunner.gamepack(
            ["init", "site", "--template", "gohike", "--ci", "github", "--ci", "gitlab"], in: temp.url)
        #expect(result.status == 0, "\(result.stderr)")
        return temp.url.appendingPathComponent("site")
    }

    @Test(
        "the workflows validate against GitHub's and GitLab's schemas", .tags(.python), .requires(.checkJSONSchema))
    func validWorkflows() throws {
        try ExternalTool.checkJSONSchema.require()
        let executable = try #require(ExternalTool.checkJSONSchemaExecutable)
        let temp = try TemporaryDirectory()
        let root = try Self.initialized(in: temp)
        for (schema, file) in [
            ("vendor.github-workflows", ".github/workflows/gamepack.yml"), ("vendor.gitlab-ci", ".gitlab-ci.yml"),
        ] {
            let result = try CommandRunner.run(
                executable, ["--builtin-schema", schema, root.appendingPathComponent(file).path])
            #expect(result.status == 0, "\(file): \(result.stdout)\(result.stderr)")
        }
    }

    @Test(
        "actionlint reports nothing on the GitHub workflow: current action majors, no deprecated node20 runtime",
        .tags(.python), .requires(.actionlint))
    func actionlint() throws {
        try ExternalTool.actionlint.require()
        let executable = try #require(ExternalTool.venvExecutable("actionlint"))
        let temp = try TemporaryDirectory()
        let root = try Self.initialized(in: temp)
        let workflow = root.appendingPathComponent(".github/workflows/gamepack.yml")
        let result = try CommandRunner.run(executable, ["-no-color", workflow.path], in: root)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        // The same actionlint flags the majors the workflow used before (so it does check them).
        let text = try String(contentsOf: workflow, encoding: .utf8)
        #expect(text.contains("actions/checkout@v7") && text.contains("actions/upload-artifact@v7"))
        let old = temp.url.appendingPathComponent("old.yml")
        try text.replacingOccurrences(of: "actions/checkout@v7", with: "actions/checkout@v4")
            .write(to: old, atomically: true, encoding: .utf8)
        let flagged = try CommandRunner.run(executable, ["-no-color", old.path], in: root)
        #expect(flagged.status == 1 && flagged.stdout.contains("\"node20\" is deprecated"), "\(flagged.stdout)")
    }

    // MARK: - Running the workflows

    /// A git repository holding the example project at its root with the workflows: `main`
    /// pushed to a bare `origin`, and a branch `change` that edits a location's text.
    struct Repository {
        let temp: TemporaryDirectory
        let root: URL
        let keyText: String

        init() throws {
            temp = try TemporaryDirectory()
            let made = try CIWorkflowTests.initialized(in: temp)
            root = temp.url.appendingPathComponent("repo")
            try FileManager.default.copyItem(at: TestPaths.example("gohike-amsterdam"), to: root)
            try? FileManager.default.removeItem(at: root.appendingPathComponent(".gamepack"))
            try? FileManager.default.removeItem(at: root.appendingPathComponent("build"))
            for file in [".github", ".gitlab-ci.yml", ".gitignore"] {
                try FileManager.default.copyItem(
                    at: made.appendingPathComponent(file), to: root.appendingPathComponent(file))
            }
            let keygen = try CommandRunner.gamepack(["keygen", "--out", temp.url.appendingPathComponent("release").path])
            #expect(keygen.status == 0, "\(keygen.stderr)")
            try FileManager.default.copyItem(
                at: temp.url.appendingPathComponent("release.pub"), to: root.appendingPathComponent("release.pub"))
            keyText = try String(contentsOf: temp.url.appendingPathComponent("release.key"), encoding: .utf8)

            try git(["init", "-q", "--bare", "-b", "main", temp.url.appendingPathComponent("origin.git").path], in: temp.url)
            try git(["init", "-q", "-b", "main"], in: root)
            try git(["remote", "add", "origin", "../origin.git"], in: root)
            try git(["add", "-A"], in: root)
            try git(["commit", "-q", "-m", "content"], in: root)
            try git(["push", "-q", "origin", "main"], in: root)
            try git(["checkout", "-q", "-b", "change"], in: root)
            let file = root.appendingPathComponent("content/locations/1.yaml")
            let text = try String(contentsOf: file, encoding: .utf8)
            let name = try #require(text.split(separator: "\n").first { $0.hasPrefix("  en: ") })
            try Data(text.replacingOccurrences(of: String(name), with: "  en: \"A renamed place\"").utf8).write(to: file)
            try git(["commit", "-q", "-am", "rename a place"], in: root)
        }

        @discardableResult
        func git(_ arguments: [String], in directory: URL) throws -> CommandResult {
            let git = try #require(CommandRunner.which("git"))
            let result = try CommandRunner.run(
                git, arguments, in: directory,
                environment: [
                    "GIT_AUTHOR_NAME": "Editor", "GIT_AUTHOR_EMAIL": "editor@example.com", "GIT_COMMITTER_NAME": "Editor",
                    "GIT_COMMITTER_EMAIL": "editor@example.com", "GIT_AUTHOR_DATE": "2026-03-01T12:00:00Z",
                    "GIT_COMMITTER_DATE": "2026-03-01T12:00:00Z",
                ])
            #expect(result.status == 0, "git \(arguments): \(result.stderr)")
            return result
        }

        /// A `gamepack serve` trusting the release key, and an upload token for it.
        func server() throws -> (ServerProcess, token: String) {
            let data = temp.url.appendingPathComponent("server").path
            let token = try CommandRunner.gamepack(["serve", "token", "create", "--data", data])
            #expect(token.status == 0, "\(token.stderr)")
            let server = try ServerProcess(
                ["--data", data, "--trusted-key", temp.url.appendingPathComponent("release.pub").path], in: temp.url)
            return (server, token.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }

        /// Runs `script` in the repository as CI would (bash, stop at the first failure), with
        /// the built gamepack first on PATH.
        func run(_ script: String, environment: [String: String]) throws -> CommandResult {
            let bash = try #require(CommandRunner.which("bash"))
            var env = environment
            env["PATH"] =
                TestPaths.gamepackBinary.deletingLastPathComponent().path + ":"
                + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            return try CommandRunner.run(bash, ["-e", "-o", "pipefail", "-c", script], in: root, environment: env)
        }
    }

    /// The YAML file at `path` of the repository.
    static func load(_ url: URL) throws -> SourceNode {
        guard case .loaded(let node) = SourceLoader.load(contentsOf: url, path: url.lastPathComponent) else {
            Issue.record("\(url.path) is not YAML")
            throw TestPackError(description: "not YAML")
        }
        return node
    }

    /// A map's scalar entries (`env:`, `variables:`), with `${{ … }}` expressions left to the test.
    static func variables(_ node: SourceNode?) -> [String: String] {
        var result: [String: String] = [:]
        for entry in node?.entries ?? [] {
            if let text = entry.value.scalarText { result[entry.key] = text }
        }
        return result
    }

    /// Whether a script installs gamepack (the one thing the tests do not run).
    static func installs(_ script: String) -> Bool { script.contains("scripts/install.sh") }

    /// Checks that a script not run holds no gamepack command.
    static func expectNoGamePackCommand(in script: String) {
        for line in script.split(separator: "\n") {
            #expect(!line.trimmingCharacters(in: .whitespaces).hasPrefix("gamepack "), "a gamepack command is not run: \(line)")
        }
    }

    @Test("GitHub Actions: every step of the pull-request and main-branch jobs runs against the example")
    func githubActions() throws {
        let repository = try Repository()
        let workflow = try Self.load(repository.root.appendingPathComponent(".github/workflows/gamepack.yml"))
        let summary = repository.temp.url.appendingPathComponent("summary.md")
        var env = Self.variables(workflow["env"]).filter { !$0.value.contains("${{") }
        env["GITHUB_BASE_REF"] = "main"
        env["GITHUB_STEP_SUMMARY"] = summary.path
        env["GITHUB_PATH"] = repository.temp.url.appendingPathComponent("path").path
        env["RUNNER_TEMP"] = repository.temp.url.path

        func runSteps(of job: String, environment: [String: String]) throws -> [String] {
            var ran: [String] = []
            let steps = try #require(workflow["jobs"]?[job]?["steps"]?.elements)
            for step in steps {
                guard let script = step["run"]?.scalarText else { continue }
                let name = step["name"]?.scalarText ?? script
                #expect(!script.contains("${{"), "\(job) / \(name): expressions belong in env, not in scripts")
                if Self.installs(script) {
                    Self.expectNoGamePackCommand(in: script)
                    continue
                }
                let result = try repository.run(script, environment: environment)
                #expect(result.status == 0, "\(job) / \(name): \(result.stdout)\(result.stderr)")
                ran.append(name)
            }
            return ran
        }

        let checked = try runSteps(of: "check", environment: env)
        #expect(checked == ["Lint", "Lint for code scanning", "Translations", "Changes against the base branch"])
        let sarif = try JSONSerialization.jsonObject(
            with: Data(contentsOf: repository.root.appendingPathComponent("gamepack.sarif")))
        #expect((sarif as? [String: Any])?["version"] as? String == "2.1.0")
        let posted = try String(contentsOf: summary, encoding: .utf8)
        #expect(posted.contains("## Translations"), "\(posted)")
        #expect(posted.contains("A renamed place"), "the diff of the base against the head is in the summary: \(posted)")

        let (server, token) = try repository.server()
        defer { _ = server.stop() }
        try repository.git(["checkout", "-q", "main"], in: repository.root)
        var release = env.merging(Self.variables(workflow["jobs"]?["release"]?["env"]).filter { !$0.value.contains("${{") }) {
            $1
        }
        release["GAMEPACK_SECRET_KEY"] = repository.keyText
        release["GAMEPACK_TOKEN"] = token
        release["GAMEPACK_SERVER"] = server.baseURL
        let released = try runSteps(of: "release", environment: release)
        #expect(released == ["Build and sign", "Verify", "Publish"])
        let history = try CommandRunner.gamepack(["history", "--server", server.baseURL, "--channel", "staging"])
        #expect(history.status == 0 && history.stdout.contains("gohike-amsterdam"), "\(history.stdout)\(history.stderr)")
    }

    @Test("GitLab CI: every job's script runs against the example")
    func gitlabCI() throws {
        let repository = try Repository()
        let pipeline = try Self.load(repository.root.appendingPathComponent(".gitlab-ci.yml"))
        var env = Self.variables(pipeline["variables"])
        env["CI_MERGE_REQUEST_TARGET_BRANCH_NAME"] = "main"
        env["CI_DEFAULT_BRANCH"] = "main"

        for script in pipeline[".gamepack"]?["before_script"]?.elements?.compactMap(\.scalarText) ?? [] {
            if Self.installs(script) { Self.expectNoGamePackCommand(in: script) }
        }
        func runJob(_ job: String, environment: [String: String]) throws {
            let elements = try #require(pipeline[job]?["script"]?.elements, "no script in \(job)")
            let lines = elements.compactMap(\.scalarText)
            let result = try repository.run(lines.joined(separator: "\n"), environment: environment)
            #expect(result.status == 0, "\(job): \(result.stdout)\(result.stderr)")
        }
        for job in ["lint", "translations", "changes"] { try runJob(job, environment: env) }
        let fm = FileManager.default
        for file in ["gamepack-lint.xml", "gamepack.sarif", "gamepack-l10n.md"] {
            #expect(fm.fileExists(atPath: repository.root.appendingPathComponent(file).path), "\(file)")
        }
        let diff = try String(contentsOf: repository.root.appendingPathComponent("gamepack-diff.md"), encoding: .utf8)
        #expect(diff.contains("A renamed place"), "\(diff)")

        let (server, token) = try repository.server()
        defer { _ = server.stop() }
        try repository.git(["checkout", "-q", "main"], in: repository.root)
        env["GAMEPACK_SECRET_KEY"] = repository.keyText
        env["GAMEPACK_TOKEN"] = token
        env["GAMEPACK_SERVER"] = server.baseURL
        try runJob("release", environment: env)
        let history = try CommandRunner.gamepack(["history", "--server", server.baseURL, "--channel", "staging"])
        #expect(history.status == 0 && history.stdout.contains("gohike-amsterdam"), "\(history.stdout)\(history.stderr)")
    }
}
