import Foundation

/// The bytes a first pass made, kept in the order they came while they stay within a budget,
/// so that a second pass copies them instead of making them again (`GohikeTarget.emit`: the
/// profiles of a content.json are made before its version is known, and written after it).
/// Past the budget they are dropped, and the second pass makes them again.
final class KeptBytes: @unchecked Sendable {
    /// The most bytes kept.
    let budget: Int
    private let lock = NSLock()
    private var chunks: [[UInt8]] = []
    private var count = 0
    private var dropped = false

    init(budget: Int) { self.budget = budget }

    /// Keeps a copy of `bytes` after those kept before, unless that goes over the budget (then
    /// nothing is kept, from now on).
    func append(_ bytes: UnsafeRawBufferPointer) {
        lock.withLock {
            guard !dropped else { return }
            count += bytes.count
            if count > budget {
                dropped = true
                chunks = []
            } else {
                chunks.append(Array(bytes.bindMemory(to: UInt8.self)))
            }
        }
    }

    /// Every byte appended, in order, as the chunks they came in, and lets go of them; nil when
    /// they went over the budget.
    func take() -> [[UInt8]]? {
        lock.withLock {
            defer { chunks = [] }
            return dropped ? nil : chunks
        }
    }
}
