/// One entry of a channel's history as the server's API shows it: the answer to a pointer
/// write and each element of `GET /v1/channels/<project>/<channel>/history`.
public struct ChannelHistoryEntry: Codable, Sendable, Equatable {
    /// The pointer's sequence; strictly increasing along a channel's history.
    public var sequence: Int64
    /// The pack's version.
    public var version: String
    /// The pack's SHA-256 (lowercase hex).
    public var pack: String
    /// The pack's size in bytes.
    public var size: Int64
    /// The SHA-256 of the pack's `manifest.json` (lowercase hex).
    public var manifest: String
    /// When the pointer was signed (ISO 8601, UTC).
    public var created: String
    /// When the pointer expires (ISO 8601, UTC), if ever.
    public var expires: String?
    /// `publish`, `promote`, `rollback` or `rollout`.
    public var action: String
    /// The staged rollout the pointer carried, if any (its pack and percentage).
    public var rollout: ChannelRollout?
    /// When the server recorded the entry (ISO 8601, UTC). The server always sends it; clients
    /// accept its absence.
    public var recorded: String?

    public init(
        sequence: Int64, version: String, pack: String, size: Int64, manifest: String, created: String,
        expires: String?, action: String, recorded: String?, rollout: ChannelRollout? = nil
    ) {
        self.rollout = rollout
        self.sequence = sequence
        self.version = version
        self.pack = pack
        self.size = size
        self.manifest = manifest
        self.created = created
        self.expires = expires
        self.action = action
        self.recorded = recorded
    }
}

/// The body of `GET /v1/channels/<project>/<channel>/history`: the entries newest first.
public struct ChannelHistory: Codable, Sendable, Equatable {
    /// The project id.
    public var project: String
    /// The channel name.
    public var channel: String
    /// The channel's entries, newest first.
    public var entries: [ChannelHistoryEntry]

    public init(project: String, channel: String, entries: [ChannelHistoryEntry]) {
        self.project = project
        self.channel = channel
        self.entries = entries
    }
}
