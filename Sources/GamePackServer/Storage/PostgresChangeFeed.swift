import Foundation
import Logging
import PostgresNIO

/// Tells every `gamepack serve` instance on one PostgreSQL database that a channel moved: the
/// store's channel write sends `NOTIFY gamepack_changes` in its transaction (delivered at
/// commit), and each instance `LISTEN`s on a connection of its own and drops its cached view of
/// the channel, so a read on instance B right after a publish on A sees the new pointer, pack
/// and content. After a lost connection it subscribes again, with backoff, and reports every
/// (re)subscription so the instance drops all its caches (a notification may have been missed
/// while it was away); the caches' own short maximum age is the last safety net.
struct PostgresChangeFeed: Sendable {
    /// The notification channel.
    static let channel = "gamepack_changes"

    let client: PostgresPool
    let logger: Logger

    /// The payload of a channel write: `channel PROJECT/CHANNEL`.
    static func payload(_ entry: ChannelEntry) -> String { "channel \(entry.project)/\(entry.channel)" }

    /// Listens until cancelled: `subscribed` each time the subscription starts (first and after
    /// every reconnect), `changed` with each notification's payload.
    func run(changed: @escaping @Sendable (String) async -> Void, subscribed: @escaping @Sendable () async -> Void) async {
        var failures = 0
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: Self.channel) { notifications in
                        await subscribed()
                        for try await notification in notifications { await changed(notification.payload) }
                    }
                }
                failures = 0
            } catch {
                if Task.isCancelled { return }
                failures += 1
                logger.warning(
                    "change feed lost; subscribing again", metadata: ["error": "\(error)", "attempt": "\(failures)"])
            }
            // 0.1 s, doubling, at most 5 s: PostgreSQL restarting takes seconds.
            let delay = min(5.0, 0.1 * pow(2.0, Double(min(failures, 6))))
            try? await Task.sleep(for: .milliseconds(Int64(delay * 1000)))
        }
    }
}
