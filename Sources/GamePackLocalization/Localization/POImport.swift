import Foundation
import GamePackContent

/// Applies a gettext PO file's translations to a project's source files, as `XLIFFImporter`
/// applies an XLIFF file's (the same rules, the same all-or-nothing writing).
///
/// The file is read completely and checked first (`PODocument`: UTF-8 and its charset header,
/// escapes, no plural forms), and refused over `XLIFFImporter.maxFileBytes`. Its header must fit
/// the project: `X-Gamepack-Project` (when present) the project's id, `X-Gamepack-Source-Language`
/// (when present) the default locale, `Language` a translation locale (without it: `locale`, or
/// the project's only translation locale). Each entry names its field by `msgctxt` (the unit id
/// gamepack's export writes) or, from xliff2po, by its `#:` reference (file and line). A `fuzzy`
/// entry is a translation still to be reviewed: sent back unchanged it stays stale (or an
/// unapproved copy); without the mark it is confirmed. An unknown msgctxt, or a `msgid` that is
/// no longer the field's source text (stale), is listed with its line and nothing is written.
public enum POImporter {
    /// Whether `path` names a PO file (`.po` or `.pot`, any case): what `l10n import` reads as PO.
    public static func isPOFile(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".po") || lower.hasSuffix(".pot")
    }

    /// Imports the PO file at `url` into `project`.
    public static func importFile(at url: URL, into project: Project, locale: String? = nil, dryRun: Bool = false) async throws
        -> XLIFFImportResult
    {
        let data = try XLIFFImporter.readLimited(url, kind: "a PO file", hint: "give the path of a .po file")
        return try await importPO(data, name: url.lastPathComponent, into: project, locale: locale, dryRun: dryRun)
    }

    /// Imports the PO text `data` (named `name` in messages) into `project`.
    public static func importPO(_ data: Data, name: String, into project: Project, locale: String? = nil, dryRun: Bool = false)
        async throws -> XLIFFImportResult
    {
        let document = try PODocument.read(data, name: name)
        let config = project.config
        func normalized(_ code: String) -> String { code.replacingOccurrences(of: "_", with: "-").lowercased() }
        if let id = document.header["X-Gamepack-Project"], id != config.id {
            throw LocalizationError.wrongProject(file: name, found: id, expected: config.id)
        }
        if let source = document.header["X-Gamepack-Source-Language"], normalized(source) != normalized(config.defaultLocale) {
            throw LocalizationError.wrongLocale(
                file: name, found: "source language `\(source)`",
                expected: "the project's default locale `\(config.defaultLocale)`")
        }
        let only = config.translationLocales.count == 1 ? config.translationLocales.first : nil
        let language = document.header["Language"].flatMap { $0.isEmpty ? nil : $0 } ?? locale ?? only
        guard let language else {
            throw LocalizationError.wrongLocale(
                file: name, found: "no Language in the header",
                expected: "one of \(config.translationLocales.joined(separator: ", ")) (give --locale)")
        }
        // Poedit writes a region (`nl_NL`): the locale with that language, when it is the only one.
        func primary(_ code: String) -> String { String(normalized(code).prefix { $0 != "-" }) }
        let sameLanguage = config.translationLocales.filter { primary($0) == primary(language) }
        guard
            let target = config.translationLocales.first(where: { normalized($0) == normalized(language) })
                ?? (sameLanguage.count == 1 ? sameLanguage[0] : nil)
        else {
            throw LocalizationError.wrongLocale(
                file: name, found: "Language `\(language)`",
                expected: "one of the project's translation locales (\(config.translationLocales.joined(separator: ", ")))")
        }
        if let locale, normalized(locale) != normalized(target) && normalized(locale) != normalized(language) {
            throw LocalizationError.wrongLocale(file: name, found: "Language `\(language)`", expected: "`\(locale)`")
        }
        let units = document.units.map { unit -> XLIFFDocument.Unit in
            guard unit.id.isEmpty else { return unit }
            // No msgctxt (xliff2po's file): named in messages by its msgid.
            var named = unit
            named.id = "msgid \"\(XLIFFImportResult.excerpt(XLIFFImportResult.escaped(unit.source), limit: 40))\""
            return named
        }
        return try await XLIFFImporter.importUnits(units, locale: target, into: project, dryRun: dryRun)
    }
}
