import ArgumentParser
import Foundation
import GamePackBuild
import GamePackContent
import GamePackLint

/// `gamepack lint`: checks a project and reports every problem.
struct LintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check a project's content, schema and assets.",
        discussion: """
            Exit status: 0 when there are no errors, 1 when there are (warnings count as errors \
            with --strict), 2 for usage or I/O errors. Rules and their severities are listed by \
            --list-rules and set in gamepack.yaml under lint.rules.
            """
    )

    @Argument(help: "The project folder.")
    var project: String = "."

    @Option(name: .shortAndLong, help: "Report format: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: OutputFormat = .text

    @OptionGroup var reportOutput: ReportOutputOptions

    /// Where the report goes: `--out` or its old name `--output` (nil: standard output).
    var output: String? { reportOutput.output }

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Flag(help: "List the rules with their default severities and exit.")
    var listRules = false

    @OptionGroup var outputOptions: OutputOptions

    func run() async throws {
        if listRules {
            for rule in LintRule.allCases {
                let severity = rule.defaultSeverity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                print("\(rule.rawValue.padding(toLength: 26, withPad: " ", startingAt: 0)) \(severity) \(rule.summary)")
            }
            return
        }
        let path = ProjectPath(project)
        let started = Date()
        let loaded: Project
        do {
            loaded = try await Project.load(at: path.url)
        } catch {
            throw failure(error)
        }
        if outputOptions.verbose {
            Terminal.info(
                "loaded \(plural(loaded.items.count, "item")) from \(plural(loaded.contentFiles.count, "file")), \(plural(loaded.assetFiles.count, "asset")) in \(elapsed(since: started))"
            )
        }
        // Held to the end: freeing tens of thousands of items one by one would only delay the exit.
        KeptUntilExit.keep(loaded)
        var diagnostics = await Linter.lint(loaded)
        if strict {
            diagnostics = diagnostics.map { d in
                var d = d
                if d.severity == .warning { d.severity = .error }
                return d
            }
        }
        if outputOptions.verbose { Terminal.info("linted in \(elapsed(since: started))") }
        let shown = outputOptions.quiet ? diagnostics.filter { $0.severity == .error } : diagnostics
        let context = ReportContext(
            pathPrefix: path.displayPrefix,
            checkedFiles: [Project.configFile] + loaded.contentFiles,
            sources: loaded.sources,
            color: format == .text && output == nil && outputOptions.useColor)
        var report = format.reporter(rules: LintRule.allCases).report(shown, context: context)
        if outputOptions.quiet && format == .text {
            // Drop the summary line.
            report = report.split(separator: "\n", omittingEmptySubsequences: false).dropLast(2).joined(separator: "\n")
            if !report.isEmpty { report += "\n" }
        }
        do {
            try emit(report, to: output)
        } catch {
            throw failure(error)
        }
        if diagnostics.errorCount > 0 { throw ExitCode(1) }
    }

    func elapsed(since start: Date) -> String {
        String(format: "%.0f ms", Date().timeIntervalSince(start) * 1000)
    }
}
