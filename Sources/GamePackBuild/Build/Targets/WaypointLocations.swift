import Foundation
import GamePackContent

/// What a gohike waypoint carries of its location, made once per location: content.json writes
/// a location in full (texts, coordinates, photo) for every waypoint at it, on average five
/// times in the benchmarks' projects, and both passes of the build write every waypoint. The
/// members from `location_id` to `longitude` are kept as the compact JSON the first waypoint
/// made of them, and the photo as its catalog record (its base64 is `EmbeddedImages`' concern).
///
/// (Unchecked `Sendable`: only the first pass, on the one thread that writes, fills and reads it.)
final class WaypointLocations: @unchecked Sendable {
    struct Part {
        /// `"location_id":…,"name_en":…,…,"longitude":"…"`, as `JSONWriter` wrote them.
        var members: [UInt8]
        /// The location's photo; nil writes `null`.
        var image: AssetRecord?
    }

    private var parts: [ItemID: Part] = [:]

    /// The part of the location `id`, made by `make` the first time it is asked for (nil, for
    /// a location that does not exist, is not kept: such a waypoint is left out each time).
    func part(of id: ItemID, make: () throws -> Part?) rethrows -> Part? {
        if let kept = parts[id] { return kept }
        guard let made = try make() else { return nil }
        parts[id] = made
        return made
    }
}
