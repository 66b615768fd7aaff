import Foundation

extension JSONSchemaGenerator {
    /// The hover text of a field: its own description, what it takes, and its limits.
    static func describe(_ spec: FieldSpec, facts: ProjectFacts) -> String {
        var parts: [String] = []
        if let own = sentence(spec.description) { parts.append(own) }
        parts.append(kindSentence(spec, facts: facts))
        if spec.required { parts.append("Required.") }
        let perLocale = spec.type == .localized ? " per locale" : ""
        if let minimum = spec.minLength, let maximum = spec.maxLength {
            parts.append("\(minimum) to \(maximum) characters\(perLocale).")
        } else if let maximum = spec.maxLength {
            parts.append("At most \(maximum) characters\(perLocale).")
        } else if let minimum = spec.minLength {
            parts.append("At least \(minimum) characters\(perLocale).")
        }
        if spec.min != nil || spec.max != nil {
            let low = spec.min.map(formatNumber), high = spec.max.map(formatNumber)
            switch (low, high) {
            case let (low?, high?): parts.append("From \(low) to \(high).")
            case let (low?, nil): parts.append("At least \(low).")
            case let (nil, high?): parts.append("At most \(high).")
            case (nil, nil): break
            }
        }
        if let earliest = spec.minDate { parts.append("Not before \(earliest).") }
        if let latest = spec.maxDate { parts.append("Not after \(latest).") }
        if let other = spec.notBefore { parts.append("Not before `\(other)` (lint checks this).") }
        if let pattern = spec.pattern { parts.append("Matches the pattern `\(pattern)`.") }
        if spec.unique { parts.append("Unique among the collection's items (lint checks this).") }
        if let minimum = spec.minItems { parts.append("At least \(minimum) entries.") }
        if let maximum = spec.maxItems { parts.append("At most \(maximum) entries.") }
        var limits: [String] = []
        if let bytes = spec.maxBytes { limits.append("at most \(ByteCount.describe(bytes))") }
        if let width = spec.maxWidth { limits.append("at most \(width) px wide") }
        if let width = spec.minWidth { limits.append("at least \(width) px wide") }
        if let height = spec.maxHeight { limits.append("at most \(height) px high") }
        if let height = spec.minHeight { limits.append("at least \(height) px high") }
        if !limits.isEmpty { parts.append("The file: \(limits.joined(separator: ", ")) (lint checks this).") }
        return parts.joined(separator: " ")
    }

    /// What a field of `spec`'s kind takes, as one sentence.
    static func kindSentence(_ spec: FieldSpec, facts: ProjectFacts) -> String {
        var walk = KindSentence(facts: facts)
        return walk.walk((), spec: spec)
    }

    /// The field walk behind `kindSentence`.
    struct KindSentence: FieldVisitor {
        let facts: ProjectFacts

        func visitLeaf(_ type: LeafFieldType, _: Void, spec: FieldSpec) -> String {
            switch type {
            case .string: return "One line of text."
            case .text: return "Text; line breaks allowed."
            case .int: return "A whole number."
            case .number: return "A number."
            case .bool: return "true or false."
            case .date: return "A date such as 2026-12-01 (or an ISO 8601 date and time)."
            case .url: return "An http:// or https:// URL."
            case .enum: return "One of: \(spec.values.joined(separator: ", "))."
            case .image, .audio:
                let kind = type == .image ? "an image" : "a sound"
                return
                    "The path of \(kind) under assets/, such as \(type == .image ? "photos/rai.jpg" : "sounds/tap.wav"); files ending in "
                    + allowedExtensions(spec).map { ".\($0)" }.joined(separator: ", ") + "."
            case .geo: return "A point {latitude: …, longitude: …} in decimal degrees (WGS 84)."
            case .reference:
                let target = spec.referenceTarget ?? "?"
                return "The id of an item in \(target) (content/\(target)/); lint checks that it exists."
            }
        }

        func visitLocalized(_: Void, spec: FieldSpec) -> String {
            let others = facts.locales.filter { $0 != facts.defaultLocale }
            let map = facts.locales.map { "\($0): …" }.joined(separator: ", ")
            return others.isEmpty
                ? "Text in \(facts.defaultLocale): {\(map)} or the text alone."
                : "Text per locale: {\(map)}, or one text for \(facts.defaultLocale), the default locale."
        }

        mutating func visitList(_: Void, spec: FieldSpec, element: FieldSpec?) -> String {
            guard let element else { return "A list." }
            let inner = walk((), spec: element)
            return "A list; each entry: \(inner.prefix(1).lowercased() + inner.dropFirst())"
        }

        func visitObject(_: Void, spec: FieldSpec) -> String {
            "A map with the fields \(spec.fields.map(\.name).joined(separator: ", "))."
        }
    }

    static func formatNumber(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
