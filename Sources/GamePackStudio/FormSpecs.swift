import GamePackContent
import GamePackFormat

/// The form of a content type as `GET /api/types` hands it out: each field's kind, whether it
/// is required, its limits, enum values, whether it is localized, the collection a reference
/// points into and the asset folder new files of an image or audio field go to. One walk over
/// the specs (`FieldVisitor` over `Void`), so a new field kind is a compile error here too.
struct FormSpecs: FieldVisitor {
    typealias Value = Void
    typealias Result = JSONValue

    /// Asset folders by `collection.field`, learnt from the values items already have.
    var assetFolders: [String: String]
    var collection: String

    /// The JSON form of `type`.
    static func form(of type: ContentType, assetFolders: [String: String], isBuiltIn: Bool, itemCount: Int) -> JSONValue {
        var walk = FormSpecs(assetFolders: assetFolders, collection: type.name)
        let fields = type.fields.map { walk.walk((), spec: $0) }
        return .object([
            "name": .string(type.name),
            "description": type.description.map(JSONValue.string) ?? .null,
            "builtIn": .bool(isBuiltIn),
            "items": .int(itemCount),
            "fields": .array(fields),
        ])
    }

    mutating func visitLeaf(_ type: LeafFieldType, _ value: Void, spec: FieldSpec) -> JSONValue {
        var form = common(spec)
        switch type {
        case .string, .text, .url:
            form["widget"] = .string(type == .text ? "textarea" : type == .url ? "url" : "text")
        case .int, .number:
            form["widget"] = .string("number")
            form["step"] = type == .int ? .int(1) : .string("any")
        case .bool: form["widget"] = .string("checkbox")
        case .date:
            form["widget"] = .string("date")
            if let minDate = spec.minDate { form["minDate"] = .string(minDate) }
            if let maxDate = spec.maxDate { form["maxDate"] = .string(maxDate) }
            if let notBefore = spec.notBefore { form["notBefore"] = .string(notBefore) }
        case .enum:
            form["widget"] = .string("select")
            form["values"] = .array(spec.values.map(JSONValue.string))
        case .image, .audio:
            form["widget"] = .string(type == .image ? "image" : "audio")
            form["assetFolder"] = assetFolders["\(collection).\(spec.name)"].map(JSONValue.string) ?? .string(collection)
            if !spec.formats.isEmpty { form["formats"] = .array(spec.formats.map { .string($0.rawValue) }) }
            if let maxBytes = spec.maxBytes { form["maxBytes"] = .int(maxBytes) }
            for (key, bound) in [
                ("minWidth", spec.minWidth), ("maxWidth", spec.maxWidth), ("minHeight", spec.minHeight),
                ("maxHeight", spec.maxHeight),
            ] {
                if let bound { form[key] = .int(bound) }
            }
        case .geo: form["widget"] = .string("map")
        case .reference:
            form["widget"] = .string("reference")
            form["target"] = spec.referenceTarget.map(JSONValue.string) ?? .null
        }
        return .object(form)
    }

    mutating func visitLocalized(_ value: Void, spec: FieldSpec) -> JSONValue {
        var form = common(spec)
        form["widget"] = .string("localized")
        form["localized"] = .bool(true)
        return .object(form)
    }

    mutating func visitList(_ value: Void, spec: FieldSpec, element: FieldSpec?) -> JSONValue {
        var form = common(spec)
        form["widget"] = .string("list")
        if let minItems = spec.minItems { form["minItems"] = .int(minItems) }
        if let maxItems = spec.maxItems { form["maxItems"] = .int(maxItems) }
        if let geoPath = spec.geoPath { form["geoPath"] = .string(geoPath) }
        if let element { form["element"] = walk((), spec: element) }
        return .object(form)
    }

    mutating func visitObject(_ value: Void, spec: FieldSpec) -> JSONValue {
        var form = common(spec)
        form["widget"] = .string("object")
        form["fields"] = .array(spec.fields.map { walk((), spec: $0) })
        return .object(form)
    }

    /// What every kind has: name, kind, required, unique, localized, description, limits.
    func common(_ spec: FieldSpec) -> [String: JSONValue] {
        var form: [String: JSONValue] = [
            "name": .string(spec.name), "kind": .string(spec.type.rawValue), "required": .bool(spec.required),
            "unique": .bool(spec.unique), "localized": .bool(false),
        ]
        if let description = spec.description { form["description"] = .string(description) }
        if let min = spec.min { form["min"] = .number(exactly: min) }
        if let max = spec.max { form["max"] = .number(exactly: max) }
        if let minLength = spec.minLength { form["minLength"] = .int(minLength) }
        if let maxLength = spec.maxLength { form["maxLength"] = .int(maxLength) }
        if let pattern = spec.pattern { form["pattern"] = .string(pattern) }
        return form
    }
}
