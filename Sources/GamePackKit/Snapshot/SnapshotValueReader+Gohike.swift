import Foundation

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
        switch (field, spec?.type) {
        case (.plain(let text), let kind?) where !SourceLoader.isNull(plain: text):
            // A scalar that is not null has `text` as its scalar text, whatever it resolves to.
            switch kind {
            case .string, .text, .url, .enum, .date: return .text(text)
            case .image, .audio: return .asset(asset(AssetPath.normalize(text)))
            case .int, .number, .reference:
                guard let int = SourceLoader.integer(plain: text) else { break }
                return kind == .reference ? .reference(String(int)) : .number(Double(int), text: text)
            default: break
            }
        case (.texts(let texts), .localized?):
            var map = [String: String](minimumCapacity: texts.count)
            for (locale, text) in texts where !text.isEmpty { map[locale] = text }
            return map.isEmpty ? nil : .localized(map)
        case (.position(let latitude, let longitude), .geo?):
            if let latitude = SourceLoader.resolvePlain(latitude, at: location).doubleValue,
                let longitude = SourceLoader.resolvePlain(longitude, at: location).doubleValue
            {
                return .geo(latitude: latitude, longitude: longitude)
            }
        case (.ids(let ids), .list?) where spec?.element?.value.type == .reference:
            // A whole number loads as an int, whose id is its decimal text.
            return .list(ids.map { .reference(String($0)) })
        default:
            break
        }
        return value(GohikeItem.node(field, at: location), spec: spec)
    }
}
