import Foundation

/// The body of `POST /v1/projects/<project>/channels/<channel>/adoption`: what an install that
/// opted into adoption figures runs. It names no install, and the server keeps only counts.
///
/// The project and channel are in the path. Clients send it at most once per UTC day per
/// channel and version, so a day's count approximates installs rather than checks.
public struct AdoptionReport: Codable, Sendable, Equatable {
    /// The installed pack's version (`PackManifest.version`).
    public var version: String
    /// The install's bucket (0–99) for the channel's rollout (`ChannelRollout.bucket`, hashed with
    /// the rollout pack's version), or nil when the channel has no rollout.
    public var bucket: Int?

    public init(version: String, bucket: Int? = nil) {
        self.version = version
        self.bucket = bucket
    }

    /// The most bytes a report's body may have.
    public static let bodyLimit = 4 << 10

    /// The longest version a report may name, in UTF-8 bytes.
    public static let versionLimit = 256

    /// The UTC day of `date`, `yyyy-MM-dd`: the unit reports are counted (and sent at most once) in.
    public static func day(of date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }

    /// The path of the channel's adoption figures: reports are posted to it, figures read from it.
    public static func path(project: String, channel: String) -> String {
        "\(PublishLayout.prefix)/projects/\(project)/channels/\(channel)/adoption"
    }
}

/// The body of `GET /v1/projects/<project>/channels/<channel>/adoption?days=N`: how many
/// opted-in installs reported each version on each of the last `N` UTC days, newest day first.
public struct AdoptionFigures: Codable, Sendable, Equatable {
    /// The project id.
    public var project: String
    /// The channel name.
    public var channel: String
    /// The days asked for (the server's UTC days, today included).
    public var days: Int
    /// The days with reports, newest first; days without any are left out.
    public var figures: [AdoptionDay]

    public init(project: String, channel: String, days: Int, figures: [AdoptionDay]) {
        self.project = project
        self.channel = channel
        self.days = days
        self.figures = figures
    }
}

/// One UTC day of adoption figures.
public struct AdoptionDay: Codable, Sendable, Equatable {
    /// The UTC day, `yyyy-MM-dd`.
    public var day: String
    /// Each version reported that day, most installs first (then by version).
    public var versions: [AdoptionVersionCount]

    public init(day: String, versions: [AdoptionVersionCount]) {
        self.day = day
        self.versions = versions
    }

    /// The installs of every version that day.
    public var installs: Int64 { versions.reduce(0) { $0 + $1.installs } }
}

/// How many installs reported one version on one day.
public struct AdoptionVersionCount: Codable, Sendable, Equatable {
    /// The pack version (`PackManifest.version`).
    public var version: String
    /// The reports of this version that day: with one report per install per day and version,
    /// the installs that ran it.
    public var installs: Int64
    /// Of those, the reports that named a rollout bucket, per bucket (0–99), ascending; absent
    /// when none did.
    public var buckets: [AdoptionBucketCount]?

    public init(version: String, installs: Int64, buckets: [AdoptionBucketCount]? = nil) {
        self.version = version
        self.installs = installs
        self.buckets = buckets.flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// The reports of one rollout bucket.
public struct AdoptionBucketCount: Codable, Sendable, Equatable {
    /// The rollout bucket, 0–99.
    public var bucket: Int
    /// The reports that named it.
    public var installs: Int64

    public init(bucket: Int, installs: Int64) {
        self.bucket = bucket
        self.installs = installs
    }
}
