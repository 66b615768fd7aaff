import Foundation
import GamePackBuild
import GamePackContent

/// A CI service `gamepack init --ci` writes a workflow for.
public enum CIProvider: String, Sendable, CaseIterable {
    /// GitHub Actions: `.github/workflows/gamepack.yml`.
    case github
    /// GitLab CI: `.gitlab-ci.yml`.
    case gitlab

    /// The workflow's file in the templates folder (`templates/ci/…`).
    public var templatePath: String {
        switch self {
        case .github: "ci/github-actions.yml"
        case .gitlab: "ci/gitlab-ci.yml"
        }
    }

    /// Where the workflow goes in a project (which is also the repository's root).
    public var destination: String {
        switch self {
        case .github: ".github/workflows/gamepack.yml"
        case .gitlab: ".gitlab-ci.yml"
        }
    }
}

/// What `gamepack init` adds to a new project around its content: CI workflows, editor
/// settings with the project's JSON Schemas, and a `.gitignore` for what gamepack generates.
public enum ProjectTooling {
    /// The lines of the `.gitignore` a new project gets: the build cache and generated schemas,
    /// and the build output.
    public static let gitignore =
        "# Written by gamepack: the cache and generated schemas, and build output.\n.gamepack/\nbuild/\n"

    /// Adds the tooling to the project at `root` (a fresh project, before `init` moves it into
    /// place): the workflows of `ci` copied from `templates` with `{{id}}` and `{{name}}`
    /// filled in, a `.gitignore` unless the template has one, the JSON Schemas in
    /// `.gamepack/schemas/` and the VS Code settings that use them.
    /// - Returns: the project-relative paths written, sorted.
    public static func add(to root: URL, ci: [CIProvider], templates: URL, projectID: String, projectName: String)
        async throws -> [String]
    {
        let fm = FileManager.default
        var written: [String] = []
        do {
            for provider in ci {
                let source = templates.appendingPathComponent(provider.templatePath)
                guard let text = try? String(contentsOf: source, encoding: .utf8) else {
                    throw GamePackError.io(
                        path: source.path, reason: "the CI workflow template is missing from the templates folder")
                }
                let filled = text.replacingOccurrences(of: ProjectTemplate.idPlaceholder, with: projectID)
                    .replacingOccurrences(of: ProjectTemplate.namePlaceholder, with: projectName)
                let url = root.appendingPathComponent(provider.destination)
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(filled.utf8).write(to: url, options: .atomic)
                written.append(provider.destination)
            }
            let ignore = root.appendingPathComponent(".gitignore")
            if !fm.fileExists(atPath: ignore.path) {
                try Data(gitignore.utf8).write(to: ignore, options: .atomic)
                written.append(".gitignore")
            }
        } catch let error as GamePackError {
            throw error
        } catch {
            throw GamePackError.io(path: root.path, reason: error.localizedDescription)
        }
        let project = try await Project.load(at: root)
        let folder = root.appendingPathComponent(EditorSettings.defaultSchemaFolder)
        for name in try EditorSettings.writeSchemas(for: project, to: folder) {
            written.append(EditorSettings.defaultSchemaFolder + "/" + name)
        }
        let outcome = try EditorSettings.update(
            projectRoot: root, collections: project.types.keys.sorted(),
            schemaFolder: EditorSettings.settingsPath(of: folder, projectRoot: root))
        written += outcome.written
        return written.sorted()
    }
}
