import Foundation

/// What several pages of one site share, made once per site: the map of a collection, which
/// each of its list pages shows whole (a collection of 20,000 deals has 40 list pages), and the
/// pins of a collection's points, which each item page of it searches for its neighbours. A live
/// preview makes a site per request, so there it holds one page's parts; a static preview makes
/// one site for all of its pages.
final class PageMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var cells: [String: Cell] = [:]

    /// One key's value, made under the key's own lock: a second page asking while the first
    /// makes it waits for it instead of making it again (a 20,000-pin map, once per thread), and
    /// pages asking for other keys meanwhile are not held up. `make` may ask for other keys, but
    /// never (through them) for its own: two threads would then wait for each other.
    private final class Cell: @unchecked Sendable {
        let lock = NSLock()
        var value: (any Sendable)?
    }

    /// A key of its parts (a kind of value, a collection's name, a field's), joined by a
    /// character no name holds, so that no two lists of parts give the same key.
    static func key(_ parts: String...) -> String { parts.joined(separator: "\u{0}") }

    /// The value under `key`, made by `make` the first time it is asked for. A key names one
    /// kind of value: asked for as another type, it is made again.
    func value<Value: Sendable>(_ key: String, make: () -> Value) -> Value {
        let cell = lock.withLock {
            if let cell = cells[key] { return cell }
            let cell = Cell()
            cells[key] = cell
            return cell
        }
        return cell.lock.withLock {
            if let made = cell.value as? Value { return made }
            let made = make()
            cell.value = made
            return made
        }
    }
}
