import Foundation
import GamePackContent

/// Writes one translation into its source file as `l10n import` does (the same minimal edit,
/// read back and checked, the same `gamepack:source` comment, `approved` marking a text that is
/// intentionally identical to the source), for editors that change one text at a time.
package enum TranslationWriter {
    /// Writes `text` for `locale` into the field `unitID` (`collection/id/field`) and returns the
    /// project-relative path of the file written. Throws `LocalizationError` when the field is
    /// unknown or the file cannot be edited safely (nothing is written then).
    package static func write(
        _ text: String, locale: String, unitID: String, approved: Bool, project: Project
    ) throws -> String {
        guard project.config.translationLocales.contains(locale) else {
            throw LocalizationError.unknownLocale(locale, available: project.config.translationLocales)
        }
        let parts = unitID.split(separator: "/", maxSplits: 2).map(String.init)
        let candidates = project.items.filter { parts.count == 3 && $0.collection == parts[0] && $0.id?.text == parts[1] }
        guard let file = candidates.first?.file else {
            throw LocalizationError.io(path: unitID, reason: "no such item; expected collection/id/field")
        }
        var fileProject = project
        fileProject.items = project.items.filter { $0.file == file }
        let inventory = TranslationInventory(project: fileProject)
        guard let field = inventory.fields.first(where: { $0.unitID == unitID }) else {
            throw LocalizationError.io(path: unitID, reason: "no localized text with this id")
        }
        let job = XLIFFImporter.FileEdit(
            file: file, items: fileProject.items, fields: inventory.fields, edits: [(field, text, approved)])
        let edited = try XLIFFImporter.editedFile(job, project: project, locale: locale)
        try FileSetWriter.write([(project.root.appendingPathComponent(file), edited.new, edited.original)])
        return file
    }
}
