import Foundation
import GamePackContent

/// Pseudo-localization: texts that look translated (accented letters, in brackets, about 40%
/// longer) so a build can show where layouts overflow, truncate or concatenate strings, without
/// waiting for translators and without touching the sources.
///
/// `[Ĝŕééñ Ţŕáíĺ·····]` for `Green Trail`: the brackets show truncation, the accents show
/// characters outside ASCII, the padding shows text that grows. Placeholders (`%@`, `%d`,
/// `%1$s`, `%.2f`, `%%`, `{name}`, `{0}`) and whitespace (`\r\n` included) are kept as they are.
public enum PseudoLocalizer {
    /// How much longer a pseudo text is than its source (0.4: 40%).
    public static let expansion = 0.4

    /// The pseudo-localized form of `text`; an empty text stays empty.
    public static func pseudo(_ text: String) -> String {
        guard !text.isEmpty else { return "" }
        var out = "["
        var visible = 0
        for piece in pieces(of: text) {
            switch piece {
            case .placeholder(let placeholder):
                out += placeholder
            case .text(let run):
                for character in run {
                    if character.isWhitespace {
                        out.append(character)
                        continue
                    }
                    visible += 1
                    if character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
                        let accented = accents[scalar]
                    {
                        out.unicodeScalars.append(accented)
                    } else {
                        out.append(character)
                    }
                }
            }
        }
        let padding = Int((Double(max(visible, 1)) * expansion).rounded(.up))
        return out + String(repeating: "·", count: padding) + "]"
    }

    /// The pseudo texts of every translatable field of `project`, by unit id
    /// (`collection/item-id/field`), made from the default-locale texts.
    public static func translations(of project: Project) -> [String: String] {
        var result: [String: String] = [:]
        for field in TranslationInventory(project: project).fields { result[field.unitID] = pseudo(field.source) }
        return result
    }

    /// A copy of `project`, in memory only, in which every localized field with a default-locale
    /// text also has a pseudo text for `locale` (replacing any text it had), and `locale` is one
    /// of the project's locales. Build targets emit it like any other locale; the source files
    /// are not touched. A plain-string value becomes a map of the default locale and `locale`.
    public static func project(_ project: Project, locale: String) -> Project {
        var result = project
        if !result.config.locales.contains(locale) { result.config.locales.append(locale) }
        return TranslationInventory.settingTexts(in: result) { field in [locale: pseudo(field.source)] }
    }

    enum Piece {
        case text(Substring)
        case placeholder(String)
    }

    /// printf-style (`%@`, `%1$s`, `%-5.2f`, `%lld`, `%%`) and brace (`{name}`, `{0}`) placeholders.
    static let placeholder = try! NSRegularExpression(
        pattern:
            #"%(?:\d+\$)?[-+ 0#']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|z|j|t|q)?[@dDiuUxXoOfFeEgGcCsSpaA%]|\{[A-Za-z0-9_.:-]*\}"#
    )

    static func pieces(of text: String) -> [Piece] {
        var pieces: [Piece] = []
        var last = text.startIndex
        for match in placeholder.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range, in: text) else { continue }
            if last < range.lowerBound { pieces.append(.text(text[last..<range.lowerBound])) }
            pieces.append(.placeholder(String(text[range])))
            last = range.upperBound
        }
        if last < text.endIndex { pieces.append(.text(text[last...])) }
        return pieces
    }

    static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let accented = "áƀçďéƒĝĥíĵķĺɱñóþǫŕšţúṽŵẋýžÁƁÇĎÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ"
        return Dictionary(uniqueKeysWithValues: zip(plain.unicodeScalars, accented.unicodeScalars))
    }()
}

extension SourceNode {
    /// This tree with the value at `steps` (map keys and list indices) transformed; nil when the
    /// path does not exist.
    func updating(_ steps: ArraySlice<SourceShape.Step>, _ transform: (SourceNode) -> SourceNode) -> SourceNode? {
        guard let step = steps.first else { return transform(self) }
        var copy = self
        switch (value, step) {
        case (.map(var entries), .key(let key)):
            guard let index = entries.firstIndex(where: { $0.key == key }),
                let updated = entries[index].value.updating(steps.dropFirst(), transform)
            else { return nil }
            entries[index].value = updated
            copy.value = .map(entries)
        case (.list(var elements), .index(let index)):
            guard elements.indices.contains(index), let updated = elements[index].updating(steps.dropFirst(), transform) else {
                return nil
            }
            elements[index] = updated
            copy.value = .list(elements)
        default:
            return nil
        }
        return copy
    }
}
