import Foundation
import GamePackContent

/// The output formats of `gamepack lint --format`.
public enum OutputFormat: String, Sendable, CaseIterable {
    case text, json, github, sarif, junit

    /// The reporter that writes this format; SARIF lists `rules` (`LintRule.allCases`).
    public func reporter(rules: [LintRule]) -> any DiagnosticReporter {
        switch self {
        case .text: TextReporter()
        case .json: JSONReporter()
        case .github: GitHubReporter()
        case .sarif: SARIFReporter(rules: rules)
        case .junit: JUnitReporter()
        }
    }
}

/// What a reporter needs besides the diagnostics.
public struct ReportContext: Sendable {
    /// Prepended to project-relative paths so they read from the user's working directory
    /// (`examples/gohike-amsterdam/`); empty when the project is the working directory.
    public var pathPrefix: String
    /// Project-relative paths of every file checked (JUnit lists one test case per file).
    public var checkedFiles: [String]
    /// Source texts for quoting the offending line (text format).
    public var sources: SourceTexts?
    /// Whether to use ANSI colors (text format).
    public var color: Bool

    public init(pathPrefix: String, checkedFiles: [String], sources: SourceTexts? = nil, color: Bool = false) {
        self.pathPrefix = pathPrefix
        self.checkedFiles = checkedFiles
        self.sources = sources
        self.color = color
    }

    /// A project-relative path as the user sees it.
    public func display(_ file: String) -> String { pathPrefix + file }
}

/// Turns diagnostics into one report document (a string ending in a newline, or empty).
public protocol DiagnosticReporter: Sendable {
    func report(_ diagnostics: [Diagnostic], context: ReportContext) -> String
}

extension Array where Element == Diagnostic {
    /// Counts per severity.
    public var errorCount: Int { count { $0.severity == .error } }
    public var warningCount: Int { count { $0.severity == .warning } }
    public var noteCount: Int { count { $0.severity == .note } }
}
