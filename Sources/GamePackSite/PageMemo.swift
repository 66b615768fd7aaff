import Foundation

/// What several pages of one site share, made once per site: the map of a collection, which
/// each of its list pages shows whole (a collection of 20,000 deals has 40 list pages), and the
/// pins of a collection's points, which each item page of it searches for its neighbours. A live
/// preview makes a site per request, so there it holds one page's parts; a static preview makes
/// one site for all of its pages.
final class PageMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: any Sendable] = [:]

    /// A key of its parts (a kind of value, a collection's name, a field's), joined by a
    /// character no name holds, so that no two lists of parts give the same key.
    static func key(_ parts: String...) -> String { parts.joined(separator: "\u{0}") }

    /// The value under `key`, made by `make` the first time it is asked for. A key names one
    /// kind of value: asked for as another type, it is made again.
    func value<Value: Sendable>(_ key: String, make: () -> Value) -> Value {
        if let made = lock.withLock({ values[key] }) as? Value { return made }
        let made = make()
        lock.withLock { values[key] = made }
        return made
    }
}
