import Foundation
import GamePackContent

/// `pattern`: a value does not match its field's pattern.
enum PatternRule: TextLintRule {
    static let id = "pattern"
    static let defaultSeverity = Severity.error
    static let summary = "A value does not match its field's pattern."
    static let details = "a value not matching the field's `pattern`"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/sounds/1.yaml": """
                id: 1
                name: Hit
                file: sounds/hit.wav
                volume: 0.8
                code: ↓hit
                """
            ]),
        .nonTriggering(
            [
                "content/sounds/1.yaml": """
                id: 1
                name: Hit
                file: sounds/hit.wav
                volume: 0.8
                code: HIT
                """
            ]),
    ]

    static func check(_ text: LintText, of spec: FieldSpec, in context: LintContext) {
        guard let regex = spec.regex else { return }
        let value = text.text
        if regex.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) == nil {
            context.report(
                .pattern, "\(text.name) `\(value)` does not match the pattern \(spec.pattern ?? "")", at: text.location)
        }
    }
}

extension LintRule {
    /// A value does not match its field's pattern.
    public static let pattern = LintRule(PatternRule.self)
}
