import Foundation
import GamePackFormat

/// The source fields that define a location or a reward (`name_en`, `latitude`, `image_data`
/// as its asset path, …), each in its place among `keys`, nil when empty or null: what two
/// copies of one item are compared by. A fixed list rather than a dictionary: a content file
/// has a copy of a location for every route through it, each read into one of these.
package struct GohikeSourceValues: Sendable {
    /// The keys a value can have, in their places.
    static let keys = JSONKeys(GohikeContentReader.textKeys + ["latitude", "longitude", "image_data", "icon_data"])

    private var values = [String?](repeating: nil, count: Self.keys.names.count)

    init() {}

    /// The value of `key`; a key not among `keys` has none, and setting one keeps nothing.
    subscript(key: String) -> String? {
        get { Self.keys.position(of: key).flatMap { values[$0] } }
        set { if let place = Self.keys.position(of: key) { values[place] = newValue } }
    }

    /// Whether `other` has the same values (texts compared as `SameText.equal` does).
    func same(as other: GohikeSourceValues) -> Bool {
        for (a, b) in zip(values, other.values) {
            switch (a, b) {
            case (nil, nil): continue
            case (let x?, let y?) where SameText.equal(x, y): continue
            default: return false
            }
        }
        return true
    }

    /// The keys whose values differ from `other`'s, sorted.
    func differing(from other: GohikeSourceValues) -> [String] {
        values.indices.filter { values[$0] != other.values[$0] }.map { Self.keys.names[$0] }.sorted()
    }
}
