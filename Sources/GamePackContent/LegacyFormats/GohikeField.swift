import Foundation

/// One field of an item read from the content file: what the importer writes as YAML, and
/// what `diff` reads as the node that YAML would load into.
package enum GohikeField: Sendable {
    /// A scalar written unquoted: a whole number, a reference, an asset path.
    case plain(String)
    /// Non-empty texts by locale, written as double-quoted scalars under the locale keys.
    case texts([(locale: String, text: String)])
    /// A position with the editor's digits, written as a flow map.
    case position(latitude: String, longitude: String)
    /// Item ids, written as a flow list.
    case ids([Int])
}
