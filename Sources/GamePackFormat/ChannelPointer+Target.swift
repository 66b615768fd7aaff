import Foundation

/// Which pack of a pointer an install takes: the rollout's, the pointer's own, or one kept for
/// older clients.
extension ChannelPointer {
    /// The pointer's own pack: the one every install takes outside a rollout.
    public var head: PackReference {
        PackReference(version: version, pack: pack, size: size, manifest: manifest, minimumClientFormat: minimumClientFormat)
    }

    /// Every pack the pointer names: its own, the rollout's, the compatible ones.
    public var packs: [PackReference] {
        [head] + (rollout.map { [$0.pack] } ?? []) + (compatible ?? [])
    }

    /// Whether the pointer names the manifest with SHA-256 `manifest` (in any role).
    public func names(manifest: String) -> Bool { packs.contains { $0.manifest == manifest } }

    /// The pack an install takes, or nil when none of the pointer's packs is readable by a client
    /// of content format `clientFormat`.
    ///
    /// An install in the rollout (its bucket for the rollout pack's version below the percentage)
    /// takes the rollout's pack; while the rollout is paused, only when it already runs it
    /// (`installedManifest`). Otherwise, or when that pack needs a newer client, the pointer's own
    /// pack; when that too is too new, the first of `compatible` the client reads.
    /// - Parameters:
    ///   - installID: the install's stable random id (`ChannelRollout.bucket`); nil never joins a rollout.
    ///   - clientFormat: the newest content format the app reads.
    ///   - installedManifest: the SHA-256 of the installed manifest, if any.
    public func target(installID: String?, clientFormat: Int, installedManifest: String? = nil) -> PackReference? {
        var candidates: [PackReference] = []
        if let rollout, let installID,
            rollout.includes(bucket: ChannelRollout.bucket(installID: installID, version: rollout.pack.version)),
            !rollout.isPaused || installedManifest == rollout.pack.manifest
        {
            candidates.append(rollout.pack)
        }
        candidates.append(head)
        candidates += compatible ?? []
        return candidates.first { $0.clientFormat <= clientFormat }
    }
}
