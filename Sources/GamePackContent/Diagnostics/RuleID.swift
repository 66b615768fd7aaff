/// The ids of the rules that steps below `Lint/` report with: loading a file (`syntax`),
/// parsing `gamepack.yaml` (`config`) and the schemas (`schema`), walking the project's folders
/// (`asset-outside-project`, `asset-unreadable`), reading an item's id (`wrong-type`) and finding
/// a content folder without a schema (`unknown-collection`). Those steps report a plain
/// `Diagnostic` with one of these ids; the rule with the same id in `Lint/Rules/` describes it
/// (its `id` is the constant here), so nothing below `Lint/` names a rule type.
public enum RuleID {
    public static let syntax = "syntax"
    public static let config = "config"
    public static let schema = "schema"
    public static let wrongType = "wrong-type"
    public static let unknownCollection = "unknown-collection"
    public static let assetOutsideProject = "asset-outside-project"
    public static let assetUnreadable = "asset-unreadable"
}
