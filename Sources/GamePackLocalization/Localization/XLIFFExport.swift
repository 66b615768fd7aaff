import Foundation
import GamePackContent

/// Writes a project's texts for one locale as XLIFF 1.2, what Xcode and most CAT tools exchange.
///
/// The document (valid against the OASIS XLIFF 1.2 strict schema):
/// - one `<file>`: `original` = the project id, `source-language` = the default locale,
///   `target-language` = the locale, `datatype="plaintext"`, `product-name` = the project name;
/// - one `<trans-unit>` per localized field with a default-locale text, in project order:
///   `id` and `resname` = `collection/item-id/field`, `xml:space="preserve"`, and for fields
///   with `max_length` also `maxwidth` with `size-unit="char"`;
/// - `<source>` (the default-locale text), `<target state="…">` saying what `l10n status` says:
///   `new` (missing, empty), `translated` with `approved="yes"` on the unit (translated, an
///   approved identical text included), `needs-review-translation` (stale: the source changed
///   since the translation was made), `needs-translation` (identical to the source and not
///   approved: a copy, which the translator confirms by marking it translated or approved).
///   translate-toolkit counts `approved="yes"` units as translated, the others with a target as
///   fuzzy and `needs-review-…` ones as to review, so `pocount` agrees with `l10n status`;
/// - a `<context-group purpose="location">` named by the unit id: the source file
///   (`sourcefile`), the line of the field's key (`linenumber`), the item (`record`,
///   `collection/item-id`) and the field (`element`). `xliff2po` turns it into the PO reference
///   `#: content/routes/1.yaml:3`, by which an import finds the unit again;
/// - `<note from="gamepack">`s: collection, item (id and default-locale name), field (and its
///   description), length limit, and why a unit needs review.
///
/// Whitespace survives exactly (`MarkupEscape`: `\r` is written `&#13;`, a tab `&#9;`, `\n` as is
/// in texts). Characters XML 1.0 cannot carry are refused with `LocalizationError.characterNotAllowedInXML` naming the unit.
///
/// The XML is written by hand rather than through libxml2's serializer, because the escaping
/// above must be exact and libxml2 writes forbidden control characters through unchanged.
public enum XLIFFExporter {
    /// Which units to export.
    public enum Selection: String, Sendable, CaseIterable {
        /// Every localized field.
        case all
        /// Only translations that are absent or empty.
        case missing
        /// Only stale translations.
        case stale
        /// Everything not `translated`: missing, identical and stale.
        case untranslated

        func includes(_ status: TranslationStatus) -> Bool {
            switch self {
            case .all: true
            case .missing: status == .missing
            case .stale: status == .stale
            case .untranslated: status != .translated
            }
        }
    }

    /// The XLIFF 1.2 namespace.
    public static let namespace = "urn:oasis:names:tc:xliff:document:1.2"
    /// The value of `from` on gamepack's notes and of the header's `tool-id`.
    public static let toolID = "gamepack"

    /// The XLIFF document (UTF-8 text) for `locale`, with the units `only` selects.
    ///
    /// Throws `LocalizationError.unknownLocale` when `locale` is not a translation locale,
    /// `.duplicateUnit` when two items of a collection share an id, and
    /// `.characterNotAllowedInXML` for a text XML cannot carry.
    public static func export(project: Project, locale: String, only selection: Selection = .all) throws -> String {
        try export(
            inventory: TranslationInventory(project: project), projectID: project.config.id,
            projectName: project.config.name, locale: locale, only: selection)
    }

    /// The XLIFF document for `locale` from an inventory already collected.
    public static func export(
        inventory: TranslationInventory, projectID: String, projectName: String, locale: String, only selection: Selection = .all
    ) throws -> String {
        try inventory.checkExportable(locale: locale)
        let source = inventory.defaultLocale
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="\(namespace)" version="1.2">
              <file original="\(try attribute(projectID, unit: "(file)", locale: source))" \
            source-language="\(try attribute(languageTag(source), unit: "(file)", locale: source))" \
            target-language="\(try attribute(languageTag(locale), unit: "(file)", locale: locale))" \
            datatype="plaintext" product-name="\(try attribute(projectName, unit: "(file)", locale: source))" tool-id="\(toolID)">
                <header>
                  <tool tool-id="\(toolID)" tool-name="gamepack"/>
                </header>
                <body>

            """
        for field in inventory.fields {
            let state = field.state(for: locale)
            guard selection.includes(state.status) else { continue }
            out += try unit(field, state: state, sourceLocale: source)
        }
        out += """
                </body>
              </file>
            </xliff>

            """
        return out
    }

    /// One `<trans-unit>`.
    static func unit(_ field: TranslatableField, state: TranslationState, sourceLocale: String) throws -> String {
        let id = try attribute(field.unitID, unit: field.unitID, locale: sourceLocale)
        var open = "      <trans-unit id=\"\(id)\" resname=\"\(id)\" xml:space=\"preserve\""
        if let max = field.spec.maxLength { open += " maxwidth=\"\(max)\" size-unit=\"char\"" }
        if state.status == .translated { open += " approved=\"yes\"" }
        var out = open + ">\n"
        let sourceLocation = field.texts[sourceLocale]?.location
        out +=
            "        <source xml:space=\"preserve\">\(try text(field.source, unit: field.unitID, locale: sourceLocale, at: sourceLocation))</source>\n"
        let targetState: String
        switch state.status {
        case .missing: targetState = "new"
        case .translated: targetState = "translated"
        case .stale: targetState = "needs-review-translation"
        // An identical text is confirmed only by the translator marking it translated (or
        // approved): sent back untouched, it stays an unreviewed copy.
        case .identical: targetState = "needs-translation"
        }
        let target = state.status == .missing ? "" : (state.translation ?? "")
        out +=
            "        <target state=\"\(targetState)\">\(try text(target, unit: field.unitID, locale: state.locale, at: state.location))</target>\n"
        out += try location(field, sourceLocale: sourceLocale)
        var notes = ["collection: \(field.collection)"]
        notes.append("item: \(field.itemID)" + (field.itemName.map { " (\($0))" } ?? ""))
        notes.append("field: \(field.field)" + (field.spec.description.map { ": \($0)" } ?? ""))
        if let max = field.spec.maxLength { notes.append("length limit: \(max) characters") }
        switch state.status {
        case .stale:
            notes.append(
                "review: the \(LocaleNames.name(sourceLocale)) text changed after this translation was made; update the translation or confirm it by marking it translated"
            )
        case .identical:
            notes.append(
                "review: the translation is identical to the \(LocaleNames.name(sourceLocale)) text; translate it, or mark it translated if it stays the same (a name, say)"
            )
        default:
            break
        }
        for note in notes {
            out +=
                "        <note from=\"\(toolID)\">\(try text(note, unit: field.unitID, locale: sourceLocale, at: sourceLocation))</note>\n"
        }
        return out + "      </trans-unit>\n"
    }

    /// The unit's `<context-group purpose="location">`: file, line, item and field.
    static func location(_ field: TranslatableField, sourceLocale: String) throws -> String {
        let name = try attribute(field.unitID, unit: field.unitID, locale: sourceLocale)
        var out = "        <context-group name=\"\(name)\" purpose=\"location\">\n"
        let contexts: [(String, String?)] = [
            ("sourcefile", field.file), ("linenumber", field.line.map { String($0) }),
            ("record", "\(field.collection)/\(field.itemID)"), ("element", field.field),
        ]
        for case (let type, let value?) in contexts {
            out +=
                "          <context context-type=\"\(type)\">\(try text(value, unit: field.unitID, locale: sourceLocale, at: nil))</context>\n"
        }
        return out + "        </context-group>\n"
    }

    /// A locale code as an `xsd:language` tag (`pt_BR` → `pt-BR`).
    static func languageTag(_ locale: String) -> String { locale.replacingOccurrences(of: "_", with: "-") }

    static func text(_ value: String, unit: String, locale: String, at location: SourceLocation?) throws -> String {
        do {
            return try MarkupEscape.escape(value, .xmlText)
        } catch {
            throw LocalizationError.characterNotAllowedInXML(
                unit: unit, locale: locale, scalar: error.description, location: location)
        }
    }

    static func attribute(_ value: String, unit: String, locale: String) throws -> String {
        do {
            return try MarkupEscape.escape(value, .xmlAttribute)
        } catch {
            throw LocalizationError.characterNotAllowedInXML(unit: unit, locale: locale, scalar: error.description, location: nil)
        }
    }
}
