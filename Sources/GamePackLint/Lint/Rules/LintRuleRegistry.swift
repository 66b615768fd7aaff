import GamePackContent

/// Every lint rule, in the order `--list-rules`, SARIF's `tool.driver.rules` and the README's
/// rule table show them (new rules go at the end, so SARIF rule indexes stay put). A rule file in
/// `Lint/Rules/` that is not listed here fails `LintRuleRegistryTests`.
///
/// Adding a rule: write `Lint/Rules/<Name>Rule.swift` (a `LintRuleDefinition` with examples
/// whose `↓` markers stand where the rule reports, adopting the hook it needs, and its
/// `LintRule` constant), list it at the end of `all` and in the
/// hook lists below of the hooks it adopts (and add a fixture
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

    // The hook lists below name each rule again, in registry order, rather than casting `all`
    // (`$0 as? any ItemLintRule.Type`): each such cast that fails scans every protocol
    // conformance in the binary, which cost lint about 8 ms a run. `LintRuleRegistryTests`
    // checks that every list holds exactly the rules of `all` that adopt its hook, in order.

    /// The rules that check each item during the item walk.
    static let itemRules: [any ItemLintRule.Type] = [MissingRequiredRule.self, WrongTypeRule.self]

    /// The rules that check each map (an item's fields, an object) during the item walk.
    static let mapRules: [any MapLintRule.Type] = [MissingRequiredRule.self]

    /// The rules that check each entry of a map during the item walk.
    static let entryRules: [any EntryLintRule.Type] = [UnknownFieldRule.self]

    /// The rules that check each value of the right type during the item walk.
    static let valueRules: [any ValueLintRule.Type] = [
        UnknownFieldRule.self,
        MissingRequiredRule.self,
        WrongTypeRule.self,
        OutOfRangeRule.self,
        MissingTranslationRule.self,
        UnknownLocaleRule.self,
        GeoRangeRule.self,
    ]

    /// The rules that check each field of an item or object during the item walk.
    static let fieldRules: [any FieldLintRule.Type] = [DateOrderRule.self]

    /// The rules that check each text value during the item walk.
    static let textRules: [any TextLintRule.Type] = [
        PatternRule.self,
        TextTooLongRule.self,
        IdenticalTranslationRule.self,
        TextWhitespaceRule.self,
    ]

    /// The rules that check each asset an item names, from the asset inspection.
    static let assetRules: [any AssetLintRule.Type] = [
        AssetMissingRule.self,
        AssetOutsideProjectRule.self,
        AssetUnreadableRule.self,
        AssetFormatMismatchRule.self,
        AssetFormatNotAllowedRule.self,
        AssetTooLargeRule.self,
        AssetDimensionsRule.self,
    ]

    /// The rules that check the project once the items are walked.
    static let projectRules: [any ProjectLintRule.Type] = [
        UnknownCollectionRule.self,
        DuplicateIDRule.self,
        DuplicateValueRule.self,
        DanglingReferenceRule.self,
        StaleTranslationRule.self,
        GeoSwappedRule.self,
        WaypointDistanceRule.self,
        UnusedAssetRule.self,
    ]
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
