import Foundation

/// The packs a channel keeps for apps too old for its newest pack (the compatibility gate).
extension ChannelPointer {
    /// The `compatible` list of the pointer that makes `head` a channel's pack, given the pointer
    /// the channel serves now (`previous`, nil for a new channel).
    ///
    /// For each client content format `f` below `head`'s minimum, newest first: the newest pack a
    /// format-`f` client reads, which is `previous`'s own pack if it reads it, else `previous`'s
    /// compatible entry for `f`. A pack that several formats take is listed once, so there is one
    /// entry per distinct minimum, newest first. Nil when `head` is read by every client (format
    /// 1) or nothing older serves the older formats.
    ///
    /// `gamepack publish` (server and static tree), `promote` and `rollback` all sign pointers
    /// with this list, so a channel only ever loses an older format's pack when a newer pack that
    /// format reads takes its place.
    public static func compatible(for head: PackReference, previous: ChannelPointer?) -> [PackReference]? {
        guard head.clientFormat > 1, let previous else { return nil }
        let candidates = [previous.head] + (previous.compatible ?? [])
        var kept: [PackReference] = []
        for format in stride(from: head.clientFormat - 1, through: 1, by: -1) {
            guard let pack = candidates.first(where: { $0.clientFormat <= format }), pack.pack != head.pack else { continue }
            if !kept.contains(where: { $0.pack == pack.pack }) { kept.append(pack) }
        }
        return kept.isEmpty ? nil : kept
    }

    /// The pack of `manifest`, at `pack` (its SHA-256) of `size` bytes with manifest bytes of
    /// SHA-256 `manifestSHA256`, as a pointer names it.
    public static func reference(
        to manifest: PackManifest, pack: String, size: Int64, manifestSHA256: String
    ) -> PackReference {
        PackReference(
            version: manifest.version, pack: pack, size: size, manifest: manifestSHA256,
            minimumClientFormat: manifest.minimumClientFormat)
    }
}
