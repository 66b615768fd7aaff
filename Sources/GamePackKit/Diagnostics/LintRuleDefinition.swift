/// What one lint rule is: its id, default severity, what it checks, and examples that show it
/// firing and not firing (SwiftLint's `RuleDescription`, swift-format's rule files). Each rule is
/// one file in `Lint/Rules/`, listed in `LintRuleRegistry.all`; `--list-rules`, SARIF's
/// `tool.driver.rules`, the README's rule table and the examples test are made from it.
///
/// A rule checks content through the hooks it adopts: `FieldLintRule` (every field of an item or
/// object), `TextLintRule` (every text value the item walk meets), `ProjectLintRule` (once,
/// after the walk). Rules without a hook are reported by
/// the step that owns what they check: loading (`syntax`, `config`, `schema`), the item walk
/// (`ItemValidator`: a value's type, range and required fields decide whether it is checked
/// further) or the asset inspection (`AssetChecks`: each file is read once for all asset rules).
public protocol LintRuleDefinition: Sendable {
    /// The id used in reports and in `lint.rules` of `gamepack.yaml`, such as `unknown-field`.
    static var id: String { get }
    /// The severity the rule reports with unless `gamepack.yaml` says otherwise.
    static var defaultSeverity: Severity { get }
    /// Whether the rule can be turned off or down (false for rules that guard loading itself).
    static var isConfigurable: Bool { get }
    /// One line saying what the rule checks (SARIF `shortDescription`, `--list-rules`).
    static var summary: String { get }
    /// The README rule table's "what it checks" cell: the cases the rule covers, in Markdown.
    static var details: String { get }
    /// Projects that make the rule fire and projects that do not; the tests lint each one.
    static var examples: [LintExample] { get }
}

extension LintRuleDefinition {
    public static var isConfigurable: Bool { true }
}

/// A small project showing a rule: files laid over the clean lint base project
/// (`Tests/GamePackKitTests/Fixtures/lint/base/`), then `setup` commands, linted by the tests.
public struct LintExample: Sendable {
    /// Whether linting the example reports the rule at least once (true) or never (false).
    public var triggers: Bool
    /// Files to write, by path relative to the project root, replacing the base's.
    public var files: [String: String]
    /// Commands run after writing the files: `copy FROM TO`, `truncate FILE BYTES`,
    /// `symlink LINK DESTINATION` (paths relative to the project root).
    public var setup: [String]
    /// For a triggering example of a rule that suggests a fix: the fix one of its findings offers.
    public var fix: String?

    /// An example that makes the rule fire (and, given `fix`, suggest that fix).
    public static func triggering(_ files: [String: String], setup: [String] = [], fix: String? = nil) -> LintExample {
        LintExample(triggers: true, files: files, setup: setup, fix: fix)
    }

    /// An example that the rule accepts.
    public static func nonTriggering(_ files: [String: String], setup: [String] = []) -> LintExample {
        LintExample(triggers: false, files: files, setup: setup)
    }
}
