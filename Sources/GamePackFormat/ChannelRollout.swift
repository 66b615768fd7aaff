import Crypto
import Foundation

/// A staged rollout on a channel: installs whose bucket is below `percentage` take `pack`, the
/// others keep the pointer's own pack (the one the channel served before the rollout began).
///
/// Each install's bucket (`ChannelRollout.bucket(installID:version:)`, 0–99) comes from a random
/// install id the client keeps, hashed with the rollout pack's version: it does not change across
/// launches, so as the percentage grows the installs in the rollout only ever gain members. A
/// paused rollout keeps the installs that already run its pack and takes no new ones.
public struct ChannelRollout: Codable, Sendable, Equatable {
    /// The pack being rolled out.
    public var pack: PackReference
    /// The share of installs that take it, 0–100.
    public var percentage: Int
    /// True while the rollout takes no new installs.
    public var paused: Bool?

    public init(pack: PackReference, percentage: Int, paused: Bool = false) {
        self.pack = pack
        self.percentage = percentage
        self.paused = paused ? true : nil
    }

    /// Whether the rollout is paused.
    public var isPaused: Bool { paused ?? false }

    /// Whether an install in `bucket` takes the rollout's pack.
    public func includes(bucket: Int) -> Bool { bucket < percentage }

    /// The bucket (0–99) of the install with `installID` for the rollout of the pack `version`:
    /// the first eight bytes of SHA-256(`installID` `:` `version`), big-endian, modulo 100.
    public static func bucket(installID: String, version: String) -> Int {
        let digest = SHA256.hash(data: Data("\(installID):\(version)".utf8))
        let value = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int(value % 100)
    }

    /// Parses `10%` or `10` into a percentage, nil unless it is a whole number 0–100.
    public static func parsePercentage(_ text: String) -> Int? {
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = Int(digits), (0...100).contains(value), !digits.hasPrefix("+") else { return nil }
        return value
    }
}
