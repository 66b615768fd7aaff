import Foundation

/// Counts downloaded bytes from the transport's callbacks and reports progress.
final class ByteCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var completed: Int64 = 0
    private var network: Int64 = 0
    let total: Int64
    let report: (@Sendable (GamePackClient.UpdateProgress) -> Void)?

    init(total: Int64, report: (@Sendable (GamePackClient.UpdateProgress) -> Void)?) {
        self.total = total
        self.report = report
    }

    /// Adds `bytes` to the progress and, when they came over the network, to the network count.
    func add(_ bytes: Int64, network fromNetwork: Bool) {
        lock.lock()
        completed += bytes
        if fromNetwork { network += bytes }
        let done = completed
        lock.unlock()
        report?(.init(phase: .downloading, completedBytes: done, totalBytes: total))
    }

    var networkBytes: Int64 {
        lock.lock()
        defer { lock.unlock() }
        return network
    }
}
