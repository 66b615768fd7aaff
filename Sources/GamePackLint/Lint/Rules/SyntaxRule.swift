import GamePackContent

/// `syntax`: a content, schema or config file is not valid YAML/JSON, is empty, not UTF-8, or expands too far.
///
/// Parsing finds it, so loading (`SourceLoader`, `ProjectWalker`) reports it as a plain diagnostic
/// with `RuleID.syntax`, the id of this rule; this file describes the rule.
enum SyntaxRule: LintRuleDefinition {
    static let id = RuleID.syntax
    static let defaultSeverity = Severity.error
    static let isConfigurable = false
    static let summary = "A content, schema or config file is not valid YAML/JSON, is empty, not UTF-8, or expands too far."
    static let details =
        "not YAML/JSON, duplicate keys, tabs in indentation, aliases expanding past the file's size, non-UTF-8, empty files"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/locations/3.yaml": """
                id: 3
                name: {en: Dam Square, nl: De Dam}
                ↓name: {en: Dam, nl: Dam}
                position: {latitude: 52.3731, longitude: 4.8926}
                """
            ]),
        .nonTriggering(
            [
                "content/locations/3.yaml": """
                id: 3
                name: {en: Dam Square, nl: De Dam}
                position: {latitude: 52.3731, longitude: 4.8926}
                """
            ]),
    ]
}

extension LintRule {
    /// A content, schema or config file is not valid YAML/JSON, is empty, not UTF-8, or expands too far.
    public static let syntax = LintRule(SyntaxRule.self)
}
