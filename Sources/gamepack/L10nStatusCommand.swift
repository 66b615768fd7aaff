import ArgumentParser
import Foundation
import GamePackBuild
import GamePackContent
import GamePackLocalization

/// The report formats of `l10n status`.
enum CoverageFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, markdown
}

/// Loads the project at `path`, mapping load errors to exit status 2.
func loadProject(_ path: ProjectPath) async throws -> Project {
    do {
        return try await Project.load(at: path.url)
    } catch {
        throw failure(error)
    }
}
struct L10nStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show translation coverage per locale, collection and field.",
        discussion: """
            Counts each localized field's translation as translated, missing (absent or empty), \
            identical to the source, or stale (made from a source text that has changed since), \
            with the words and characters left to translate. Exit status 1 when a locale is \
            under --fail-under percent translated.
            """
    )

    @Argument(help: "The project folder.")
    var project: String = "."

    @Option(name: .shortAndLong, help: "Report format: text, json or markdown.")
    var format: CoverageFormat = .text

    @Option(help: "Only these locales (repeatable; default: every translation locale).")
    var locale: [String] = []

    @Option(help: "Exit with status 1 when a locale has fewer than this percentage of its texts translated (0-100).")
    var failUnder: Double?

    @OptionGroup var reportOutput: ReportOutputOptions

    /// Where the report goes: `--out` or its old name `--output` (nil: standard output).
    var output: String? { reportOutput.output }

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        if let failUnder, !(0...100).contains(failUnder) {
            throw ValidationError("--fail-under takes a percentage from 0 to 100.")
        }
    }

    func run() async throws {
        let loaded = try await loadProject(ProjectPath(project))
        let report: LocalizationReport
        do {
            report = try LocalizationReport(project: loaded, locales: locale.isEmpty ? nil : locale)
        } catch {
            throw failure(error, .localization)
        }
        let text =
            switch format {
            case .text: report.text()
            case .json: report.json()
            case .markdown: report.markdown()
            }
        do {
            if !outputOptions.quiet || output != nil { try emit(text, to: output) }
        } catch {
            throw failure(error)
        }
        if let failUnder {
            let below = report.locales(below: failUnder)
            if !below.isEmpty {
                Terminal.error(
                    "translation coverage under \(String(format: "%g", failUnder))% for \(below.joined(separator: ", "))")
                throw ExitCode(1)
            }
        }
    }
}
