import GamePackContent

/// `text-too-long`: a text is longer (or shorter) than its field allows.
enum TextTooLongRule: TextLintRule {
    static let id = "text-too-long"
    static let defaultSeverity = Severity.error
    static let summary = "A text is longer (or shorter) than its field allows."
    static let details = "over `max_length` (or under `min_length`), per locale"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/sounds/1.yaml": """
                id: 1
                name: ↓A very loud hit on the head
                file: sounds/hit.wav
                volume: 0.8
                code: HIT
                """
            ]),
        .nonTriggering(
            [
                "content/sounds/1.yaml": """
                id: 1
                name: A loud hit
                file: sounds/hit.wav
                volume: 0.8
                code: HIT
                """
            ]),
    ]

    static func check(_ text: LintText, of spec: FieldSpec, in context: LintContext) {
        guard spec.maxLength != nil || spec.minLength != nil else { return }
        // A text has no more characters than UTF-8 bytes (O(1) to read): one within the limit
        // in bytes is within it in characters, which are counted only when it may not be.
        if spec.minLength == nil, let max = spec.maxLength, text.text.utf8.count <= max { return }
        let length = text.text.count
        if let max = spec.maxLength, length > max {
            context.report(
                .textTooLong, "\(text.name) is \(length) characters; the limit is \(max). Shorten it by \(length - max)",
                at: text.location)
        }
        if let min = spec.minLength, length < min {
            context.report(.textTooLong, "\(text.name) is \(length) characters; at least \(min) are required", at: text.location)
        }
    }
}

extension LintRule {
    /// A text is longer (or shorter) than its field allows.
    public static let textTooLong = LintRule(TextTooLongRule.self)
}
