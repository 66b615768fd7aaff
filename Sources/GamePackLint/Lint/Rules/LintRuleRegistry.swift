import GamePackContent

/// Every lint rule, in the order `--list-rules`, SARIF's `tool.driver.rules` and the README's
/// rule table show them (new rules go at the end, so SARIF rule indexes stay put). A rule file in
/// `Lint/Rules/` that is not listed here fails `LintRuleRegistryTests`.
///
/// Adding a rule: write `Lint/Rules/<Name>Rule.swift` (a `LintRuleDefinition` with examples
/// whose `↓` markers stand where the rule reports, adopting the hook it needs, and its
/// `LintRule` constant), list it at the end of `all` (and add a fixture
/// `Tests/GamePackKitTests/Fixtures/lint/rules/<id>/` only for what markers cannot say: a
/// finding in a base file or an asset, or without a place), then regenerate the README table
/// and the SARIF golden's rule list with
/// `GAMEPACK_RECORD=1 swift test --filter "LintRuleRegistryTests/readmeTable|ReporterTests/golden"`.
public enum LintRuleRegistry {
    /// The rules' definitions.
    public static let all: [any LintRuleDefinition.Type] = [
        SyntaxRule.self,
        ConfigRule.self,
        SchemaRule.self,
        UnknownCollectionRule.self,
        UnknownFieldRule.self,
        MissingRequiredRule.self,
        WrongTypeRule.self,
        OutOfRangeRule.self,
        PatternRule.self,
        TextTooLongRule.self,
        DuplicateIDRule.self,
        DuplicateValueRule.self,
        DanglingReferenceRule.self,
        MissingTranslationRule.self,
        IdenticalTranslationRule.self,
        StaleTranslationRule.self,
        UnknownLocaleRule.self,
        GeoRangeRule.self,
        GeoSwappedRule.self,
        WaypointDistanceRule.self,
        AssetMissingRule.self,
        AssetOutsideProjectRule.self,
        AssetUnreadableRule.self,
        AssetFormatMismatchRule.self,
        AssetFormatNotAllowedRule.self,
        AssetTooLargeRule.self,
        AssetDimensionsRule.self,
        UnusedAssetRule.self,
        DateOrderRule.self,
        TextWhitespaceRule.self,
    ]

    /// `all` as rule values.
    static let rules: [LintRule] = all.map(LintRule.init)

    /// Definitions by id.
    private static let byID: [String: any LintRuleDefinition.Type] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// The definition of the rule with this id; nil when there is none.
    public static func definition(id: String) -> (any LintRuleDefinition.Type)? { byID[id] }

    /// The rules that check each item during the item walk.
    static let itemRules: [any ItemLintRule.Type] = all.compactMap { $0 as? any ItemLintRule.Type }

    /// The rules that check each map (an item's fields, an object) during the item walk.
    static let mapRules: [any MapLintRule.Type] = all.compactMap { $0 as? any MapLintRule.Type }

    /// The rules that check each entry of a map during the item walk.
    static let entryRules: [any EntryLintRule.Type] = all.compactMap { $0 as? any EntryLintRule.Type }

    /// The rules that check each value of the right type during the item walk.
    static let valueRules: [any ValueLintRule.Type] = all.compactMap { $0 as? any ValueLintRule.Type }

    /// The rules that check each field of an item or object during the item walk.
    static let fieldRules: [any FieldLintRule.Type] = all.compactMap { $0 as? any FieldLintRule.Type }

    /// The rules that check each text value during the item walk.
    static let textRules: [any TextLintRule.Type] = all.compactMap { $0 as? any TextLintRule.Type }

    /// The rules that check each asset an item names, from the asset inspection.
    static let assetRules: [any AssetLintRule.Type] = all.compactMap { $0 as? any AssetLintRule.Type }

    /// The rules that check the project once the items are walked.
    static let projectRules: [any ProjectLintRule.Type] = all.compactMap { $0 as? any ProjectLintRule.Type }
}

extension LintRule {
    /// The rule with this id; nil when no registered rule has it.
    public init?(rawValue: String) {
        guard let definition = LintRuleRegistry.definition(id: rawValue) else { return nil }
        self.init(definition)
    }

    /// Every registered rule, in registry order (the order of `--list-rules` and SARIF's rules).
    public static var allCases: [LintRule] { LintRuleRegistry.rules }
}
