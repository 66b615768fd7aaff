import Foundation

/// How serious a finding is. Ordered: `note < warning < error`.
public enum Severity: String, Sendable, Codable, CaseIterable, Comparable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A place in a source file. `file` is relative to the project root, with `/` separators;
/// `line` and `column` are 1-based, the column counted in Unicode scalars (as libyaml does).
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// A location naming only a file (line and column unknown): `line` and `column` are 0.
    public static func file(_ path: String) -> SourceLocation {
        SourceLocation(file: path, line: 0, column: 0)
    }

    /// Whether the line (and so the column) is known.
    public var hasPosition: Bool { line > 0 }

    public var description: String {
        hasPosition ? "\(file):\(line):\(column)" : file
    }
}

/// One problem found in a project: by lint, localization, build or verify.
public struct Diagnostic: Sendable, Codable, Hashable {
    /// The severity after the project's lint settings (and `--strict`) were applied.
    public var severity: Severity
    /// The rule that found it (`unknown-field`, `asset-missing`, …).
    public var rule: String
    /// What is wrong and how to fix it, in one or two sentences.
    public var message: String
    /// Where, when known.
    public var location: SourceLocation?
    /// Further context, each a sentence (for example where a duplicate id was first defined).
    public var notes: [String]
    /// A suggested replacement text, when one is obvious ("did you mean").
    public var fix: String?
    /// The item the finding is in, as `collection/item-id`, when it is in an item with an id.
    public var item: String?
    /// Where in that item, as a field path (`name.nl`, `stops[2]`), when below the item itself.
    public var field: String?

    public init(
        severity: Severity, rule: String, message: String, location: SourceLocation?,
        notes: [String] = [], fix: String? = nil
    ) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.location = location
        self.notes = notes
        self.fix = fix
    }
}
