import Foundation

extension GamePackClient {
    /// How long one download may take in all, however steadily its bytes trickle in: `base`
    /// seconds plus the resource's size at `minimumBytesPerSecond`. A file of the manifest gets
    /// this once for all its attempts (resumed ones included); the pointer, its signature and
    /// the manifest get it for their size limits. The idle `timeout` still applies as well.
    public struct DownloadDeadline: Sendable, Equatable {
        /// Seconds every download gets whatever its size (connection, first byte, slow start).
        public var base: TimeInterval
        /// The slowest average rate a download may keep, bytes per second.
        public var minimumBytesPerSecond: Double

        public init(base: TimeInterval, minimumBytesPerSecond: Double) {
            self.base = base
            self.minimumBytesPerSecond = minimumBytesPerSecond
        }

        /// 30 s plus the size at 4 KiB/s (a 1 MiB file: 4 min 46 s in all).
        public static let standard = DownloadDeadline(base: 30, minimumBytesPerSecond: 4_096)

        /// Seconds a download of `bytes` may take in all.
        public func seconds(forBytes bytes: Int64) -> TimeInterval {
            base + Double(max(bytes, 0)) / max(minimumBytesPerSecond, 1)
        }
    }
}

/// The bytes the store may still grow by during one update (its storage budget less what it
/// holds), taken as download bytes arrive and given back when a partial file is truncated, so
/// that no answer, however large, takes the store past its budget.
final class StorageAllowance: @unchecked Sendable {
    private let lock = NSLock()
    /// The store's budget in bytes.
    let budget: Int64
    private var remaining: Int64

    /// - Parameters:
    ///   - budget: the configured storage budget.
    ///   - used: the bytes the store holds now.
    init(budget: Int64, used: Int64) {
        self.budget = budget
        remaining = budget - used
    }

    /// Takes `bytes` from the allowance, or throws `storageBudgetExceeded` (taking nothing).
    func take(_ bytes: Int64) throws {
        lock.lock()
        defer { lock.unlock() }
        guard bytes <= remaining else {
            throw GamePackClientError.storageBudgetExceeded(needed: budget - remaining + bytes, budget: budget)
        }
        remaining -= bytes
    }

    /// Gives back `bytes` removed from the store.
    func giveBack(_ bytes: Int64) {
        lock.lock()
        remaining += bytes
        lock.unlock()
    }
}
