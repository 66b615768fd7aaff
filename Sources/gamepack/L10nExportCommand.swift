import ArgumentParser
import Foundation
import GamePackLocalization

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
