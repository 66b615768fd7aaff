import Foundation
import GamePackContent

/// What a gohike waypoint carries of its location, made once per location: content.json writes
/// a location in full (texts, coordinates, photo) for every waypoint at it, on average five
/// times in the benchmarks' projects, and both passes of the build write every waypoint. The
/// members from `location_id` to `longitude` are kept as the compact JSON the first waypoint
/// made of them, and the photo as its catalog record (its base64 is `EmbeddedImages`' concern).
///
/// The first pass is made on all cores (`GohikeTarget+Pieces`): two routes through one location
/// may make its part at once, and either is kept (they are the same bytes).
final class WaypointLocations: @unchecked Sendable {
    struct Part {
        /// `"location_id":…,"name_en":…,…,"longitude":"…"`, as `JSONWriter` wrote them.
        var members: [UInt8]
        /// The location's photo; nil writes `null`.
        var image: AssetRecord?
    }

    private let lock = NSLock()
    private var parts: [ItemID: Part] = [:]

    /// The part of the location `id`, made by `make` the first time it is asked for (nil, for
    /// a location that does not exist, is not kept: such a waypoint is left out each time).
    func part(of id: ItemID, make: () throws -> Part?) rethrows -> Part? {
        if let kept = lock.withLock({ parts[id] }) { return kept }
        guard let made = try make() else { return nil }
        lock.withLock { parts[id] = parts[id] ?? made }
        return made
    }
}
