import Foundation
import GamePackContent
import GamePackFormat

/// `gamepack rollout CHANNEL --out DIR …`: a staged rollout's next step in a static tree.
extension StaticPublisher {
    /// Signs and writes the channel's next pointer after `change` to its rollout, under the
    /// tree's lock, and returns it.
    /// - Throws: `GamePackError.publishRefused` when the channel has no pointer or no rollout, the
    ///   change is not allowed (`RolloutError`), or the new pointer names a pack the tree lacks.
    public func changeRollout(
        project: String, channel: String, change: RolloutChange, key: MinisignSecretKey, expires: Date?, now: Date
    ) throws -> ChannelPointer {
        let refuse = { (reason: String) in GamePackError.publishRefused(pack: "\(project)/\(channel)", reason: reason) }
        guard ChannelPointer.isSafeName(project), ChannelPointer.isSafeName(channel) else {
            throw refuse("project and channel must be safe names (1–64 of a-z A-Z 0-9 . _ -, not starting with . or -)")
        }
        try createParent(of: url(Self.lockFile))
        let lock = try TreeLock.acquire(url(Self.lockFile))
        defer { lock.release() }
        let pointerURL = url(PublishLayout.channelPointer(project: project, channel: channel))
        guard let current = try Self.currentPointer(at: pointerURL) else {
            throw refuse(
                "\(url(PublishLayout.channelPointer(project: project, channel: channel)).path) does not exist: the channel has no pack yet"
            )
        }
        let next: ChannelPointer
        do {
            next = try current.changingRollout(
                change, created: ChannelPointer.formatTime(now), expires: expires.map(ChannelPointer.formatTime))
        } catch let error as RolloutError {
            throw refuse(error.description)
        }
        for reference in next.packs {
            let manifestURL = url(PublishLayout.manifest(packSHA256: reference.pack))
            guard let bytes = try? Data(contentsOf: manifestURL), Digest.sha256Hex(bytes) == reference.manifest else {
                throw refuse("the tree has no pack \(reference.pack) (\(reference.version)) with the manifest the pointer names")
            }
        }
        try writePointer(next, key: key, to: pointerURL)
        return next
    }
}
