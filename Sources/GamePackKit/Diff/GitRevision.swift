import Foundation
import GamePackBuild
import GamePackContent

/// Materializes a git revision of a project into a temporary folder with `git archive`.
enum GitRevision {
    /// Extracts the project folder `projectFolder` (inside a git work tree) as it is at
    /// `revision`. Returns the temporary folder (the caller removes it) and the project in it.
    static func materialize(_ revision: String, projectFolder: URL) throws -> (URL, URL) {
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw DiffError.git(revision: revision, reason: "not a revision name")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: projectFolder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            let given = projectFolder.relativePath
            throw DiffError.notFound(
                path: given, suggestion: Suggestions.existingPath(near: given, kind: .folder, base: projectFolder.baseURL))
        }
        let folder = projectFolder.standardizedFileURL
        let prefix = try git(["rev-parse", "--show-prefix"], in: folder, revision: revision)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let top = try git(["rev-parse", "--show-toplevel"], in: folder, revision: revision)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try git(
            ["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: folder, revision: revision,
            failure: "unknown revision (check the name with `git log --oneline`)")
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gamepack-diff-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        do {
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        } catch {
            throw DiffError.io(path: temporary.path, reason: "cannot create a temporary folder")
        }
        do {
            let archive = Process()
            archive.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            archive.arguments = ["git", "-C", top, "archive", "--format=tar", revision, "--", prefix.isEmpty ? "." : prefix]
            let extract = Process()
            extract.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            extract.arguments = ["tar", "-x", "-C", temporary.path]
            let pipe = Pipe()
            let errors = Pipe()
            archive.standardOutput = pipe
            archive.standardError = errors
            extract.standardInput = pipe
            extract.standardError = FileHandle.nullDevice
            try archive.run()
            try extract.run()
            let message = errors.fileHandleForReading.readDataToEndOfFile()
            archive.waitUntilExit()
            extract.waitUntilExit()
            guard archive.terminationStatus == 0, extract.terminationStatus == 0 else {
                let reason = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                throw DiffError.git(revision: revision, reason: reason.isEmpty ? "git archive failed" : reason)
            }
            let project = temporary.appendingPathComponent(prefix)
            guard FileManager.default.fileExists(atPath: project.appendingPathComponent(Project.configFile).path) else {
                throw DiffError.git(
                    revision: revision,
                    reason: "the project (\(prefix.isEmpty ? "." : prefix)) has no gamepack.yaml at that revision")
            }
            return (temporary, project)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            if error is DiffError { throw error }
            throw DiffError.git(revision: revision, reason: "cannot run git (\(error.localizedDescription))")
        }
    }

    /// Runs git in `folder` and returns its standard output.
    static func git(_ arguments: [String], in folder: URL, revision: String, failure: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do {
            try process.run()
        } catch {
            throw DiffError.git(revision: revision, reason: "cannot run git (\(error.localizedDescription))")
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let message = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let reason = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw DiffError.git(
                revision: revision,
                reason: failure ?? (reason.isEmpty ? "git \(arguments.first ?? "") failed" : reason + " (\(folder.path))"))
        }
        return String(decoding: output, as: UTF8.self)
    }
}
