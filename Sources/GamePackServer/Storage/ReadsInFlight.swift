import NIOConcurrencyHelpers

/// Database reads in progress, each with the way to cancel it. When the database stops
/// answering, `DatabaseMonitor` cancels them all, so that none waits for it: a request still
/// being prepared is answered 503, and a pack already streaming ends its response where it is
/// (the client retries, with a range) rather than holding its connection open in silence.
final class ReadsInFlight: Sendable {
    private let reads = NIOLockedValueBox<(last: Int, cancel: [Int: @Sendable () -> Void])>((0, [:]))

    init() {}

    /// Registers a read and how to cancel it; `finished` with the number it returns.
    func started(cancel: @escaping @Sendable () -> Void) -> Int {
        reads.withLockedValue { reads in
            reads.last += 1
            reads.cancel[reads.last] = cancel
            return reads.last
        }
    }

    /// The read `number` ended.
    func finished(_ number: Int) {
        reads.withLockedValue { _ = $0.cancel.removeValue(forKey: number) }
    }

    /// Cancels every read in progress.
    func cancelAll() {
        for cancel in reads.withLockedValue({ Array($0.cancel.values) }) { cancel() }
    }

    /// How many reads are in progress.
    var count: Int { reads.withLockedValue { $0.cancel.count } }
}
