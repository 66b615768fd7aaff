import ArgumentParser
import Foundation
import GamePackKit

/// `gamepack l10n`: translation coverage, XLIFF export and import, pseudo-localization.
struct L10nCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "l10n",
        abstract: "Translation coverage, XLIFF 1.2 export and import, pseudo-localization.",
        subcommands: [L10nStatusCommand.self, L10nExportCommand.self, L10nImportCommand.self, L10nPseudoCommand.self]
    )
}

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

    @Option(
        name: [.customShort("o"), .customLong("out")],
        help: "Write the report to this file (atomically) instead of standard output.")
    var out: String?

    /// `--output`, the old name of `--out`.
    @Option(name: .customLong("output"), help: .hidden)
    var outputAlias: String?

    /// Where the report goes: `--out` or its old name `--output` (nil: standard output).
    var output: String? { out ?? outputAlias }

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        if let failUnder, !(0...100).contains(failUnder) {
            throw ValidationError("--fail-under takes a percentage from 0 to 100.")
        }
        _ = try OptionAlias.merge(out, outputAlias, newName: "--out", oldName: "--output")
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

struct L10nExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the texts to translate as XLIFF 1.2 or gettext PO.",
        discussion: """
            XLIFF: one trans-unit per localized field, id collection/item-id/field, with notes \
            giving the collection, item, field and length limit, and a location context group. \
            Units are marked new (missing), translated (and approved), needs-review-translation \
            (stale) or needs-translation (identical to the source). The file validates against \
            the XLIFF 1.2 strict schema. PO (--format po): one entry per field, msgctxt the unit \
            id, translator comments for the context and length limit, a reference to the YAML \
            file and line, and fuzzy for stale and identical texts.
            """
    )

    @Argument(help: "The project folder.")
    var project: String = "."

    @Option(help: "The locale to translate into (e.g. nl).")
    var locale: String

    @Option(help: "Write the XLIFF to this file (atomically) instead of standard output.")
    var out: String?

    @Option(help: "Which units: all, missing, stale or untranslated (missing, identical and stale).")
    var only: XLIFFExporter.Selection = .all

    @Option(help: "The file format: xliff (XLIFF 1.2) or po (gettext PO).")
    var format: TranslationFileFormat = .xliff

    @OptionGroup var outputOptions: OutputOptions

    func run() async throws {
        let loaded = try await loadProject(ProjectPath(project))
        let xliff: String
        let units: Int
        do {
            switch format {
            case .xliff:
                xliff = try XLIFFExporter.export(project: loaded, locale: locale, only: only)
                units = xliff.components(separatedBy: "<trans-unit ").count - 1
            case .po:
                let exported = try POExporter.export(project: loaded, locale: locale, only: only)
                xliff = exported.text
                units = exported.entries
            }
        } catch {
            throw failure(error, .localization)
        }
        do {
            try emit(xliff, to: out)
        } catch {
            throw failure(error)
        }
        if let out, !outputOptions.quiet {
            Terminal.info("exported \(units) \(units == 1 ? "unit" : "units") (\(only.rawValue)) for \(locale) to \(out)")
        }
    }
}

extension XLIFFExporter.Selection: ExpressibleByArgument {}

/// The formats `l10n export --format` writes.
enum TranslationFileFormat: String, ExpressibleByArgument, CaseIterable {
    case xliff, po
}

struct L10nImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Apply the translations of an XLIFF 1.2 (or po2xliff's 1.1) or PO file to the source files.",
        discussion: """
            A file ending in .po is read as gettext PO (msgctxt the unit id, fuzzy for texts that \
            need review); any other as XLIFF, validated against the XLIFF 1.2 strict schema first \
            (a DOCTYPE, external entities or markup in a target are refused). Each target is \
            written into its item's YAML file in place, keeping comments and order, with the hash \
            of the source text it was made from. Units whose id no longer exists or whose source \
            changed since the export are listed with their line, and then nothing is written. \
            All files are written, or none.

            Exit status: 0 when every unit was applied or already current, 1 when some were \
            refused or the file is invalid, 2 for usage or I/O errors.
            """
    )

    @Argument(help: "[PROJECT] FILE: the project folder (default: the current folder) and the XLIFF or PO file.")
    var paths: [String] = []

    @Option(help: "The locale the file must be for (default: the file's target-language).")
    var locale: String?

    @Flag(help: "Report what would change; write nothing.")
    var dryRun = false

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        guard (1...2).contains(paths.count) else {
            throw ValidationError("give the XLIFF or PO file, optionally after the project folder.")
        }
    }

    func run() async throws {
        let projectPath = ProjectPath(paths.count == 2 ? paths[0] : ".")
        let file = paths.last!
        let loaded = try await loadProject(projectPath)
        let result: XLIFFImportResult
        do {
            result =
                POImporter.isPOFile(file)
                ? try await POImporter.importFile(at: URL(fileURLWithPath: file), into: loaded, locale: locale, dryRun: dryRun)
                : try await XLIFFImporter.importFile(
                    at: URL(fileURLWithPath: file), into: loaded, locale: locale, dryRun: dryRun)
        } catch {
            throw failure(error, .localization)
        }
        let prefix = projectPath.displayPrefix
        func place(_ unit: XLIFFImportResult.Unit) -> String { "\(file):\(unit.line)" }
        let isPO = POImporter.isPOFile(file)
        for unit in result.unknownUnits {
            Terminal.error(
                "\(place(unit)): \(isPO ? "msgctxt" : "unit") `\(unit.id)` names no localized field of the project (removed or renamed); not applied"
            )
        }
        for unit in result.sourceChanged {
            Terminal.error(
                "\(place(unit)): stale: the source text of `\(unit.id)` changed since the export\(unit.file.map { " (\(prefix)\($0))" } ?? "") and no longer matches the file's \(isPO ? "msgid" : "<source>"); not applied, export again"
            )
        }
        if !outputOptions.quiet {
            // A dry run shows each change it would make, file by file, before the summary.
            var lines: [String] = dryRun ? result.changeLines(prefix: prefix) : []
            // A refused file writes nothing: its summary says what it would have applied.
            let verb = dryRun || result.refused ? "would apply" : "applied"
            lines.append(
                "\(verb) \(result.applied.count) \(result.locale) translations to \(result.changedFiles.count) files"
                    + (result.unchanged.isEmpty ? "" : ", \(result.unchanged.count) already current")
                    + (result.untranslated.isEmpty ? "" : ", \(result.untranslated.count) without a target")
                    + (result.drafts.isEmpty
                        ? ""
                        : ", \(result.drafts.count) \(result.drafts.count == 1 ? "draft" : "drafts") (\(isPO ? "fuzzy" : "approved=\"no\"")) not applied")
            )
            if outputOptions.verbose { lines += result.changedFiles.map { "  \(prefix)\($0)" } }
            if !result.untracked.isEmpty {
                lines.append(
                    "  \(result.untracked.count) applied to JSON files, which cannot store the source hash (stale detection is off for them)"
                )
            }
            print(lines.joined(separator: "\n"))
        }
        if result.refused {
            let refusedCount = result.unknownUnits.count + result.sourceChanged.count
            Terminal.error(
                "\(refusedCount == 1 ? "1 unit was" : "\(refusedCount) units were") refused, so nothing was written; "
                    + "export again and translate the new file")
            throw ExitCode(1)
        }
    }
}

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
