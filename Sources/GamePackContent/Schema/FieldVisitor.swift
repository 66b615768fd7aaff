/// A field type that holds one value and nests no other field: the kinds each consumer of a
/// field walk handles itself, with an exhaustive `switch` (no `default:`), so that a new kind
/// is a compile error everywhere it must be handled.
public enum LeafFieldType: Sendable {
    case string, text, int, number, bool, date, url, `enum`, image, audio, geo, reference
}

/// How a field walk treats a field type: a leaf for the consumer, localized texts, a list of
/// values of one element spec, or an object of nested fields.
public enum FieldShape: Sendable {
    case leaf(LeafFieldType)
    case localized
    case list
    case object
}

extension FieldType {
    /// The shape `FieldVisitor.walk` dispatches on: the one place a new field type is sorted
    /// into leaves and nesting kinds.
    public var shape: FieldShape {
        switch self {
        case .string: .leaf(.string)
        case .text: .leaf(.text)
        case .int: .leaf(.int)
        case .number: .leaf(.number)
        case .bool: .leaf(.bool)
        case .date: .leaf(.date)
        case .url: .leaf(.url)
        case .enum: .leaf(.enum)
        case .image: .leaf(.image)
        case .audio: .leaf(.audio)
        case .geo: .leaf(.geo)
        case .reference: .leaf(.reference)
        case .localized: .localized
        case .list: .list
        case .object: .object
        }
    }
}

/// One walk over a field's value by its spec. `walk(_:spec:)` sends each value to the hook for
/// its field's shape; the list and object hooks descend by calling `walk` on the element spec
/// (`spec.element`) or the nested fields (`spec.fields`), and `walkElements`/`walkFields` do
/// that descent for the common cases. A consumer implements the hooks only: the leaves with
/// an exhaustive `switch` over `LeafFieldType`, and what it makes of lists, objects and
/// localized texts.
///
/// `Value` is what is walked: a `SourceNode`, a `JSONValue`, or `Void` for a walk over specs
/// alone (the JSON Schema generator). Consumers are concrete types and call `walk` on
/// themselves, so the walk is statically dispatched (no existential in the build's and
/// diff's hot loops).
public protocol FieldVisitor {
    /// What is walked: a source node, a JSON value, or `Void` for specs alone.
    associatedtype Value
    /// What one field's value becomes.
    associatedtype Result
    /// What a hook may throw (`Never` for most consumers).
    associatedtype Failure: Error = Never

    /// A value of a leaf field (`type` is `spec.type` as a leaf).
    mutating func visitLeaf(_ type: LeafFieldType, _ value: Value, spec: FieldSpec) throws(Failure) -> Result
    /// A value of a localized field: one text, or texts by locale.
    mutating func visitLocalized(_ value: Value, spec: FieldSpec) throws(Failure) -> Result
    /// A value of a list field; `element` is its element spec (nil only in a spec that failed
    /// to parse).
    mutating func visitList(_ value: Value, spec: FieldSpec, element: FieldSpec?) throws(Failure) -> Result
    /// A value of an object field, whose nested fields are `spec.fields`.
    mutating func visitObject(_ value: Value, spec: FieldSpec) throws(Failure) -> Result
}

extension FieldVisitor {
    /// Walks `value` as a value of `spec`: the one `switch` that sorts field types into hooks.
    public mutating func walk(_ value: Value, spec: FieldSpec) throws(Failure) -> Result {
        switch spec.type.shape {
        case .leaf(let type): try visitLeaf(type, value, spec: spec)
        case .localized: try visitLocalized(value, spec: spec)
        case .list: try visitList(value, spec: spec, element: spec.element?.value)
        case .object: try visitObject(value, spec: spec)
        }
    }
}

extension FieldVisitor where Value == SourceNode {
    /// Walks each element of a list node as a value of `element`, in order, calling `body` with
    /// each result; nothing when `node` is not a list or there is no element spec.
    public mutating func walkElements(
        of node: SourceNode, element: FieldSpec?, _ body: (Int, Result) throws(Failure) -> Void
    ) throws(Failure) {
        guard let element, let elements = node.elements else { return }
        for (index, value) in elements.enumerated() { try body(index, try walk(value, spec: element)) }
    }

    /// Walks the value of each of `fields` that `node` has, in the fields' order, calling
    /// `body` with each field and its result.
    public mutating func walkFields(
        of node: SourceNode, _ fields: [FieldSpec], _ body: (FieldSpec, Result) throws(Failure) -> Void
    ) throws(Failure) {
        for spec in fields {
            guard let value = node[spec.name] else { continue }
            try body(spec, try walk(value, spec: spec))
        }
    }
}
