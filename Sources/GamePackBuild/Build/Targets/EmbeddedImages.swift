import Foundation
import GamePackContent

/// The base64 of the images a gohike build embeds, kept from the first time each is encoded:
/// content.json carries a location's photo once for every waypoint at that location, and the
/// build writes content.json twice (a pass that hashes it, then the one into the pack). Kept
/// bytes are the very ones the first pass hashed, so the second pass cannot differ from the
/// version and CRC-32 it computed, whatever happens to the file meanwhile.
///
/// Only images of at most `largestImage` bytes are kept, and at most `budget` bytes of base64
/// in all; the rest are read and encoded each time, as before. A small image costs more to
/// open and read than to encode, so keeping it saves most; a large one is read at the speed
/// its kept copy would be copied, and would only raise the build's memory.
final class EmbeddedImages: @unchecked Sendable {
    /// The largest image kept, in bytes of the image.
    static let largestImage: Int64 = 64 << 10
    /// The most base64 kept, in bytes.
    static let budget = 64 << 20

    private let lock = NSLock()
    private var kept: [String: [UInt8]] = [:]
    private var keptBytes = 0

    /// The base64 kept for the asset at `path`, if any.
    func base64(of path: String) -> [UInt8]? {
        lock.withLock { kept[path] }
    }

    /// Whether the image of `record` is small enough to keep, and fits the budget still.
    func mayKeep(_ record: AssetRecord) -> Bool {
        record.size <= Self.largestImage && lock.withLock { keptBytes < Self.budget }
    }

    /// Keeps `base64` for the asset of `record`, unless the budget is spent.
    func keep(_ base64: [UInt8], of record: AssetRecord) {
        lock.withLock {
            guard kept[record.path] == nil, keptBytes + base64.count <= Self.budget else { return }
            kept[record.path] = base64
            keptBytes += base64.count
        }
    }
}
