import GamePackContent

/// What one lint rule is: its id, default severity, what it checks, and examples that show it
/// firing and not firing (SwiftLint's `RuleDescription`, swift-format's rule files). Each rule is
/// one file in `Lint/Rules/`, listed in `LintRuleRegistry.all`; `--list-rules`, SARIF's
/// `tool.driver.rules`, the README's rule table and the examples test are made from it.
///
/// A rule holds its own check, through the hooks it adopts (`Lint/LintRuleHooks.swift`):
/// `ItemLintRule` (each item), `MapLintRule` (each map: an item's fields, an object),
/// `EntryLintRule` (each entry of a map, with its field's spec), `ValueLintRule` (each value of the right type), `FieldLintRule` (each field, with its
/// siblings), `TextLintRule` (each text), `AssetLintRule` (each asset an item names, from the
/// one inspection of its file) and `ProjectLintRule` (once, after the walk). The rules that
/// parsing finds (`syntax`, `config`, `schema`) have no hook: the loaders report them as plain
/// diagnostics with their id from `RuleID`, and their files only describe them.
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
///
/// A triggering example marks each place the rule reports with `↓` in its files, as
/// SwiftLint's examples do: the finding's line and column are where the marker stands (the
/// marker itself is no part of the file). The examples test expects exactly the marked
/// findings of the rule; an example without markers (a finding that has no place in a file,
/// such as a file-level one) only has to fire.
public struct LintExample: Sendable {
    /// Whether linting the example reports the rule at least once (true) or never (false).
    public var triggers: Bool
    /// Files to write, by path relative to the project root, with their `↓` markers.
    public var markedFiles: [String: String]
    /// Commands run after writing the files: `copy FROM TO`, `truncate FILE BYTES`,
    /// `symlink LINK DESTINATION` (paths relative to the project root).
    public var setup: [String]
    /// For a triggering example of a rule that suggests a fix: the fix one of its findings offers.
    public var fix: String?

    /// The marker of an expected finding's place.
    public static let marker: Character = "↓"

    /// Files to write, by path relative to the project root, replacing the base's (without
    /// their markers).
    public var files: [String: String] { markedFiles.mapValues { $0.filter { $0 != Self.marker } } }

    /// The places the markers stand, as `path:line:column`, sorted (columns count Unicode
    /// scalars, as `SourceLocation`'s do).
    public var markedPlaces: [String] {
        var places: [String] = []
        for (path, text) in markedFiles {
            var line = 1
            var column = 1
            for scalar in text.unicodeScalars {
                if Character(scalar) == Self.marker {
                    places.append("\(path):\(line):\(column)")
                } else if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
        }
        return places.sorted()
    }

    /// An example that makes the rule fire where its files' `↓` markers stand (and, given
    /// `fix`, suggest that fix).
    public static func triggering(_ files: [String: String], setup: [String] = [], fix: String? = nil) -> LintExample {
        LintExample(triggers: true, markedFiles: files, setup: setup, fix: fix)
    }

    /// An example that the rule accepts.
    public static func nonTriggering(_ files: [String: String], setup: [String] = []) -> LintExample {
        LintExample(triggers: false, markedFiles: files, setup: setup)
    }
}
