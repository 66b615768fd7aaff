/// A text the item walk met: a `string`, `text` or `url` value, or one locale's text of a
/// `localized` value. Rules adopting `TextLintRule` see each one once.
struct LintText {
    /// The text as loaded (quotes and escapes resolved).
    var text: String
    /// Where the field is in the item, such as `details.text` or `steps[2]`.
    var path: String
    /// The locale of a `localized` value's text; nil for other fields.
    var locale: String?
    /// For a translation (a `localized` value's text in a locale other than the default): the
    /// default-locale text of the same value; nil for other texts, or when there is none.
    var source: String?
    /// Where the text is written.
    var location: SourceLocation

    /// How messages name the text: `` `name` `` or `` `name` (nl) ``.
    var name: String { locale.map { "`\(path)` (\($0))" } ?? "`\(path)`" }
}

/// A rule that checks every text value, during the one walk over the items. The field's spec
/// comes as its own argument (borrowed, not copied into `LintText`: this runs for every text).
protocol TextLintRule: LintRuleDefinition {
    static func check(_ text: LintText, of spec: FieldSpec, in context: LintContext)
}

/// A rule that checks every field of every map the item walk meets (an item's fields and an
/// object's), once the field's value has been checked; it sees the map too, for rules that
/// compare siblings.
protocol FieldLintRule: LintRuleDefinition {
    /// - Parameters:
    ///   - value: the field's value (never YAML null).
    ///   - spec: the field's spec.
    ///   - map: the item or object the field is in.
    ///   - path: where `map` is in the item (`details`), empty for the item itself.
    static func check(field value: SourceNode, spec: FieldSpec, in map: SourceNode, at path: String, context: LintContext)
}

/// A rule that checks the project as a whole once the items have been walked, from the facts
/// the walk gathered in `LintContext` (references, unique values, geo points, asset uses).
protocol ProjectLintRule: LintRuleDefinition {
    static func check(project context: LintContext)
}
