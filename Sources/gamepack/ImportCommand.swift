import ArgumentParser
import Foundation
import GamePackContent
import GamePackKit

/// `gamepack import`: a new project from content that exists elsewhere.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Create a project from existing content.",
        discussion: """
            gohike: a Go Take a Hike! content.json (API v1, or the early unversioned bundle). \
            kinvey: a folder of Whack-A-VC Kinvey exports (Phrases.csv, VC-Details.csv, \
            metaData.csv, and the blob files when you have them, beside the CSVs or in blobs/). \
            The destination must not exist or be empty; nothing is written when an import fails.
            """,
        subcommands: [Gohike.self, Kinvey.self]
    )

    /// `gamepack import gohike CONTENT.json --out DIR`.
    struct Gohike: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "gohike",
            abstract: "Import a Go Take a Hike! content.json."
        )

        @Argument(help: "The content file (content.json).")
        var content: String

        @Option(help: "The project folder to create (must not exist or be empty); its name gives the project id.")
        var out: String

        @OptionGroup var outputOptions: OutputOptions

        func run() throws {
            try runImport(from: content, to: out, quiet: outputOptions.quiet, with: GohikeImporter.importContent)
        }
    }

    /// `gamepack import kinvey DIR --out DIR`.
    struct Kinvey: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "kinvey",
            abstract: "Import Whack-A-VC's Kinvey CSV exports."
        )

        @Argument(help: "The folder holding Phrases.csv, VC-Details.csv and metaData.csv.")
        var export: String

        @Option(help: "The project folder to create (must not exist or be empty); its name gives the project id.")
        var out: String

        @OptionGroup var outputOptions: OutputOptions

        func run() throws {
            try runImport(from: export, to: out, quiet: outputOptions.quiet, with: KinveyImporter.importExport)
        }
    }
}

/// Runs an importer from `source` into `destination`, mapping errors to exit status 2.
private func runImport(
    from source: String, to destination: String, quiet: Bool, with importer: (URL, URL) throws -> ImportSummary
) throws {
    let summary: ImportSummary
    do {
        summary = try importer(URL(fileURLWithPath: source), URL(fileURLWithPath: destination).standardizedFileURL)
    } catch {
        throw failure(error)
    }
    if !quiet { printSummary(summary, source: source, destination: destination) }
}

/// Prints what an import wrote: items per collection, assets, each warning, and what to do next.
private func printSummary(_ summary: ImportSummary, source: String, destination: String) {
    let counts = summary.collections.map { "\($0.name): \($0.itemCount)" }.joined(separator: ", ")
    print("Imported \(source) into \(destination): \(counts).")
    var assets =
        "Assets: \(summary.assetFiles.count) file\(summary.assetFiles.count == 1 ? "" : "s"), \(summary.assetBytes) bytes"
    if !summary.missingAssets.isEmpty { assets += "; \(summary.missingAssets.count) missing" }
    print(assets + ".")
    for warning in summary.warnings {
        print("warning: \(TerminalText.shown(warning))")
    }
    print("Next: gamepack lint \(destination)")
}
