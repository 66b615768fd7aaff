import Foundation
import GamePackContent

/// `wrong-type`: a value has the wrong type for its field.
///
/// Also reported, with `RuleID.wrongType`, by loading for a file's element that is no map.
enum WrongTypeRule: ItemLintRule, ValueLintRule {
    static let id = RuleID.wrongType
    static let defaultSeverity = Severity.error
    static let summary = "A value has the wrong type for its field."
    static let details = "e.g. text where a number belongs, a non-http URL"
    static let examples: [LintExample] = [
        .triggering(
            [
                "content/sounds/1.yaml": """
                id: 1
                name: Hit
                file: sounds/hit.wav
                volume: ↓loud
                code: HIT
                """
            ]),
        .nonTriggering(
            [
                "content/sounds/1.yaml": """
                id: 1
                name: Hit
                file: sounds/hit.wav
                volume: 0.5
                code: HIT
                """
            ]),
    ]

    /// An item's `id` that is neither a whole number nor letters, digits, - and _.
    static func check(item: ContentItem, context: LintContext) {
        guard let idNode = item.node["id"], item.id == nil else { return }
        context.report(
            .wrongType,
            "an id is a whole number or letters, digits, - and _ (found \(idNode.kindDescription) `\(idNode.raw ?? "")`)",
            at: idNode.location)
    }

    /// What a value of `spec`'s type must be, as messages say it; nil when the value is of
    /// that type. The item walk asks before anything else, and walks no further into a value
    /// of the wrong type (whether or not this rule is on).
    static func expected(of value: LintValue, spec: FieldSpec) -> String? {
        let node = value.node
        switch spec.type {
        case .string, .text:
            return node.scalarText == nil ? "text" : nil
        case .url:
            return node.scalarText == nil ? "a URL" : nil
        case .localized:
            return node.scalarText != nil || node.entries != nil ? nil : "a map of locale → text such as {en: …, nl: …}"
        case .int:
            if case .int = node.value { return nil }
            return "a whole number"
        case .number:
            if let number = node.doubleValue, number.isFinite { return nil }
            return "a number"
        case .bool:
            if case .bool = node.value { return nil }
            return "true or false"
        case .date:
            return value.date == nil ? "a date such as 2026-12-01" : nil
        case .enum:
            return node.scalarText == nil ? "one of \(spec.values.joined(separator: ", "))" : nil
        case .image, .audio:
            if case .string = node.value { return nil }
            return "a path under assets/ such as photos/rai.jpg"
        case .geo:
            return node.entries == nil ? "a map {latitude: …, longitude: …}" : nil
        case .reference:
            return ItemID(node: node) == nil ? "the id of an item in \(spec.referenceTarget ?? "?")" : nil
        case .list:
            return node.elements == nil ? "a list" : nil
        case .object:
            return node.entries == nil ? "a map with fields \(spec.fields.map(\.name).joined(separator: ", "))" : nil
        }
    }

    /// Whether the rule checks values of `type` (the walk hands it only those).
    static func checks(_ type: FieldType) -> Bool {
        switch type {
        case .string, .url, .geo, .localized: true
        case .text, .int, .number, .bool, .date, .enum, .image, .audio, .reference, .list, .object: false
        }
    }

    /// A value whose type is right but not all of it: a `string` with line breaks, a `url`
    /// that is no http(s) URL, a geo point's coordinate that is no number, a `localized`
    /// value's text that is a list or a map.
    static func check(value: LintValue, of spec: FieldSpec, context: LintContext) {
        let node = value.node
        let path = value.path
        switch spec.type {
        case .string:
            if let text = node.scalarText, text.contains("\n") {
                context.report(
                    .wrongType, "`\(path)` is one line of text; remove the line breaks or make the field `text`",
                    at: node.location)
            }
        case .url:
            if let text = node.scalarText, !isWebURL(text) {
                context.report(.wrongType, "`\(path)` must be an http(s) URL such as https://example.com/deal", at: node.location)
            }
        case .geo:
            for name in ["latitude", "longitude"] {
                if let coordinate = node[name], !(coordinate.doubleValue?.isFinite ?? false) {
                    report(coordinate, expected: "a number of decimal degrees", path: "\(path).\(name)", context: context)
                }
            }
        case .localized:
            for entry in value.localized?.notText ?? [] {
                report(entry.value, expected: "text", path: "\(path).\(entry.key)", context: context)
            }
        case .text, .int, .number, .bool, .date, .enum, .image, .audio, .reference, .list, .object:
            break
        }
    }

    /// Whether `text` is an http(s) URL with a host.
    static func isWebURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && url.host?.isEmpty == false
    }

    /// Reports `node` as not being what `expected` says.
    static func report(_ node: SourceNode, expected: String, path: String, context: LintContext) {
        let found = node.raw.map { "\(node.kindDescription) `\($0)`" } ?? node.kindDescription
        context.report(.wrongType, "`\(path)` must be \(expected), not \(found)", at: node.location)
    }
}

extension LintRule {
    /// A value has the wrong type for its field.
    public static let wrongType = LintRule(WrongTypeRule.self)
}
