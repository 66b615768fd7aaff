import ArgumentParser
import Foundation
import GamePackKit

/// `gamepack init`: a new project from a starter template.
struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new project from a template.",
        discussion: """
            Templates: gohike (routes and locations), whackavc (phrases and characters), \
            dealhunter (deals), blank. Besides the content, the project gets a CI workflow \
            (--ci), JSON Schemas of its content types in .gamepack/schemas/ with the VS Code \
            settings that give editors completion and validation (.vscode/), and a .gitignore.
            """
    )

    @Argument(help: "The folder to create (must not exist or be empty).")
    var directory: String

    @Option(name: .shortAndLong, help: "The starter template: gohike, whackavc, dealhunter or blank.")
    var template: String = "blank"

    @Option(help: "The project id (default: from the folder name).")
    var id: String?

    @Option(help: "The project's display name (default: the folder name).")
    var name: String?

    @Option(
        help:
            "The CI workflow to write: github (.github/workflows/gamepack.yml), gitlab (.gitlab-ci.yml) or none; repeatable (default: github)."
    )
    var ci: [CIChoice] = []

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        if ci.contains(.none) && ci.count > 1 { throw ValidationError("--ci none cannot be combined with another --ci.") }
    }

    /// The CI services to write workflows for.
    var providers: [CIProvider] {
        let choices = ci.isEmpty ? [CIChoice.github] : ci
        return CIProvider.allCases.filter { provider in choices.contains { $0.rawValue == provider.rawValue } }
    }

    func run() async throws {
        let destination = URL(fileURLWithPath: directory).standardizedFileURL
        let folderName = destination.lastPathComponent
        let projectID = id ?? ProjectTemplate.projectID(fromFolderName: folderName)
        let projectName = name ?? folderName
        let providers = providers
        do {
            let files = try await ProjectTemplate.instantiate(
                template, at: destination, projectID: projectID, projectName: projectName
            ) { staging, templates in
                try await ProjectTooling.add(
                    to: staging, ci: providers, templates: templates, projectID: projectID, projectName: projectName)
            }
            if !outputOptions.quiet {
                print("Created \(directory) from the \(template) template (\(files.count) files, project id \(projectID)).")
                for provider in providers { print("CI: \(provider.destination)") }
                print("Editor settings: .vscode/ (JSON Schemas in .gamepack/schemas/)")
                print("Next: gamepack lint \(directory)")
            }
        } catch {
            throw failure(error)
        }
    }
}

/// `--ci` values.
enum CIChoice: String, ExpressibleByArgument, CaseIterable {
    case github, gitlab, none
}
