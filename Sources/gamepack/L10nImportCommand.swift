import ArgumentParser
import Foundation
import GamePackContent
import GamePackLocalization

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
                "\(verb) \(plural(result.applied.count, "\(result.locale) translation")) to \(plural(result.changedFiles.count, "file"))"
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
            print(TerminalText.shown(lines.joined(separator: "\n")))
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
