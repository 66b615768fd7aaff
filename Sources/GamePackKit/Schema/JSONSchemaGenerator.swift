import Foundation

/// A JSON value as a JSON Schema document holds it. Encoded with sorted keys, so a schema is
/// the same bytes for the same content types and project.
public indirect enum SchemaJSON: Encodable, Equatable, Sendable {
    case string(String)
    case int(Int)
    case number(Double)
    case bool(Bool)
    case null
    case array([SchemaJSON])
    case object([String: SchemaJSON])

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .null: try container.encodeNil()
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        }
    }

    /// A number as an integer when it is a whole one (`90`, not `90.0`).
    static func number(exactly value: Double) -> SchemaJSON {
        value == value.rounded() && abs(value) < 1e15 ? .int(Int(value)) : .number(value)
    }

    /// The member `key` of an object.
    public subscript(key: String) -> SchemaJSON? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The document as pretty-printed JSON with sorted keys and a final line break.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}

/// Turns content types into JSON Schemas (draft-07, the draft the YAML language server supports
/// best) for editors and independent validators. The schemas come from the same `ContentType`s
/// lint checks items against, and each keyword mirrors one of lint's checks (`ItemValidator`),
/// so an editor's squiggles and `gamepack lint` agree. What a schema cannot say (a reference to
/// an item that does not exist, an asset's bytes and pixel size, unique values, date order) is
/// left to lint and mentioned in the field's description, which editors show on hover.
public enum JSONSchemaGenerator {
    /// The `$schema` every generated schema declares.
    public static let draft = "http://json-schema.org/draft-07/schema#"

    /// An item id as lint accepts it written as text (`ItemID`): letters, digits, `-` and `_`.
    static let idPattern = "^[A-Za-z0-9_-]{1,128}$"

    /// At most this many ids or asset paths are listed as `examples` of a field.
    static let exampleLimit = 200

    /// What the schemas need to know about the project beyond its content types. A loaded
    /// project's facts (`init(project:)`), and `schemas(for:)`, are in
    /// `Project/JSONSchemaGenerator+Project.swift`.
    public struct ProjectFacts: Sendable {
        /// The project's locales, the default one first.
        public var locales: [String]
        /// The locale every localized field needs a text in.
        public var defaultLocale: String
        /// The ids of each collection's items today, sorted.
        public var ids: [String: [ItemID]]
        /// Paths of the files under `assets/`, relative to it, sorted.
        public var assetFiles: [String]

        /// Facts given directly (tests, or a project not on disk).
        public init(locales: [String], defaultLocale: String, ids: [String: [ItemID]] = [:], assetFiles: [String] = []) {
            self.locales = locales
            self.defaultLocale = defaultLocale
            self.ids = ids
            self.assetFiles = assetFiles
        }
    }

    /// The file name of a collection's schema: `locations.schema.json`.
    public static func fileName(for collection: String) -> String { "\(collection).schema.json" }

    /// The schema of one content file of `type`'s collection: one item (a map with an `id`), or
    /// a list of items.
    public static func schema(for type: ContentType, facts: ProjectFacts) -> SchemaJSON {
        var item = objectSchema(fields: type.fields, facts: facts)
        item["properties"] = merging(
            item["properties"] ?? .object([:]),
            [
                "id": .object([
                    "description": .string(
                        "The item's stable id: a whole number, or letters, digits, - and _. Other items and players' saved progress refer to it; never reuse or renumber it."
                    ),
                    "type": .array([.string("integer"), .string("string")]),
                    "pattern": .string(idPattern),
                ])
            ])
        var required = ["id"]
        if case .array(let names) = item["required"] ?? .array([]) {
            required += names.compactMap { if case .string(let name) = $0 { return name } else { return nil } }
        }
        item["required"] = .array(required.map(SchemaJSON.string))
        item["description"] = .string(sentence(type.description) ?? "An item of \(type.name).")
        let origin = type.sourceFile.map { "defined in \($0)" } ?? "built into gamepack"
        return .object([
            "$schema": .string(draft),
            "title": .string("gamepack \(type.name)"),
            "description": .string(
                [
                    sentence(type.description),
                    "A file in content/\(type.name)/ holds one item (a map with an id) or a list of items. Content type \(origin); generated by `gamepack schema --json-schema`.",
                ]
                .compactMap { $0 }.joined(separator: " ")),
            "definitions": .object(["item": .object(item)]),
            "anyOf": .array([
                .object(["$ref": .string("#/definitions/item")]),
                .object(["type": .string("array"), "items": .object(["$ref": .string("#/definitions/item")])]),
            ]),
        ])
    }

    static func merging(_ object: SchemaJSON, _ more: [String: SchemaJSON]) -> SchemaJSON {
        guard case .object(var members) = object else { return .object(more) }
        members.merge(more) { _, new in new }
        return .object(members)
    }

    /// A map of `fields` (an item, or an object field): its properties, the required ones, and
    /// no others (lint's `unknown-field`).
    static func objectSchema(fields: [FieldSpec], facts: ProjectFacts) -> [String: SchemaJSON] {
        var properties: [String: SchemaJSON] = [:]
        for spec in fields { properties[spec.name] = fieldSchema(spec, facts: facts) }
        var schema: [String: SchemaJSON] = [
            "type": .string("object"),
            "properties": .object(properties),
            "additionalProperties": .bool(false),
        ]
        let required = fields.filter(\.required).map(\.name)
        if !required.isEmpty { schema["required"] = .array(required.map(SchemaJSON.string)) }
        return schema
    }

    /// A field's schema with its description. An optional field may also be written empty
    /// (`null`), which lint reads as absent.
    static func fieldSchema(_ spec: FieldSpec, facts: ProjectFacts) -> SchemaJSON {
        var schema = valueSchema(spec, required: spec.required, facts: facts)
        if !spec.required { schema = allowingNull(schema) }
        schema["description"] = .string(describe(spec, facts: facts))
        return .object(schema)
    }

    /// `schema` that also accepts `null`.
    static func allowingNull(_ schema: [String: SchemaJSON]) -> [String: SchemaJSON] {
        var schema = schema
        switch schema["type"] {
        case .string(let name): schema["type"] = .array([.string(name), .string("null")])
        case .array(let names): schema["type"] = .array(names + [.string("null")])
        default:
            if case .array(let values) = schema["enum"] {
                schema["enum"] = .array(values + [.null])
            } else if case .array(let branches) = schema["anyOf"] {
                schema["anyOf"] = .array(branches + [.object(["type": .string("null")])])
            }
        }
        return schema
    }

    /// The schema of a present, non-null value of `spec` (without its description).
    static func valueSchema(_ spec: FieldSpec, required: Bool, facts: ProjectFacts) -> [String: SchemaJSON] {
        switch spec.type {
        case .string, .text:
            // Lint takes any scalar as text (`2024` is the text "2024").
            var schema: [String: SchemaJSON] = ["type": scalarTypes]
            var patterns: [String] = []
            if spec.type == .string { patterns.append("^[^\\n]*$") }
            if required { patterns.append("\\S") }
            if let pattern = spec.pattern { patterns.append("^(?:\(pattern))$") }
            addLengths(spec, to: &schema)
            addPatterns(patterns, to: &schema)
            return schema
        case .localized:
            return localizedSchema(spec, required: required, facts: facts)
        case .int:
            var schema: [String: SchemaJSON] = ["type": .string("integer")]
            addBounds(spec, to: &schema)
            return schema
        case .number:
            var schema: [String: SchemaJSON] = ["type": .string("number")]
            addBounds(spec, to: &schema)
            return schema
        case .bool:
            return ["type": .string("boolean")]
        case .date:
            return [
                "type": .string("string"),
                "anyOf": .array([
                    .object([
                        "pattern": .string("^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$"), "format": .string("date"),
                    ]),
                    .object([
                        "pattern": .string(
                            "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$"),
                        "format": .string("date-time"),
                    ]),
                ]),
            ]
        case .url:
            var schema: [String: SchemaJSON] = [
                "type": .string("string"), "pattern": .string("^[Hh][Tt][Tt][Pp][Ss]?://[^/?#\\s]+([/?#]\\S*)?$"),
            ]
            addLengths(spec, to: &schema)
            return schema
        case .enum:
            var values: [SchemaJSON] = []
            for value in spec.values {
                values.append(.string(value))
                // Lint compares the text as written: `level: 2` matches the value "2".
                if let number = Int(value) { values.append(.int(number)) }
                if value == "true" || value == "false" { values.append(.bool(value == "true")) }
            }
            return ["enum": .array(values)]
        case .image, .audio:
            var schema: [String: SchemaJSON] = [
                "type": .string("string"), "pattern": .string(assetPattern(extensions: allowedExtensions(spec))),
            ]
            let extensions = Set(allowedExtensions(spec))
            let examples = facts.assetFiles.filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }
            if !examples.isEmpty {
                schema["examples"] = .array(examples.prefix(exampleLimit).map(SchemaJSON.string))
            }
            return schema
        case .geo:
            return [
                "type": .string("object"),
                "properties": .object([
                    "latitude": .object([
                        "type": .string("number"), "minimum": .int(-90), "maximum": .int(90),
                        "description": .string("Decimal degrees north (WGS 84), -90 to 90."),
                    ]),
                    "longitude": .object([
                        "type": .string("number"), "minimum": .int(-180), "maximum": .int(180),
                        "description": .string("Decimal degrees east (WGS 84), -180 to 180."),
                    ]),
                ]),
                "required": .array([.string("latitude"), .string("longitude")]),
                "additionalProperties": .bool(false),
            ]
        case .reference:
            var schema: [String: SchemaJSON] = [
                "type": .array([.string("integer"), .string("string")]), "pattern": .string(idPattern),
            ]
            let ids = facts.ids[spec.referenceTarget ?? ""] ?? []
            if !ids.isEmpty {
                schema["examples"] = .array(ids.prefix(exampleLimit).map { $0.number.map(SchemaJSON.int) ?? .string($0.text) })
            }
            return schema
        case .list:
            var schema: [String: SchemaJSON] = ["type": .string("array")]
            if let element = spec.element?.value {
                var items = valueSchema(element, required: false, facts: facts)
                items["description"] = .string(describe(element, facts: facts))
                schema["items"] = .object(items)
            }
            // A required list must not be empty (lint's `missing-required`).
            let minimum = max(spec.minItems ?? 0, required ? 1 : 0)
            if minimum > 0 { schema["minItems"] = .int(minimum) }
            if let maximum = spec.maxItems { schema["maxItems"] = .int(maximum) }
            return schema
        case .object:
            var schema = objectSchema(fields: spec.fields, facts: facts)
            if required { schema["minProperties"] = .int(1) }
            return schema
        }
    }

    /// Scalars lint reads as text.
    static let scalarTypes = SchemaJSON.array([.string("string"), .string("number"), .string("boolean")])

    /// A localized field: `{en: …, nl: …}` with the project's locales only, or one text for the
    /// default locale. A required field needs a non-empty default-locale text; other locales
    /// may be absent or empty (lint's `missing-translation` is a warning).
    static func localizedSchema(_ spec: FieldSpec, required: Bool, facts: ProjectFacts) -> [String: SchemaJSON] {
        func text(nonEmpty: Bool, nullable: Bool) -> SchemaJSON {
            var schema: [String: SchemaJSON] = ["type": scalarTypes]
            if nullable { schema = allowingNull(schema) }
            if let maximum = spec.maxLength { schema["maxLength"] = .int(maximum) }
            if nonEmpty {
                schema["minLength"] = .int(max(1, spec.minLength ?? 1))
            } else if let minimum = spec.minLength {
                // Lint measures only texts that are there: an empty one is missing, not short.
                schema["anyOf"] = .array([
                    .object(["enum": .array([.string(""), .null])]), .object(["minLength": .int(minimum)]),
                ])
            }
            return .object(schema)
        }
        var properties: [String: SchemaJSON] = [:]
        for locale in facts.locales {
            var schema = text(
                nonEmpty: required && locale == facts.defaultLocale, nullable: !(required && locale == facts.defaultLocale))
            schema = merging(schema, ["description": .string("The \(LocaleNames.name(locale)) (\(locale)) text.")])
            properties[locale] = schema
        }
        var map: [String: SchemaJSON] = [
            "type": .string("object"),
            "properties": .object(properties),
            "additionalProperties": .bool(false),
        ]
        if required { map["required"] = .array([.string(facts.defaultLocale)]) }
        var scalar = text(nonEmpty: required, nullable: false)
        scalar = merging(scalar, ["description": .string("One text, for \(facts.defaultLocale) (the default locale).")])
        return ["anyOf": .array([.object(map), scalar])]
    }

    static func addLengths(_ spec: FieldSpec, to schema: inout [String: SchemaJSON]) {
        if let minimum = spec.minLength { schema["minLength"] = .int(minimum) }
        if let maximum = spec.maxLength { schema["maxLength"] = .int(maximum) }
    }

    static func addBounds(_ spec: FieldSpec, to schema: inout [String: SchemaJSON]) {
        if let minimum = spec.min { schema["minimum"] = .number(exactly: minimum) }
        if let maximum = spec.max { schema["maximum"] = .number(exactly: maximum) }
    }

    /// One pattern as `pattern`; several as an `allOf` of patterns, since a schema object has
    /// one `pattern` keyword.
    static func addPatterns(_ patterns: [String], to schema: inout [String: SchemaJSON]) {
        if patterns.count == 1 {
            schema["pattern"] = .string(patterns[0])
        } else if patterns.count > 1 {
            schema["allOf"] = .array(patterns.map { .object(["pattern": .string($0)]) })
        }
    }

    /// File extensions lint reads as each media format (`MediaFormat(fileExtension:)`).
    static let mediaExtensions = ["png", "jpg", "jpeg", "gif", "webp", "wav", "wave", "mp3", "caf", "m4a", "aac", "mp4"]

    /// The extensions an asset field accepts: those of its `formats`, else every extension of
    /// its kind (images or sounds).
    static func allowedExtensions(_ spec: FieldSpec) -> [String] {
        mediaExtensions.filter { ext in
            guard let format = MediaFormat(fileExtension: ext) else { return false }
            return spec.formats.isEmpty ? format.isImage == (spec.type == .image) : spec.formats.contains(format)
        }
    }

    /// A path relative to `assets/` ending in one of `extensions` (any letter case): not
    /// absolute, without `\`, never climbing out with `..` (lint's `asset-outside-project`).
    static func assetPattern(extensions: [String]) -> String {
        let alternatives = extensions.map { ext in
            ext.map { character in
                let lower = character.lowercased(), upper = character.uppercased()
                return lower == upper ? lower : "[\(lower)\(upper)]"
            }.joined()
        }
        return "^(?![/~])(?![\\s\\S]*\\\\)(?!([\\s\\S]*/)?\\.\\.(/|$))[\\s\\S]+\\.(\(alternatives.joined(separator: "|")))$"
    }

    /// `text` as a sentence ending in a full stop.
    static func sentence(_ text: String?) -> String? {
        guard var text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        if !(text.hasSuffix(".") || text.hasSuffix("!") || text.hasSuffix("?")) { text += "." }
        return text
    }

    /// The hover text of a field: its own description, what it takes, and its limits.
    static func describe(_ spec: FieldSpec, facts: ProjectFacts) -> String {
        var parts: [String] = []
        if let own = sentence(spec.description) { parts.append(own) }
        parts.append(kindSentence(spec, facts: facts))
        if spec.required { parts.append("Required.") }
        if let minimum = spec.minLength, let maximum = spec.maxLength {
            parts.append("\(minimum) to \(maximum) characters\(spec.type == .localized ? " per locale" : "").")
        } else if let maximum = spec.maxLength {
            parts.append("At most \(maximum) characters\(spec.type == .localized ? " per locale" : "").")
        } else if let minimum = spec.minLength {
            parts.append("At least \(minimum) characters\(spec.type == .localized ? " per locale" : "").")
        }
        if spec.min != nil || spec.max != nil {
            let low = spec.min.map(formatNumber), high = spec.max.map(formatNumber)
            switch (low, high) {
            case let (low?, high?): parts.append("From \(low) to \(high).")
            case let (low?, nil): parts.append("At least \(low).")
            case let (nil, high?): parts.append("At most \(high).")
            default: break
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

    static func kindSentence(_ spec: FieldSpec, facts: ProjectFacts) -> String {
        switch spec.type {
        case .string: return "One line of text."
        case .text: return "Text; line breaks allowed."
        case .localized:
            let others = facts.locales.filter { $0 != facts.defaultLocale }
            let map = facts.locales.map { "\($0): …" }.joined(separator: ", ")
            return others.isEmpty
                ? "Text in \(facts.defaultLocale): {\(map)} or the text alone."
                : "Text per locale: {\(map)}, or one text for \(facts.defaultLocale), the default locale."
        case .int: return "A whole number."
        case .number: return "A number."
        case .bool: return "true or false."
        case .date: return "A date such as 2026-12-01 (or an ISO 8601 date and time)."
        case .url: return "An http:// or https:// URL."
        case .enum: return "One of: \(spec.values.joined(separator: ", "))."
        case .image, .audio:
            let kind = spec.type == .image ? "an image" : "a sound"
            return
                "The path of \(kind) under assets/, such as \(spec.type == .image ? "photos/rai.jpg" : "sounds/tap.wav"); files ending in "
                + allowedExtensions(spec).map { ".\($0)" }.joined(separator: ", ") + "."
        case .geo: return "A point {latitude: …, longitude: …} in decimal degrees (WGS 84)."
        case .reference:
            let target = spec.referenceTarget ?? "?"
            return "The id of an item in \(target) (content/\(target)/); lint checks that it exists."
        case .list:
            guard let element = spec.element?.value else { return "A list." }
            let inner = kindSentence(element, facts: facts)
            return "A list; each entry: \(inner.prefix(1).lowercased() + inner.dropFirst())"
        case .object: return "A map with the fields \(spec.fields.map(\.name).joined(separator: ", "))."
        }
    }

    static func formatNumber(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
