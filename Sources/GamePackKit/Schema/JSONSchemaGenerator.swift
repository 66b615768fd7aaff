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
}
