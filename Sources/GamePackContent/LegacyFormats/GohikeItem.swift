import Foundation

/// One item read from the content file, ready to be written as YAML.
package struct GohikeItem: Sendable {
    /// The item's id, kept from the source.
    package var id: Int
    /// The item's fields in the order they are written, without the id.
    package var fields: [(key: String, value: GohikeField)]
    /// The source fields that define the item (`name_en`, `latitude`, `image_data` as its
    /// asset path, …), absent when empty or null: what two copies of a location or a reward
    /// are compared by. Nil for profiles and routes, which are written once and never compared.
    var sourceValues: GohikeSourceValues?
    /// Where in the file the item was read, e.g. `profiles[0].routes[2].waypoints[1]`.
    var path: String
    /// The route the item was read from (locations and rewards), for warnings.
    var routeID: Int? = nil
    /// The item's decoded images by asset path, stored once the item is kept.
    var images: [(path: String, data: Data)] = []

    /// The whole YAML file of the item.
    package var yaml: String {
        var lines = ["id: \(id)"]
        for (key, value) in fields {
            switch value {
            case .plain(let text):
                lines.append("\(key): \(text)")
            case .texts(let texts):
                lines.append("\(key):")
                for (locale, text) in texts { lines.append("  \(locale): \(YAMLScalar.quoted(text))") }
            case .position(let latitude, let longitude):
                lines.append("\(key): {latitude: \(latitude), longitude: \(longitude)}")
            case .ids(let ids):
                lines.append("\(key): [" + ids.map { String($0) }.joined(separator: ", ") + "]")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The node `SourceLoader` loads from `yaml` (the same values, scalars resolved the same
    /// way), built without writing and parsing the YAML; every location is `file`.
    func node(file: String) -> SourceNode {
        let location = SourceLocation.file(file)
        var entries = [SourceEntry(key: "id", keyLocation: location, value: Self.node(.plain(String(id)), at: location))]
        entries.reserveCapacity(fields.count + 1)
        for (key, value) in fields {
            entries.append(SourceEntry(key: key, keyLocation: location, value: Self.node(value, at: location)))
        }
        return SourceNode(.map(entries), location: location)
    }

    /// The node one field's YAML loads into.
    package static func node(_ field: GohikeField, at location: SourceLocation) -> SourceNode {
        func plain(_ text: String) -> SourceNode { SourceLoader.resolvePlain(text, at: location) }
        func entry(_ key: String, _ value: SourceNode) -> SourceEntry {
            SourceEntry(key: key, keyLocation: location, value: value)
        }
        switch field {
        case .plain(let text):
            return plain(text)
        case .texts(let texts):
            let map = texts.map {
                entry($0.locale, SourceNode(.string($0.text), raw: $0.text, isQuoted: true, location: location))
            }
            return SourceNode(.map(map), location: location)
        case .position(let latitude, let longitude):
            return SourceNode(
                .map([entry("latitude", plain(latitude)), entry("longitude", plain(longitude))]), location: location)
        case .ids(let ids):
            return SourceNode(.list(ids.map { plain(String($0)) }), location: location)
        }
    }
}
