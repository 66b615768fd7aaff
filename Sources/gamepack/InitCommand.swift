import ArgumentParser
import Foundation
import GamePackKit

/// `gamepack init`: a new project from a starter template.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new project from a template.",
        discussion: "Templates: gohike (routes and locations), whackavc (phrases and characters), dealhunter (deals), blank."
    )

    @Argument(help: "The folder to create (must not exist or be empty).")
    var directory: String

    @Option(name: .shortAndLong, help: "The starter template: gohike, whackavc, dealhunter or blank.")
    var template: String = "blank"

    @Option(help: "The project id (default: from the folder name).")
    var id: String?

    @Option(help: "The project's display name (default: the folder name).")
    var name: String?

    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        let destination = URL(fileURLWithPath: directory).standardizedFileURL
        let folderName = destination.lastPathComponent
        let projectID = id ?? ProjectTemplate.projectID(fromFolderName: folderName)
        do {
            let files = try ProjectTemplate.instantiate(
                template, at: destination, projectID: projectID, projectName: name ?? folderName)
            if !outputOptions.quiet {
                print("Created \(directory) from the \(template) template (\(files.count) files, project id \(projectID)).")
                print("Next: gamepack lint \(directory)")
            }
        } catch {
            throw fail(error)
        }
    }
}
