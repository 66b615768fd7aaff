import GamePackContent

/// `date-order`: a date precedes the date it must not precede (e.g. valid_until before valid_from).
enum DateOrderRule: FieldLintRule {
    static let id = "date-order"
    static let defaultSeverity = Severity.error
    static let summary = "A date precedes the date it must not precede (e.g. valid_until before valid_from)."
    static let details = "a date before the one it must not precede (`valid_until` before `valid_from`)"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/deals/1.yaml": """
                id: 1
                name: Coffee for two
                location: {latitude: 52.3702, longitude: 4.8952}
                category: drinks
                details:
                  store_name: Café De Jaren
                  address: Nieuwe Doelenstraat 20, Amsterdam
                  text: Two coffees for the price of one.
                url: https://example.com/deals/1
                valid_from: 2026-12-01
                valid_until: ↓2026-11-30
                featured: true
                """
            ]),
        .nonTriggering(
            [
                "content/deals/1.yaml": """
                id: 1
                name: Coffee for two
                location: {latitude: 52.3702, longitude: 4.8952}
                category: drinks
                details:
                  store_name: Café De Jaren
                  address: Nieuwe Doelenstraat 20, Amsterdam
                  text: Two coffees for the price of one.
                url: https://example.com/deals/1
                valid_from: 2026-12-01
                valid_until: 2026-12-01
                featured: true
                """
            ]),
    ]

    /// A date field with `not_before: other` against its sibling `other`.
    static func check(field value: SourceNode, spec: FieldSpec, in map: SourceNode, at path: String, context: LintContext) {
        guard let otherName = spec.notBefore, let earlier = map[otherName],
            let laterDate = DateValue.parse(value), let earlierDate = DateValue.parse(earlier), laterDate < earlierDate
        else { return }
        let prefix = path.isEmpty ? "" : "\(path)."
        context.report(
            .dateOrder,
            "`\(prefix)\(spec.name)` (\(value.scalarText ?? "")) is before `\(prefix)\(otherName)` (\(earlier.scalarText ?? "")); swap or correct the dates",
            at: value.location)
    }
}

extension LintRule {
    /// A date precedes the date it must not precede (e.g. valid_until before valid_from).
    public static let dateOrder = LintRule(DateOrderRule.self)
}
