import Foundation
import GamePackContent

extension SnapshotValueReader {
    /// The spec of each field of one collection's items, looked up once for all of them: a
    /// diff of two large content files reads every item of both, and looking a spec up by its
    /// name copies the spec each time.
    struct GohikeFieldSpecs {
        /// One field: its spec, and what `direct` needs of the spec (its shape, and whether it
        /// is a list of references), which copies nothing. A class: passing an entry on retains
        /// it once, where a struct's copy retained each of the spec's dozen strings and arrays
        /// (for every field of every item read).
        final class Entry {
            let key: String
            let spec: FieldSpec?
            let shape: FieldShape?
            let listsReferences: Bool

            init(key: String, spec: FieldSpec?) {
                self.key = key
                self.spec = spec
                shape = spec?.type.shape
                listsReferences = spec?.element?.value.type == .reference
            }
        }

        let type: ContentType?
        private(set) var entries: [Entry] = []

        init(type: ContentType?) { self.type = type }

        /// The place of `key`'s entry, made the first time the key is met.
        mutating func entry(_ key: String) -> Int {
            if let index = entries.firstIndex(where: { $0.key == key }) { return index }
            entries.append(Entry(key: key, spec: type?.field(key)))
            return entries.count - 1
        }
    }

    /// The fields of an item read from a gohike content file: what `fields(of:type:)` reads
    /// from `item.node(file:)`, value for value, without making the item's node tree (a diff
    /// of two large content files reads every item of both).
    func fields(of item: GohikeItem, specs: inout GohikeFieldSpecs) -> [String: DiffValue] {
        var fields = [String: DiffValue](minimumCapacity: item.fields.count)
        for (key, field) in item.fields where key != "id" {
            let index = specs.entry(key)
            if let value = value(field, entry: specs.entries[index]) { fields[key] = value }
        }
        return fields
    }

    /// The fields of an item read from a gohike content file, its collection's type given.
    func fields(of item: GohikeItem, type: ContentType?) -> [String: DiffValue] {
        var specs = GohikeFieldSpecs(type: type)
        return fields(of: item, specs: &specs)
    }

    /// One field's value by `spec`.
    func value(_ field: GohikeField, spec: FieldSpec?) -> DiffValue? {
        value(field, entry: GohikeFieldSpecs.Entry(key: "", spec: spec))
    }

    /// One field's value; the kinds the built-in types give these fields are read straight
    /// from the field, any other through the field's node.
    private func value(_ field: GohikeField, entry: GohikeFieldSpecs.Entry) -> DiffValue? {
        let location = SourceLocation.file("")
        if let shape = entry.shape,
            case .some(let value) = direct(field, shape: shape, listsReferences: entry.listsReferences, location: location)
        {
            return value
        }
        return value(GohikeItem.node(field, at: location), spec: entry.spec)
    }

    /// The value of `field` read without its node (`.some(nil)`: no value), or nil when it must
    /// be read through the node.
    private func direct(_ field: GohikeField, shape: FieldShape, listsReferences: Bool, location: SourceLocation)
        -> DiffValue??
    {
        switch (field, shape) {
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
            guard let latitude = Self.coordinate(latitude, at: location),
                let longitude = Self.coordinate(longitude, at: location)
            else { return nil }
            return .some(.geo(latitude: latitude, longitude: longitude))
        case (.ids(let ids), .list) where listsReferences:
            // A whole number loads as an int, whose id is its decimal text.
            return .some(.list(ids.map { .reference(String($0)) }))
        case (.plain, _), (.texts, _), (.position, _), (.ids, _):
            return nil
        }
    }

    /// A coordinate's number as its plain scalar resolves (`SourceLoader.resolvePlain`). A
    /// decimal with a point (`52.341645271`, the usual case) is parsed at once: it is no null,
    /// bool, infinity or integer, so the scalar resolves to `Double(text)`.
    static func coordinate(_ text: String, at location: SourceLocation) -> Double? {
        var hasPoint = false
        var hasDigit = false
        var decimal = true
        for byte in text.utf8 {
            if byte >= 0x30 && byte <= 0x39 {
                hasDigit = true
            } else if byte == UInt8(ascii: ".") {
                hasPoint = true
            } else if byte != UInt8(ascii: "-") && byte != UInt8(ascii: "+") {
                decimal = false
                break
            }
        }
        if decimal && hasPoint && hasDigit, let value = Double(text) { return value }
        return SourceLoader.resolvePlain(text, at: location).doubleValue
    }
}
