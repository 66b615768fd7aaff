import Foundation
import GamePackContent

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

/// A rule that checks each asset an item names (`image` and `audio` values), from what the
/// asset inspection (`AssetChecks`) found at its path: each file is read once for all of them.
protocol AssetLintRule: LintRuleDefinition {
    static func check(_ inspection: AssetInspection, of use: AssetUse, context: LintContext)
}

/// A value the item walk met, of the type its field wants (never YAML null). Its field's spec
/// comes beside it, borrowed (copying it into every value showed in lint's time).
struct LintValue {
    /// The value as loaded.
    var node: SourceNode
    /// Where the value is in the item, such as `details.text` or `steps[2]`.
    var path: String
    /// For a `date` value: the date, read once for every rule.
    var date: Date?
    /// For a `localized` value: its texts by locale, read once for every rule.
    var localized: LocalizedTexts?

    /// How messages write a limit or a coordinate: `5`, not `5.0`.
    static func describe(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

/// A rule that checks every value the item walk meets whose type is right for its field
/// (`WrongTypeRule.expected` decides that, before any value rule runs, whether or not
/// `wrong-type` is on).
protocol ValueLintRule: LintRuleDefinition {
    /// Whether the rule checks values of `type`: the walk hands it only those (most values are
    /// texts and numbers that few rules look at). An exhaustive `switch`, so that a new field
    /// type is a decision for every value rule.
    static func checks(_ type: FieldType) -> Bool
    static func check(value: LintValue, of spec: FieldSpec, context: LintContext)
}

/// A map the item walk met: an item's fields, or an `object` value's.
struct LintMap {
    var node: SourceNode
    /// The fields the map may have.
    var fields: [FieldSpec]
    /// Where the map is in the item (`details`); empty for the item itself.
    var path: String
    var collection: String
    /// How messages name the item (`location 12`).
    var owner: String
    /// Whether the map is the item itself (its `id` is no field of the content type).
    var isItem: Bool

    /// The spec of the field named `name`; nil when the map may not have it.
    func field(named name: String) -> FieldSpec? { fields.first { $0.name == name } }

    /// `name`'s path in the item: `details.name`.
    func path(of name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }
}

/// A rule that checks every map the item walk meets, before its fields are walked.
protocol MapLintRule: LintRuleDefinition {
    static func check(map: LintMap, context: LintContext)
}

/// A rule that checks every entry of every map the item walk meets (but an item's `id`, which
/// is no field), with the entry's field spec as the walk found it: nil when the map may not
/// have it (the walk leaves such an entry).
protocol EntryLintRule: LintRuleDefinition {
    static func check(entry: SourceEntry, spec: FieldSpec?, in map: LintMap, context: LintContext)
}

/// A rule that checks each item of a collection with a content type, before its fields are walked.
protocol ItemLintRule: LintRuleDefinition {
    static func check(item: ContentItem, context: LintContext)
}

extension FieldType {
    /// Whether values of this type are geo points (for the value rules that check only those).
    var isGeoPoint: Bool {
        switch self {
        case .geo: true
        case .string, .text, .localized, .int, .number, .bool, .date, .url, .enum, .image, .audio, .reference, .list, .object:
            false
        }
    }

    /// Whether values of this type are localized texts (for the value rules that check only those).
    var isLocalized: Bool {
        switch self {
        case .localized: true
        case .string, .text, .int, .number, .bool, .date, .url, .enum, .image, .audio, .geo, .reference, .list, .object:
            false
        }
    }
}
