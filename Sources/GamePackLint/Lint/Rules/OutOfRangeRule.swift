import GamePackContent

/// `out-of-range`: a value is outside its field's min/max, allowed values or item count.
enum OutOfRangeRule: ValueLintRule {
    static let id = "out-of-range"
    static let defaultSeverity = Severity.error
    static let summary = "A value is outside its field's min/max, allowed values or item count."
    static let details = "min/max, enum values, list length"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/sounds/1.yaml": """
                id: 1
                name: Hit
                file: sounds/hit.wav
                volume: ↓1.5
                code: HIT
                """
            ]),
        .nonTriggering(
            [
                "content/sounds/1.yaml": """
                id: 1
                name: Hit
                file: sounds/hit.wav
                volume: 1
                code: HIT
                """
            ]),
    ]

    /// Whether the rule checks values of `type` (the walk hands it only those).
    static func checks(_ type: FieldType) -> Bool {
        switch type {
        case .int, .number, .date, .enum, .list: true
        case .string, .text, .localized, .bool, .url, .image, .audio, .geo, .reference, .object: false
        }
    }

    /// Numbers against `min`/`max`, dates against `min`/`max`, an enum value against its
    /// values, a list's length against `min_items`/`max_items`.
    static func check(value: LintValue, of spec: FieldSpec, context: LintContext) {
        let node = value.node
        let path = value.path
        switch spec.type {
        case .int:
            if case .int(let number) = node.value {
                checkRange(Double(number), text: String(number), of: value, spec: spec, context: context)
            }
        case .number:
            if let number = node.doubleValue {
                checkRange(number, text: node.raw ?? String(number), of: value, spec: spec, context: context)
            }
        case .date:
            guard let date = value.date else { return }
            if let min = spec.minDate.flatMap(DateValue.parse(text:)), date < min {
                context.report(.outOfRange, "`\(path)` is before \(spec.minDate!), the earliest allowed", at: node.location)
            }
            if let max = spec.maxDate.flatMap(DateValue.parse(text:)), date > max {
                context.report(.outOfRange, "`\(path)` is after \(spec.maxDate!), the latest allowed", at: node.location)
            }
        case .enum:
            guard let text = node.scalarText, !spec.values.contains(text) else { return }
            let hint = Suggestions.closest(to: text, among: spec.values)
            context.report(
                .outOfRange,
                "`\(text)` is not allowed for `\(path)`" + (hint.map { "; did you mean `\($0)`?" } ?? "")
                    + " Allowed: \(spec.values.joined(separator: ", ")).",
                at: node.location, fix: hint)
        case .list:
            let count = node.elements?.count ?? 0
            if let min = spec.minItems, count < min {
                context.report(
                    .outOfRange,
                    "`\(path)` has \(plural(count, "entry", "entries")); at least \(min) \(min == 1 ? "is" : "are") required",
                    at: node.location)
            }
            if let max = spec.maxItems, count > max {
                context.report(
                    .outOfRange,
                    "`\(path)` has \(plural(count, "entry", "entries")); at most \(max) \(max == 1 ? "is" : "are") allowed",
                    at: node.location)
            }
        case .string, .text, .localized, .bool, .url, .image, .audio, .geo, .reference, .object:
            break
        }
    }

    static func checkRange(_ number: Double, text: String, of value: LintValue, spec: FieldSpec, context: LintContext) {
        if let min = spec.min, number < min {
            context.report(
                .outOfRange, "`\(value.path)` is \(text); the minimum is \(LintValue.describe(min))", at: value.node.location)
        }
        if let max = spec.max, number > max {
            context.report(
                .outOfRange, "`\(value.path)` is \(text); the maximum is \(LintValue.describe(max))", at: value.node.location)
        }
    }
}

extension LintRule {
    /// A value is outside its field's min/max, allowed values or item count.
    public static let outOfRange = LintRule(OutOfRangeRule.self)
}
