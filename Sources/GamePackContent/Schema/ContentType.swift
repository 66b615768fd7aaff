import Foundation

/// The kind of value a field holds.
public enum FieldType: String, Sendable, CaseIterable, Codable {
    case string, text, localized, int, number, bool, date, url, `enum`, image, audio, geo, reference, list, object
}

/// One field of a content type, with its validations. Built from a schema file's YAML.
public struct FieldSpec: Sendable {
    public var name: String
    public var type: FieldType
    public var required = false
    public var unique = false
    public var description: String?
    /// Inclusive bounds for int and number fields.
    public var min: Double?
    public var max: Double?
    /// Inclusive bounds for dates, as written (`YYYY-MM-DD`).
    public var minDate: String?
    public var maxDate: String?
    /// Length bounds in characters (per locale for localized text).
    public var minLength: Int?
    public var maxLength: Int?
    /// A regular expression the whole value must match, as written (`pattern`) and compiled
    /// when first used (`regex`).
    public var fieldPattern: FieldPattern?
    public var pattern: String? { fieldPattern?.text }
    public var regex: NSRegularExpression? { fieldPattern?.regex }
    /// Allowed values of an enum.
    public var values: [String] = []
    /// The collection a reference points into.
    public var referenceTarget: String?
    /// The element spec of a list.
    public var element: Box<FieldSpec>?
    public var minItems: Int?
    public var maxItems: Int?
    /// For a list of references: the referenced items' geo field walked by `waypoint-distance`.
    public var geoPath: String?
    /// The nested fields of an object, in declaration order.
    public var fields: [FieldSpec] = []
    /// A sibling date field this one must not precede.
    public var notBefore: String?
    /// Allowed media formats for image and audio fields; empty allows all of the kind.
    public var formats: [MediaFormat] = []
    /// Byte budget of an asset.
    public var maxBytes: Int?
    /// Pixel bounds of an image.
    public var minWidth: Int?
    public var maxWidth: Int?
    public var minHeight: Int?
    public var maxHeight: Int?

    public init(name: String, type: FieldType) {
        self.name = name
        self.type = type
    }

    /// The nested field named `name` of an object spec.
    public func field(_ name: String) -> FieldSpec? { fields.first { $0.name == name } }
}

/// A reference wrapper that lets a value type contain itself (a list's element spec).
public final class Box<Value: Sendable>: Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}

/// A content type: the fields every item of one collection has. Content types are data (YAML),
/// so a project adds one without any change to gamepack's code.
public struct ContentType: Sendable {
    /// The collection name (`locations`), which is also the folder under `content/`.
    public var name: String
    public var description: String?
    /// The fields in declaration order (the implicit `id` is not among them).
    public var fields: [FieldSpec]
    /// Where the type was defined: `schema/<name>.yaml`, or nil for a built-in type.
    public var sourceFile: String?

    public init(name: String, description: String?, fields: [FieldSpec], sourceFile: String?) {
        self.name = name
        self.description = description
        self.fields = fields
        self.sourceFile = sourceFile
    }

    /// The field named `name`.
    public func field(_ name: String) -> FieldSpec? { fields.first { $0.name == name } }
}
