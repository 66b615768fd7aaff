import GamePackContent

/// `text-whitespace`: a text starts or ends with white space (a space, tab or line break), which
/// a game shows as a misaligned label or an odd gap. The one line break a YAML block scalar
/// (`|`, `>`) ends with is not counted.
enum TextWhitespaceRule: TextLintRule {
    static let id = "text-whitespace"
    static let defaultSeverity = Severity.warning
    static let summary = "A text starts or ends with white space."
    static let details =
        "a `string`, `text` or localized text with leading or trailing spaces, tabs or line breaks (the fix trims them)"
    static let examples: [LintExample] = [
        .triggering(
            ["content/sounds/1.yaml": "id: 1\nname: ↓\" Hit\"\nfile: sounds/hit.wav\nvolume: 0.8\ncode: HIT\n"], fix: "Hit"),
        .triggering(
            ["content/rewards/1.yaml": "id: 1\nname: {en: ↓\"Art Lover \", nl: Kunstliefhebber}\nimage: badges/art-lover.png\n"],
            fix: "Art Lover"),
        .nonTriggering([
            "content/rewards/1.yaml": "id: 1\nname: {en: Art Lover, nl: \"Kunst liefhebber\"}\nimage: badges/art-lover.png\n"
        ]),
        .nonTriggering([
            "content/deals/1.yaml": """
            id: 1
            name: Coffee for two
            location: {latitude: 52.3702, longitude: 4.8952}
            details:
              store_name: Café De Jaren
              text: |
                Two coffees for the price of one.
            """
        ]),
    ]

    static func check(_ text: LintText, of spec: FieldSpec, in context: LintContext) {
        guard spec.type == .string || spec.type == .text || spec.type == .localized else { return }
        // Most texts start and end with an ASCII letter, digit or mark: settle those from the
        // first and last bytes (every non-ASCII white space starts with a byte ≥ 0x80).
        if let head = text.text.utf8.first, let tail = text.text.utf8.last,
            head > 0x20 && head < 0x80, tail > 0x20 && tail < 0x80
        {
            return
        }
        let scalars = text.text.unicodeScalars
        guard let first = scalars.first, var last = scalars.last else { return }
        var body = scalars[...]
        if last == "\n" {
            body = body.dropLast()
            guard let beforeBreak = body.last else { return }
            last = beforeBreak
        }
        let leading = first.properties.isWhitespace, trailing = last.properties.isWhitespace
        guard leading || trailing else { return }
        let trimmed = String(text.text.trimmedWhitespace)
        if trimmed.isEmpty {
            context.report(.textWhitespace, "\(text.name) is only white space; fill it in or remove it", at: text.location)
            return
        }
        let ends = leading && trailing ? "starts and ends" : leading ? "starts" : "ends"
        context.report(.textWhitespace, "\(text.name) \(ends) with white space; remove it", at: text.location, fix: trimmed)
    }
}

extension LintRule {
    /// A text starts or ends with white space.
    public static let textWhitespace = LintRule(TextWhitespaceRule.self)
}
