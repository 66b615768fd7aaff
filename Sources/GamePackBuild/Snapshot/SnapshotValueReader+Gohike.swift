import Foundation
import GamePackContent

extension SnapshotValueReader {
    /// The fields of an item read from a gohike content file: what `fields(of:type:)` reads
    /// from `item.node(file:)`, value for value, without making the item's node tree (a diff
    /// of two large content files reads every item of both).
    func fields(of item: GohikeItem, type: ContentType?) -> [String: DiffValue] {
        var fields = [String: DiffValue](minimumCapacity: item.fields.count)
        for (key, field) in item.fields where key != "id" {
            if let value = value(field, spec: type?.field(key)) { fields[key] = value }
        }
        return fields
    }

    /// One field's value; the kinds the built-in types give these fields are read straight
    /// from the field, any other through the field's node.
    func value(_ field: GohikeField, spec: FieldSpec?) -> DiffValue? {
        let location = SourceLocation.file("")
        if let spec, case .some(let value) = direct(field, spec: spec, location: location) { return value }
        return value(GohikeItem.node(field, at: location), spec: spec)
    }

    /// The value of `field` read without its node (`.some(nil)`: no value), or nil when it must
    /// be read through the node.
    private func direct(_ field: GohikeField, spec: FieldSpec, location: SourceLocation) -> DiffValue?? {
        switch (field, spec.type.shape) {
        case (.plain(let text), .leaf(let kind)) where !SourceLoader.isNull(plain: text):
            // A scalar that is not null has `text` as its scalar text, whatever it resolves to.
            switch kind {
            case .string, .text, .url, .enum, .date: return .some(.text(text))
            case .image, .audio: return .some(.asset(asset(AssetPath.normalize(text))))
            case .int, .number, .reference:
                guard let int = SourceLoader.integer(plain: text) else { return nil }
                return .some(kind == .reference ? .reference(String(int)) : .number(Double(int), text: text))
            case .bool, .geo: return nil
            }
        case (.texts(let texts), .localized):
            var map = [String: String](minimumCapacity: texts.count)
            for (locale, text) in texts where !text.isEmpty { map[locale] = text }
            return .some(map.isEmpty ? nil : .localized(map))
        case (.position(let latitude, let longitude), .leaf(.geo)):
            guard let latitude = SourceLoader.resolvePlain(latitude, at: location).doubleValue,
                let longitude = SourceLoader.resolvePlain(longitude, at: location).doubleValue
            else { return nil }
            return .some(.geo(latitude: latitude, longitude: longitude))
        case (.ids(let ids), .list) where spec.element?.value.type == .reference:
            // A whole number loads as an int, whose id is its decimal text.
            return .some(.list(ids.map { .reference(String($0)) }))
        case (.plain, _), (.texts, _), (.position, _), (.ids, _):
            return nil
        }
    }
}
