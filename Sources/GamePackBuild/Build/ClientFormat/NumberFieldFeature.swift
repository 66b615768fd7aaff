import Foundation
import GamePackContent

/// Client format 2: a content type with a `number` field (a value that may have a fraction, such
/// as `4.5`).
///
/// Why this one: every field kind came in together (the `FieldType` list has not changed since
/// the first commit), so no kind is newer than the others by history. `number` is the one kind
/// no built-in type has and none of the examples use: until the gate, every numeric value an app
/// met in a pack was a whole number (`int`), and apps decode them as `Int`, which throws on
/// `4.5` (`GamePackClient`'s `ContentDecoder` refuses a fraction for an integer, as
/// `JSONDecoder` does). Packs without `number` fields keep format 1 and their exact bytes.
package enum NumberFieldFeature: ClientFormatFeature {
    package static let format = 2
    package static let name = "number fields"

    package static func firstUse(in project: Project) -> String? {
        for name in project.types.keys.sorted() {
            let type = project.types[name]!
            if let path = firstNumberField(type.fields) {
                return "field `\(path)` of `\(name)`" + (type.sourceFile.map { " in \($0)" } ?? "")
            }
        }
        return nil
    }

    /// The dotted path of the first `number` field among `fields`, nested ones included.
    static func firstNumberField(_ fields: [FieldSpec]) -> String? {
        for field in fields {
            if let path = firstNumberField(field) { return path }
        }
        return nil
    }

    static func firstNumberField(_ field: FieldSpec) -> String? {
        switch field.type {
        case .number: return field.name
        case .object: return firstNumberField(field.fields).map { "\(field.name).\($0)" }
        case .list:
            // The element spec carries the list's name, so its path is the list's.
            return field.element.flatMap { firstNumberField($0.value) }
        case .string, .text, .localized, .int, .bool, .date, .url, .enum, .image, .audio, .geo, .reference: return nil
        }
    }
}
