import Foundation

/// Builds `ContentType`s from schema YAML (a project's `schema/*.yaml` or the built-in sources),
/// reporting every problem as a `schema` diagnostic rather than stopping at the first.
public struct SchemaParser {
    /// Options a field spec may have; anything else is reported.
    static let knownOptions: Set<String> = [
        "type", "required", "unique", "description", "min", "max", "min_length", "max_length",
        "pattern", "values", "to", "of", "min_items", "max_items", "geo_path", "fields", "not_before",
        "formats", "max_bytes", "min_width", "max_width", "min_height", "max_height",
    ]

    public private(set) var diagnostics: [Diagnostic] = []
    /// Whether a field's `pattern` is compiled as it is parsed, so that a bad one is reported;
    /// off, it is compiled when first matched (`FieldPattern`): the built-in types' patterns,
    /// which a test compiles instead.
    let compilesPatterns: Bool

    public init(compilesPatterns: Bool = true) {
        self.compilesPatterns = compilesPatterns
    }

    /// Parses one content type named `name` from its root node.
    public mutating func parseType(name: String, root: SourceNode, sourceFile: String?) -> ContentType? {
        guard let entries = root.entries else {
            report("a content type is a map with `fields:` (and optionally `description:`)", root.location)
            return nil
        }
        var description: String?
        var fields: [FieldSpec] = []
        var sawFields = false
        for entry in entries {
            switch entry.key {
            case "description":
                description = entry.value.scalarText
            case "fields":
                sawFields = true
                fields = parseFields(entry.value)
            default:
                report(
                    "unknown key `\(entry.key)` in a content type; expected `description` or `fields`",
                    entry.keyLocation)
            }
        }
        if !sawFields { report("the content type `\(name)` has no `fields:`", root.location) }
        if fields.contains(where: { $0.name == "id" }) {
            report("`id` is implicit in every content type; remove it from `fields`", root.location)
        }
        return ContentType(name: name, description: description, fields: fields, sourceFile: sourceFile)
    }

    mutating func parseFields(_ node: SourceNode) -> [FieldSpec] {
        guard let entries = node.entries else {
            report("`fields` is a map of field name → field spec", node.location)
            return []
        }
        var result: [FieldSpec] = []
        for entry in entries {
            if !Self.isValidFieldName(entry.key) {
                report(
                    "field name `\(entry.key)` must start with a letter and use letters, digits and _",
                    entry.keyLocation)
            }
            if let spec = parseField(name: entry.key, entry.value) { result.append(spec) }
        }
        return result
    }

    static func isValidFieldName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, CharacterSet.letters.contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "_" }
    }

    mutating func parseField(name: String, _ node: SourceNode) -> FieldSpec? {
        // Shorthand: `name: string`.
        if case .string(let typeName) = node.value {
            guard let type = FieldType(rawValue: typeName) else {
                reportUnknownType(typeName, node.location)
                return nil
            }
            return FieldSpec(name: name, type: type)
        }
        guard let entries = node.entries else {
            report("the spec of field `\(name)` is a map with at least `type:`", node.location)
            return nil
        }
        guard let typeNode = node["type"], let typeName = typeNode.scalarText else {
            report("field `\(name)` has no `type:`", node.location)
            return nil
        }
        guard let type = FieldType(rawValue: typeName) else {
            reportUnknownType(typeName, typeNode.location)
            return nil
        }
        var spec = FieldSpec(name: name, type: type)
        for entry in entries { parseOption(entry, into: &spec) }
        checkNeededOptions(spec, at: node.location)
        return spec
    }

    /// Reads one option of a field spec's map into `spec`.
    mutating func parseOption(_ entry: SourceEntry, into spec: inout FieldSpec) {
        let value = entry.value
        switch entry.key {
        case "type": break
        case "required": spec.required = bool(value)
        case "unique": spec.unique = bool(value)
        case "description": spec.description = value.scalarText
        case "min", "max":
            if spec.type == .date {
                let text = value.scalarText
                if entry.key == "min" { spec.minDate = text } else { spec.maxDate = text }
            } else if let number = value.doubleValue {
                if entry.key == "min" { spec.min = number } else { spec.max = number }
            } else {
                report("`\(entry.key)` takes a number", value.location)
            }
        case "min_length": spec.minLength = int(value)
        case "max_length": spec.maxLength = int(value)
        case "min_items": spec.minItems = int(value)
        case "max_items": spec.maxItems = int(value)
        case "max_bytes": spec.maxBytes = int(value)
        case "min_width": spec.minWidth = int(value)
        case "max_width": spec.maxWidth = int(value)
        case "min_height": spec.minHeight = int(value)
        case "max_height": spec.maxHeight = int(value)
        case "pattern":
            if let text = value.scalarText {
                if !compilesPatterns {
                    spec.fieldPattern = FieldPattern(text)
                } else {
                    do {
                        spec.fieldPattern = try FieldPattern(compiling: text)
                    } catch {
                        // Kept as written (its regex nil), as the schema's other readers see it.
                        spec.fieldPattern = FieldPattern(text)
                        report("`pattern` is not a valid regular expression: \(text)", value.location)
                    }
                }
            }
        case "values":
            if let elements = value.elements {
                spec.values = elements.compactMap(\.scalarText)
            } else {
                report("`values` is a list of the allowed values", value.location)
            }
        case "to": spec.referenceTarget = value.scalarText
        case "of":
            if let element = parseField(name: spec.name, value) { spec.element = Box(element) }
        case "geo_path": spec.geoPath = value.scalarText
        case "fields": spec.fields = parseFields(value)
        case "not_before": spec.notBefore = value.scalarText
        case "formats": spec.formats += parseFormats(value)
        default:
            let suggestion =
                Suggestions.closest(to: entry.key, among: Self.knownOptions).map { " (did you mean `\($0)`?)" } ?? ""
            report("unknown field option `\(entry.key)`\(suggestion)", entry.keyLocation)
        }
    }

    /// The media formats of a `formats:` list, reporting unknown ones.
    mutating func parseFormats(_ value: SourceNode) -> [MediaFormat] {
        guard let elements = value.elements else {
            report("`formats` is a list such as [png, jpeg]", value.location)
            return []
        }
        var formats: [MediaFormat] = []
        for element in elements {
            if let text = element.scalarText, let format = MediaFormat(rawValue: text.lowercased()) {
                formats.append(format)
            } else {
                report(
                    "unknown format `\(element.scalarText ?? "?")`; use one of \(MediaFormat.allCases.map(\.rawValue).joined(separator: ", "))",
                    element.location)
            }
        }
        return formats
    }

    /// Reports an option the field's type needs but the spec lacks (`to:`, `of:`, `values:`, `fields:`).
    mutating func checkNeededOptions(_ spec: FieldSpec, at location: SourceLocation) {
        let name = spec.name
        switch spec.type {
        case .reference:
            if spec.referenceTarget == nil { report("reference field `\(name)` needs `to:` naming a collection", location) }
        case .list:
            if spec.element == nil { report("list field `\(name)` needs `of:` giving the element spec", location) }
        case .enum:
            if spec.values.isEmpty { report("enum field `\(name)` needs `values:`", location) }
        case .object:
            if spec.fields.isEmpty { report("object field `\(name)` needs `fields:`", location) }
        case .string, .text, .localized, .int, .number, .bool, .date, .url, .image, .audio, .geo:
            break
        }
    }

    mutating func bool(_ node: SourceNode) -> Bool {
        if case .bool(let b) = node.value { return b }
        report("expected true or false", node.location)
        return false
    }

    mutating func int(_ node: SourceNode) -> Int? {
        if case .int(let i) = node.value, i >= 0 { return i }
        report("expected a whole number ≥ 0", node.location)
        return nil
    }

    mutating func reportUnknownType(_ name: String, _ location: SourceLocation) {
        let suggestion =
            Suggestions.closest(to: name, among: FieldType.allCases.map(\.rawValue)).map { " Did you mean `\($0)`?" } ?? ""
        report(
            "unknown field type `\(name)`.\(suggestion) Types: \(FieldType.allCases.map(\.rawValue).joined(separator: ", "))",
            location)
    }

    mutating func report(_ message: String, _ location: SourceLocation) {
        diagnostics.append(
            Diagnostic(severity: .error, rule: RuleID.schema, message: message, location: location))
    }
}
