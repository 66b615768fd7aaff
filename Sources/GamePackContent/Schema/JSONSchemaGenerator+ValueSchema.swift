import Foundation
import GamePackFormat

extension JSONSchemaGenerator {
    /// The schema of a present, non-null value of `spec` (without its description).
    static func valueSchema(_ spec: FieldSpec, required: Bool, facts: ProjectFacts) -> [String: JSONValue] {
        var walk = ValueSchema(required: required, facts: facts)
        return walk.walk((), spec: spec)
    }

    /// The field walk behind `valueSchema`: one schema per field kind, each mirroring lint's
    /// check of that kind.
    struct ValueSchema: FieldVisitor {
        /// Whether the field is required (a required text must not be blank, a required list
        /// not empty).
        let required: Bool
        let facts: ProjectFacts

        func visitLeaf(_ type: LeafFieldType, _: Void, spec: FieldSpec) -> [String: JSONValue] {
            switch type {
            case .string, .text: return textSchema(spec, oneLine: type == .string)
            case .int: return numberSchema(spec, type: "integer")
            case .number: return numberSchema(spec, type: "number")
            case .bool: return ["type": .string("boolean")]
            case .date: return JSONSchemaGenerator.dateSchema
            case .url:
                var schema: [String: JSONValue] = [
                    "type": .string("string"), "pattern": .string("^[Hh][Tt][Tt][Pp][Ss]?://[^/?#\\s]+([/?#]\\S*)?$"),
                ]
                addLengths(spec, to: &schema)
                return schema
            case .enum: return enumSchema(spec)
            case .image, .audio: return assetSchema(spec)
            case .geo: return JSONSchemaGenerator.geoSchema
            case .reference: return referenceSchema(spec)
            }
        }

        func visitLocalized(_: Void, spec: FieldSpec) -> [String: JSONValue] {
            localizedSchema(spec, required: required, facts: facts)
        }

        func visitList(_: Void, spec: FieldSpec, element: FieldSpec?) -> [String: JSONValue] {
            var schema: [String: JSONValue] = ["type": .string("array")]
            if let element {
                var items = valueSchema(element, required: false, facts: facts)
                items["description"] = .string(describe(element, facts: facts))
                schema["items"] = .object(items)
            }
            // A required list must not be empty (lint's `missing-required`).
            let minimum = max(spec.minItems ?? 0, required ? 1 : 0)
            if minimum > 0 { schema["minItems"] = .int(minimum) }
            if let maximum = spec.maxItems { schema["maxItems"] = .int(maximum) }
            return schema
        }

        func visitObject(_: Void, spec: FieldSpec) -> [String: JSONValue] {
            var schema = objectSchema(fields: spec.fields, facts: facts)
            if required { schema["minProperties"] = .int(1) }
            return schema
        }

        func textSchema(_ spec: FieldSpec, oneLine: Bool) -> [String: JSONValue] {
            // Lint takes any scalar as text (`2024` is the text "2024").
            var schema: [String: JSONValue] = ["type": scalarTypes]
            var patterns: [String] = []
            if oneLine { patterns.append("^[^\\n]*$") }
            if required { patterns.append("\\S") }
            if let pattern = spec.pattern { patterns.append("^(?:\(pattern))$") }
            addLengths(spec, to: &schema)
            addPatterns(patterns, to: &schema)
            return schema
        }

        func numberSchema(_ spec: FieldSpec, type: String) -> [String: JSONValue] {
            var schema: [String: JSONValue] = ["type": .string(type)]
            addBounds(spec, to: &schema)
            return schema
        }

        func enumSchema(_ spec: FieldSpec) -> [String: JSONValue] {
            var values: [JSONValue] = []
            for value in spec.values {
                values.append(.string(value))
                // Lint compares the text as written: `level: 2` matches the value "2".
                if let number = Int(value) { values.append(.int(number)) }
                if value == "true" || value == "false" { values.append(.bool(value == "true")) }
            }
            return ["enum": .array(values)]
        }

        func assetSchema(_ spec: FieldSpec) -> [String: JSONValue] {
            var schema: [String: JSONValue] = [
                "type": .string("string"), "pattern": .string(assetPattern(extensions: allowedExtensions(spec))),
            ]
            let extensions = Set(allowedExtensions(spec))
            let examples = facts.assetFiles.filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }
            if !examples.isEmpty {
                schema["examples"] = .array(examples.prefix(exampleLimit).map(JSONValue.string))
            }
            return schema
        }

        func referenceSchema(_ spec: FieldSpec) -> [String: JSONValue] {
            var schema: [String: JSONValue] = [
                "type": .array([.string("integer"), .string("string")]), "pattern": .string(idPattern),
            ]
            let ids = facts.ids[spec.referenceTarget ?? ""] ?? []
            if !ids.isEmpty {
                schema["examples"] = .array(ids.prefix(exampleLimit).map { $0.number.map(JSONValue.int) ?? .string($0.text) })
            }
            return schema
        }
    }

    /// A date, or a date and time, as lint reads them.
    static let dateSchema: [String: JSONValue] = [
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

    /// A point in decimal degrees.
    static let geoSchema: [String: JSONValue] = [
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
}
