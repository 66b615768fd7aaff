import NIOConcurrencyHelpers

/// Database reads in progress, each with the way to cancel it. When the database stops
/// answering, `DatabaseMonitor` cancels them all, so that none waits for it: a request still
/// being prepared is answered 503, and a pack already streaming ends its response where it is
/// (the client retries, with a range) rather than holding its connection open in silence.
///
/// While the database is known to be gone (`refuse` until `admit`), a read that starts is
/// cancelled at once: a pack streaming then ends at its next chunk rather than waiting for the
/// next probe to fail.
final class ReadsInFlight: Sendable {
    private let reads = NIOLockedValueBox<(last: Int, cancel: [Int: @Sendable () -> Void], refusing: Bool)>(
        (0, [:], false))

    init() {}

    /// Registers a read and how to cancel it; `finished` with the number it returns. Cancels it
    /// at once while the database is known to be gone.
    func started(cancel: @escaping @Sendable () -> Void) -> Int {
        let (number, refusing) = reads.withLockedValue { reads in
            reads.last += 1
            reads.cancel[reads.last] = cancel
            return (reads.last, reads.refusing)
        }
        if refusing { cancel() }
        return number
    }

    /// The database is gone: cancels every read in progress, and every read that starts until
    /// `admit`.
    func refuse() {
        reads.withLockedValue { $0.refusing = true }
        cancelAll()
    }

    /// The database answers again: reads that start are left to run.
    func admit() {
        reads.withLockedValue { $0.refusing = false }
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
