/// A project and the heads of its channels, as `GET /v1/projects` lists them.
public struct ProjectSummary: Codable, Sendable, Equatable {
    /// A channel's current head.
    public struct Channel: Codable, Sendable, Equatable {
        /// The channel name.
        public var channel: String
        /// The head pointer's sequence.
        public var sequence: Int64
        /// The version of the pack the channel serves.
        public var version: String
        /// The SHA-256 of the pack the channel serves (lowercase hex).
        public var pack: String
        /// When the head pointer was signed (ISO 8601, UTC).
        public var created: String
        /// When the head pointer expires (ISO 8601, UTC), if ever.
        public var expires: String?

        public init(channel: String, sequence: Int64, version: String, pack: String, created: String, expires: String?) {
            self.channel = channel
            self.sequence = sequence
            self.version = version
            self.pack = pack
            self.created = created
            self.expires = expires
        }
    }

    /// The project id.
    public var project: String
    /// Its channels, in the server's order (by name).
    public var channels: [Channel]

    public init(project: String, channels: [Channel]) {
        self.project = project
        self.channels = channels
    }
}

/// The body of `GET /v1/projects`.
public struct ProjectList: Codable, Sendable, Equatable {
    /// Every project with at least one channel.
    public var projects: [ProjectSummary]

    public init(projects: [ProjectSummary]) {
        self.projects = projects
    }
}
