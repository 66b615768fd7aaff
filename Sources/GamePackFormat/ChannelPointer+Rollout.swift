import Foundation

/// A change to a channel's staged rollout (`gamepack rollout CHANNEL …`).
public enum RolloutChange: Sendable, Equatable {
    /// Widen to a larger share of installs (100 completes the rollout).
    case widen(to: Int)
    /// Make the rollout's pack the channel's pack for every install.
    case complete
    /// Take no new installs into the rollout; those on its pack keep it.
    case pause
    /// Take new installs again, up to the percentage.
    case resume
    /// End the rollout: every install goes back to the channel's pack.
    case revert
}

/// A rollout step that cannot be taken; the message says what to do instead.
public struct RolloutError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The pointers a rollout goes through. Each is the channel's next pointer, one sequence above
/// this one, so clients' rollback and freeze protection hold all along: a revert too is a new,
/// higher pointer.
extension ChannelPointer {
    /// This channel's next pointer, starting a rollout of `pack` to `percentage` of installs;
    /// the others keep this pointer's pack.
    /// - Parameter sequence: the pack's own sequence; the pointer takes it, or one above this
    ///   pointer's when that is higher.
    /// - Throws: `RolloutError` when a rollout is already under way, the percentage is not
    ///   0–100, or the channel already serves the pack.
    public func startingRollout(
        of pack: PackReference, percentage: Int, sequence: Int64, created: String, expires: String?
    ) throws -> ChannelPointer {
        if let rollout {
            throw RolloutError(
                "\(project)/\(channel) already has a rollout of \(rollout.pack.version) at \(rollout.percentage)%; "
                    + "widen it (gamepack rollout \(channel) --to N%), complete it (--complete) or revert it "
                    + "(--revert) before starting another")
        }
        guard (0...100).contains(percentage) else {
            throw RolloutError("a rollout percentage is 0 to 100, not \(percentage)")
        }
        guard pack.manifest != manifest else {
            throw RolloutError("\(project)/\(channel) already serves \(pack.version) to every install; nothing to roll out")
        }
        var next = self
        next.sequence = Swift.max(sequence, self.sequence + 1)
        next.created = created
        next.expires = expires
        next.rollout = ChannelRollout(pack: pack, percentage: percentage)
        return next
    }

    /// This channel's next pointer after `change` to its rollout.
    /// - Throws: `RolloutError` when there is no rollout, or a widening would narrow it.
    public func changingRollout(_ change: RolloutChange, created: String, expires: String?) throws -> ChannelPointer {
        guard let rollout else {
            throw RolloutError(
                "\(project)/\(channel) has no rollout under way; start one with gamepack publish PACK --channel "
                    + "\(channel) --rollout N%")
        }
        var next = self
        next.sequence = sequence + 1
        next.created = created
        next.expires = expires
        switch change {
        case .widen(let percentage) where percentage == 100:
            return try changingRollout(.complete, created: created, expires: expires)
        case .widen(let percentage):
            guard (0...100).contains(percentage) else {
                throw RolloutError("a rollout percentage is 0 to 100, not \(percentage)")
            }
            guard percentage >= rollout.percentage else {
                throw RolloutError(
                    "the rollout of \(rollout.pack.version) is at \(rollout.percentage)%; a rollout only widens (installs "
                        + "never move back), so give \(rollout.percentage)% or more, or end it with --revert")
            }
            next.rollout = ChannelRollout(pack: rollout.pack, percentage: percentage, paused: rollout.isPaused)
        case .pause:
            next.rollout = ChannelRollout(pack: rollout.pack, percentage: rollout.percentage, paused: true)
        case .resume:
            next.rollout = ChannelRollout(pack: rollout.pack, percentage: rollout.percentage, paused: false)
        case .revert:
            next.rollout = nil
        case .complete:
            next = ChannelPointer(
                project: project, channel: channel, sequence: sequence + 1, version: rollout.pack.version,
                pack: rollout.pack.pack, size: rollout.pack.size, manifest: rollout.pack.manifest, created: created,
                expires: expires, minimumClientFormat: rollout.pack.minimumClientFormat,
                compatible: ChannelPointer.compatible(for: rollout.pack, previous: self))
        }
        return next
    }
}

extension ChannelPointer {
    /// Why this pointer may not follow `current`, the channel's pointer now, as far as rollouts
    /// go; nil when it may. A running rollout can only be widened, paused, resumed, completed or
    /// reverted: not replaced by another pack's, and not narrowed. The server checks this on
    /// every pointer write, whoever signed it.
    public func rolloutConflict(after current: ChannelPointer) -> String? {
        guard let running = current.rollout, let next = rollout else { return nil }
        if next.pack != running.pack {
            return "\(project)/\(channel) already has a rollout of \(running.pack.version) at \(running.percentage)%; "
                + "complete it (gamepack rollout \(channel) --complete) or revert it (--revert) before starting another"
        }
        if next.percentage < running.percentage {
            return "the rollout of \(running.pack.version) is at \(running.percentage)%; a rollout only widens, so give "
                + "\(running.percentage)% or more, or end it with gamepack rollout \(channel) --revert"
        }
        return nil
    }
}
