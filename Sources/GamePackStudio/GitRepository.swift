import Foundation
import GamePackBuild
import GamePackContent
import GamePackFormat
import GamePackKit

/// The project's git repository, through the `git` command-line tool (docs/studio.md says why
/// not libgit2): what changed, gamepack's domain diff of it against HEAD, and a commit to the
/// current branch or a new one. Pushing is left to git's own configuration.
struct GitRepository {
    let root: URL

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `git -C ROOT arguments…`.
    func run(_ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["LC_ALL"] = "C"
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { throw StudioError(500, "cannot run git: \(error.localizedDescription); install git") }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Whether the project is inside a git work tree.
    var isRepository: Bool { (try? run(["rev-parse", "--is-inside-work-tree"]))?.stdout.hasPrefix("true") ?? false }

    /// `GET /api/git/status`: the branch, the changed files under the project, and the domain
    /// diff of the project against HEAD.
    func statusJSON() async throws -> JSONValue {
        guard isRepository else {
            return .object([
                "repository": .bool(false), "message": .string("the project is not a git repository; saving still works"),
            ])
        }
        let branch = try run(["rev-parse", "--abbrev-ref", "HEAD"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let status = try run(["status", "--porcelain=v1", "--untracked-files=all", "--", "."])
        let files: [JSONValue] = status.stdout.split(separator: "\n").map { line in
            .object([
                "status": .string(String(line.prefix(2)).trimmingCharacters(in: .whitespaces)),
                "path": .string(String(line.dropFirst(3))),
            ])
        }
        var diff: JSONValue = .null
        let hasHead = (try? run(["rev-parse", "--verify", "-q", "HEAD"]))?.status == 0
        if !files.isEmpty && hasHead {
            do {
                let (before, after) = try await SnapshotLoader.loadPair(
                    .git(revision: "HEAD", project: root.path), .path(root.path))
                let report = try await DiffEngine.compare(before, after)
                let text = DiffJSONRenderer().render(report, context: DiffRenderContext())
                diff = (try? JSONScanner.parse(Data(text.utf8))) ?? .string(text)
            } catch {
                diff = .object(["error": .string("\(error)")])
            }
        }
        return .object(["repository": .bool(true), "branch": .string(branch), "files": .array(files), "diff": diff])
    }

    /// `POST /api/git/commit`: commits every change under the project with `message`, on a new
    /// branch first when `branch` names one.
    func commit(message: String, branch: String?) throws -> JSONValue {
        guard isRepository else { throw StudioError(409, "the project is not a git repository; run `git init` to commit") }
        guard !message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw StudioError.badRequest("`message` must say what changed", field: "message")
        }
        if let branch, !branch.isEmpty {
            guard try run(["check-ref-format", "--branch", branch]).status == 0, !branch.hasPrefix("-") else {
                throw StudioError.badRequest("`\(branch)` is not a valid branch name", field: "branch")
            }
            let switched = try run(["switch", "-c", branch])
            guard switched.status == 0 else {
                throw StudioError(409, "git switch -c \(branch): \(switched.stderr)", field: "branch")
            }
        }
        let added = try run(["add", "-A", "--", "."])
        guard added.status == 0 else { throw StudioError(500, "git add: \(added.stderr)") }
        let committed = try run(["commit", "-m", message, "--", "."])
        guard committed.status == 0 else {
            throw StudioError(
                409, "git commit: \((committed.stderr + committed.stdout).trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        let head = try run(["rev-parse", "HEAD"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let current = try run(["rev-parse", "--abbrev-ref", "HEAD"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return .object(["commit": .string(head), "branch": .string(current)])
    }
}
