import Logging
import NIOConcurrencyHelpers

/// Keeps the outcome of the blob store's cheap verification (`verify(rehash: false)`: blobs
/// whose rows name a chunk that is gone, and damage met while serving) up to date for
/// `/ready`'s `blobs` check, every `interval`.
///
/// The check is advisory. A damaged blob sits in the database every instance shares: were it to
/// turn `/ready` false, the load balancer would take the whole fleet out for one file. Instead
/// `/ready` names the damaged blobs, each of them alone is answered with 503 (`blob_damaged`),
/// and `gamepack serve gc --verify` reads every byte again.
final class BlobWatch: Sendable {
    let blobs: any BlobStore
    let interval: Duration
    let logger: Logger
    /// What the last verification found; nil until one succeeded.
    private let found = NIOLockedValueBox<[BlobDamage]?>(nil)

    init(blobs: any BlobStore, interval: Duration, logger: Logger) {
        self.blobs = blobs
        self.interval = interval
        self.logger = logger
    }

    /// `/ready`'s `blobs` check.
    var check: ReadinessCheck {
        ReadinessCheck(name: "blobs", advisory: true) { [self] in problem }
    }

    /// nil while no blob is known damaged; else which, for the operator.
    var problem: String? {
        guard let damage = found.withLockedValue({ $0 }), !damage.isEmpty else { return nil }
        let named = damage.prefix(5).map(\.description).joined(separator: "; ")
        let more = damage.count > 5 ? " and \(damage.count - 5) more" : ""
        return "\(damage.count) damaged blob\(damage.count == 1 ? "" : "s"), answered with 503: \(named)\(more); "
            + "gamepack serve gc --verify lists them all"
    }

    /// Verifies until cancelled.
    func run() async {
        while !Task.isCancelled {
            await refresh()
            try? await Task.sleep(for: interval)
        }
    }

    /// One verification. A database that does not answer keeps the last outcome: the
    /// `database` check reports the outage.
    func refresh() async {
        guard let damage = try? await blobs.verify(rehash: false) else { return }
        let previous = found.withLockedValue { found in
            defer { found = damage }
            return found
        }
        if let first = damage.first, previous?.map(\.path) != damage.map(\.path) {
            logger.error(
                "damaged blobs are answered with 503", metadata: ["count": "\(damage.count)", "first": "\(first)"])
        }
    }
}
