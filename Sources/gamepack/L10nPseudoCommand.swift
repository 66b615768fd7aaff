import ArgumentParser
import Foundation
import GamePackBuild
import GamePackContent
import GamePackLint
import GamePackLocalization

struct L10nPseudoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pseudo",
        abstract: "Build a pack with pseudo-translated texts to check layouts for overflow.",
        discussion: """
            Every localized text of the locale becomes an accented, bracketed copy of the source \
            text, 40% longer ([Ĝŕééñ Ţŕáíĺ····]), with placeholders kept. The pack is built like \
            gamepack build would, unsigned, into --out; the source files are not touched.
            """
    )

    @Argument(help: "The project folder.")
    var project: String = "."

    @Option(help: "The locale to fill with pseudo texts (e.g. nl).")
    var locale: String

    @Option(name: .long, help: "The output folder (default: PROJECT/build/pseudo-LOCALE).")
    var out: String?

    @Option(name: .long, help: "A target to emit (repeatable; default: gamepack.yaml's).")
    var target: [String] = []

    @OptionGroup var outputOptions: OutputOptions

    func run() async throws {
        let path = ProjectPath(project)
        let loaded = try await loadProject(path)
        guard ProjectConfig.isValidLocale(locale), locale != loaded.config.defaultLocale else {
            Terminal.error(
                "`\(locale)` cannot be pseudo-localized: give a locale code other than the default (\(loaded.config.defaultLocale))"
            )
            throw ExitCode(2)
        }
        let pseudo = PseudoLocalizer.project(loaded, locale: locale)
        let options = BuildOptions(
            outputDirectory: out.map { URL(fileURLWithPath: $0) } ?? loaded.root.appendingPathComponent("build/pseudo-\(locale)"),
            targets: target.isEmpty ? nil : target, sequence: nil, expires: nil,
            cacheDirectory: loaded.root.appendingPathComponent(".gamepack/cache"), timestamp: nil)
        do {
            switch try await PackBuilder.build(project: pseudo, options: options) {
            case .failed(let diagnostics):
                let context = ReportContext(
                    pathPrefix: path.displayPrefix, checkedFiles: [Project.configFile] + loaded.contentFiles,
                    sources: loaded.sources, color: outputOptions.useColor)
                FileHandle.standardError.write(Data(TextReporter().report(diagnostics, context: context).utf8))
                Terminal.error("the pseudo build stopped: fix the lint errors above; nothing was written")
                throw ExitCode(1)
            case .built(let result):
                if !outputOptions.quiet {
                    let count = TranslationInventory(project: loaded).fields.count
                    print("Built \(result.packURL.path) with \(count) pseudo \(locale) texts (unsigned; for layout checks only)")
                }
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw failure(error)
        }
    }
}
