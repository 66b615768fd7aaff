import Foundation
import GamePackContent

/// Writes a project's texts for one locale as a gettext PO file, what Poedit, Weblate and
/// translate-toolkit edit.
///
/// - A header entry: `Language`, `Content-Type: text/plain; charset=UTF-8`, `X-Generator`, and
///   `X-Gamepack-Project` / `X-Gamepack-Source-Language`, which the import checks.
/// - One entry per localized field with a default-locale text, in project order, as the XLIFF
///   export selects them:
///   - translator comments (`# `) with the collection, the item (id and name), the field (and
///     its description), the length limit and why a text needs review;
///   - a reference (`#: content/routes/1.yaml:3`, the line of the field's key);
///   - `#, fuzzy` for a stale text and for one identical to the source and not approved, as
///     `l10n status` counts them as not translated (so `pocount` agrees with it);
///   - `msgctxt` = the unit id `collection/item-id/field`, `msgid` = the default-locale text,
///     `msgstr` = the translation (empty when missing).
///
/// Strings are written with the C escapes gettext reads back (`\\`, `\"`, `\n`, `\t`, `\r`);
/// a text with line breaks is split after each `\n`, as `msgmerge` writes it. Characters PO
/// cannot carry in a string (NUL) are refused naming the unit.
public enum POExporter {
    /// The PO text for `locale` and how many entries it has (the header not counted).
    ///
    /// Throws what `XLIFFExporter.export` throws, and `LocalizationError.characterNotAllowedInXML`
    /// for a text with NUL (which no PO reader can carry).
    public static func export(project: Project, locale: String, only selection: XLIFFExporter.Selection = .all) throws
        -> (text: String, entries: Int)
    {
        let inventory = TranslationInventory(project: project)
        try inventory.checkExportable(locale: locale)
        let source = inventory.defaultLocale
        var out = """
            # \(project.config.name): the \(LocaleNames.name(locale)) (\(locale)) texts, translated from \(LocaleNames.name(source)) (\(source)).
            # Written by gamepack l10n export --format po; import it with gamepack l10n import.
            msgid ""
            msgstr ""
            "Project-Id-Version: \(try escape(project.config.id, unit: "(header)"))\\n"
            "Language: \(locale)\\n"
            "MIME-Version: 1.0\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Content-Transfer-Encoding: 8bit\\n"
            "X-Generator: gamepack \(GamePackVersion.current)\\n"
            "X-Gamepack-Project: \(try escape(project.config.id, unit: "(header)"))\\n"
            "X-Gamepack-Source-Language: \(source)\\n"

            """
        var entries = 0
        for field in inventory.fields {
            let state = field.state(for: locale)
            guard selection.includes(state.status) else { continue }
            out += "\n" + (try entry(field, state: state, sourceLocale: source))
            entries += 1
        }
        return (out, entries)
    }

    /// One entry.
    static func entry(_ field: TranslatableField, state: TranslationState, sourceLocale: String) throws -> String {
        var comments = ["collection: \(field.collection)"]
        comments.append("item: \(field.itemID)" + (field.itemName.map { " (\($0))" } ?? ""))
        comments.append("field: \(field.field)" + (field.spec.description.map { ": \($0)" } ?? ""))
        if let max = field.spec.maxLength { comments.append("length limit: \(max) characters") }
        switch state.status {
        case .stale:
            comments.append(
                "review: the \(LocaleNames.name(sourceLocale)) text changed after this translation was made; update it, or confirm it by removing the fuzzy mark"
            )
        case .identical:
            comments.append(
                "review: the translation is identical to the \(LocaleNames.name(sourceLocale)) text; translate it, or remove the fuzzy mark if it stays the same (a name, say)"
            )
        default:
            break
        }
        var out = ""
        for comment in comments {
            // A comment is one line: line breaks in a name or description become spaces.
            let line = comment.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
                .replacingOccurrences(of: "\r", with: " ")
            out += "# \(line)\n"
        }
        out += "#: \(field.file)\(field.line.map { ":\($0)" } ?? "")\n"
        if state.status == .stale || state.status == .identical { out += "#, fuzzy\n" }
        out += "msgctxt \(try string(field.unitID, unit: field.unitID))\n"
        out += "msgid \(try string(field.source, unit: field.unitID))\n"
        let target = state.status == .missing ? "" : (state.translation ?? "")
        out += "msgstr \(try string(target, unit: field.unitID))\n"
        return out
    }

    /// A PO string: one quoted line, or `""` and one quoted line per line of text.
    static func string(_ text: String, unit: String) throws -> String {
        // Split at each `\n` scalar (`\r\n` is one Character, so not at Characters).
        var lines: [String] = [""]
        for scalar in text.unicodeScalars {
            lines[lines.count - 1].unicodeScalars.append(scalar)
            if scalar == "\n" { lines.append("") }
        }
        if lines.last == "" { lines.removeLast() }
        guard lines.count > 1 else { return "\"\(try escape(text, unit: unit))\"" }
        var out = "\"\""
        for line in lines { out += "\n\"\(try escape(line, unit: unit))\"" }
        return out
    }

    /// `text` with gettext's C escapes; a NUL, which a PO string cannot hold, throws.
    static func escape(_ text: String, unit: String) throws -> String {
        if text.unicodeScalars.contains("\u{0}") {
            throw LocalizationError.characterNotAllowedInXML(unit: unit, locale: "", scalar: "U+0000", location: nil)
        }
        return backslashEscaped(text)
    }
}
