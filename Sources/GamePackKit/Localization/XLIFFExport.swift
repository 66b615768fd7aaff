import Foundation

/// Writes a project's texts for one locale as XLIFF 1.2, what Xcode and most CAT tools exchange.
///
/// The document (valid against the OASIS XLIFF 1.2 strict schema):
/// - one `<file>`: `original` = the project id, `source-language` = the default locale,
///   `target-language` = the locale, `datatype="plaintext"`, `product-name` = the project name;
/// - one `<trans-unit>` per localized field with a default-locale text, in project order:
///   `id` and `resname` = `collection/item-id/field`, `xml:space="preserve"`, and for fields
///   with `max_length` also `maxwidth` with `size-unit="char"`;
/// - `<source>` (the default-locale text), `<target state="…">`: `new` (missing, empty),
///   `translated` (translated, an approved identical text included), `needs-review-translation`
///   (stale: the source changed since the translation was made; or identical to the source and
///   not approved, which the translator confirms by marking it translated or approved);
/// - `<note from="gamepack">`s: collection, item (id and default-locale name), field (and its
///   description), length limit, and why a unit needs review.
///
/// Whitespace survives exactly: `\r` is written `&#13;` and a tab `&#9;` (an XML parser would
/// otherwise turn `\r\n` into `\n`), `\n` is written as is. Characters XML 1.0 cannot carry are
/// refused with `LocalizationError.characterNotAllowedInXML` naming the unit.
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
        guard inventory.translationLocales.contains(locale) else {
            throw LocalizationError.unknownLocale(locale, available: inventory.translationLocales)
        }
        var seen: [String: SourceLocation] = [:]
        for field in inventory.fields {
            if let first = seen[field.unitID] {
                throw LocalizationError.duplicateUnit(id: field.unitID, locations: [first, field.node.location])
            }
            seen[field.unitID] = field.node.location
        }
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
        var out = open + ">\n"
        let sourceLocation = field.texts[sourceLocale]?.location
        out +=
            "        <source xml:space=\"preserve\">\(try text(field.source, unit: field.unitID, locale: sourceLocale, at: sourceLocation))</source>\n"
        let targetState: String
        switch state.status {
        case .missing: targetState = "new"
        case .translated: targetState = "translated"
        // An identical text is confirmed only by the translator marking it translated (or
        // approved): sent back untouched, it stays an unreviewed copy.
        case .identical, .stale: targetState = "needs-review-translation"
        }
        let target = state.status == .missing ? "" : (state.translation ?? "")
        out +=
            "        <target state=\"\(targetState)\">\(try text(target, unit: field.unitID, locale: state.locale, at: state.location))</target>\n"
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

    /// A locale code as an `xsd:language` tag (`pt_BR` → `pt-BR`).
    static func languageTag(_ locale: String) -> String { locale.replacingOccurrences(of: "_", with: "-") }

    /// A scalar XML 1.0 cannot carry, found while escaping.
    struct ForbiddenCharacter: Error {
        var scalar: Unicode.Scalar
        var description: String { String(format: "U+%04X", scalar.value) }
    }

    /// Whether XML 1.0 allows `scalar` in a document (the `Char` production).
    static func isAllowedInXML(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Escapes `value` for element content or (with `inAttribute`) an attribute value.
    static func escape(_ value: String, inAttribute: Bool) throws(ForbiddenCharacter) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where inAttribute: out += "&quot;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            case "\n" where inAttribute: out += "&#10;"
            default:
                guard isAllowedInXML(scalar) else { throw ForbiddenCharacter(scalar: scalar) }
                if (0x7F...0x9F).contains(scalar.value) {
                    out += "&#x\(String(scalar.value, radix: 16, uppercase: true));"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    static func text(_ value: String, unit: String, locale: String, at location: SourceLocation?) throws -> String {
        do {
            return try escape(value, inAttribute: false)
        } catch {
            throw LocalizationError.characterNotAllowedInXML(
                unit: unit, locale: locale, scalar: error.description, location: location)
        }
    }

    static func attribute(_ value: String, unit: String, locale: String) throws -> String {
        do {
            return try escape(value, inAttribute: true)
        } catch {
            throw LocalizationError.characterNotAllowedInXML(unit: unit, locale: locale, scalar: error.description, location: nil)
        }
    }
}
