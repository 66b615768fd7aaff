import Foundation

/// A channel pointer: "channel C of project P now serves the pack with SHA-256 S", with a
/// sequence that only grows and an expiry, signed in minisign's format by a release key.
///
/// Servers and static trees serve it as `v1/channels/<project>/<channel>.json` with its detached
/// signature beside it (`.json.minisig`). Clients verify the signature with a pinned public key,
/// refuse a sequence not above the installed one (rollback protection) and an expired pointer
/// (freeze protection), then trust the manifest whose SHA-256 the pointer names and, through
/// it, every file. The pointer is the root of trust of an incremental update.
public struct ChannelPointer: Codable, Sendable, Equatable {
    /// The pointer format version (`ChannelPointer.currentFormat`).
    public var format: Int
    /// The project id (`PackManifest.project`).
    public var project: String
    /// The channel name (`staging`, `production`, …).
    public var channel: String
    /// Grows by at least one with every change of the channel, rollbacks included.
    public var sequence: Int64
    /// The pack's version (`PackManifest.version`), for people and legacy clients.
    public var version: String
    /// Lowercase hex SHA-256 of the pack file: its address.
    public var pack: String
    /// The pack file's size in bytes.
    public var size: Int64
    /// Lowercase hex SHA-256 of the pack's `manifest.json` bytes.
    public var manifest: String
    /// When the pointer was signed (ISO 8601, UTC).
    public var created: String
    /// After this instant clients refuse the pointer as frozen (ISO 8601, UTC), if set.
    public var expires: String?
    /// The oldest client content format that reads the pointer's pack; absent for 1. A pointer
    /// with one above 1 is format 2, which clients from before the compatibility gate refuse
    /// (so they keep their content instead of installing a pack they cannot read).
    public var minimumClientFormat: Int?
    /// A staged rollout of a newer pack, if one is under way (`ChannelRollout`).
    public var rollout: ChannelRollout?
    /// For clients too old for the pointer's pack: the newest pack each older content format may
    /// take, newest first, each with its `minimumClientFormat` (see `target(bucket:clientFormat:installed:)`).
    public var compatible: [PackReference]?

    /// The newest format this code reads. It writes 1, or 2 when the pack needs a client content
    /// format above 1 (`format(minimumClientFormat:)`).
    public static let currentFormat = 2

    /// The pointer format for a pack that needs `minimumClientFormat`: 1 while every client reads
    /// it, else 2.
    public static func format(minimumClientFormat: Int?) -> Int { (minimumClientFormat ?? 1) > 1 ? 2 : 1 }

    public init(
        format: Int? = nil, project: String, channel: String, sequence: Int64,
        version: String, pack: String, size: Int64, manifest: String, created: String, expires: String? = nil,
        minimumClientFormat: Int? = nil, rollout: ChannelRollout? = nil, compatible: [PackReference]? = nil
    ) {
        let minimum = minimumClientFormat.flatMap { $0 > 1 ? $0 : nil }
        self.format = format ?? Self.format(minimumClientFormat: minimum)
        self.minimumClientFormat = minimum
        self.rollout = rollout
        self.compatible = compatible.flatMap { $0.isEmpty ? nil : $0 }
        self.project = project
        self.channel = channel
        self.sequence = sequence
        self.version = version
        self.pack = pack
        self.size = size
        self.manifest = manifest
        self.created = created
        self.expires = expires
    }

    /// Pretty, key-sorted JSON with a final newline: the exact bytes that are signed and served.
    public func encoded() throws -> Data { try StableJSON.encode(self) }

    /// Parses and checks a pointer: known format, names that are safe in paths, hex hashes,
    /// a non-negative sequence and size, parseable times.
    public static func decode(_ data: Data) throws -> ChannelPointer {
        let pointer: ChannelPointer
        do {
            pointer = try JSONDecoder().decode(ChannelPointer.self, from: data)
        } catch {
            throw ChannelPointerError.invalid("not a gamepack channel pointer (\(error))")
        }
        guard pointer.format >= 1, pointer.format <= currentFormat else {
            throw ChannelPointerError.invalid(
                "format \(pointer.format) is not one this gamepack understands (\(currentFormat))")
        }
        guard isSafeName(pointer.project) else {
            throw ChannelPointerError.invalid("project \"\(pointer.project)\" is not a safe name")
        }
        guard isSafeName(pointer.channel) else {
            throw ChannelPointerError.invalid("channel \"\(pointer.channel)\" is not a safe name")
        }
        try pointer.head.validate("the pointer's pack")
        guard pointer.sequence >= 0 else { throw ChannelPointerError.invalid("sequence must not be negative") }
        if let rollout = pointer.rollout {
            try rollout.pack.validate("the rollout's pack")
            guard (0...100).contains(rollout.percentage) else {
                throw ChannelPointerError.invalid("the rollout's percentage \(rollout.percentage) is not 0–100")
            }
        }
        for (index, pack) in (pointer.compatible ?? []).enumerated() {
            try pack.validate("compatible pack \(index + 1)")
        }
        guard parseTime(pointer.created) != nil else { throw ChannelPointerError.invalid("created is not an ISO 8601 time") }
        if let expires = pointer.expires, parseTime(expires) == nil {
            throw ChannelPointerError.invalid("expires is not an ISO 8601 time")
        }
        return pointer
    }

    /// Whether the pointer has expired at `date` (never, when it has no expiry).
    public func isExpired(at date: Date = Date()) -> Bool {
        guard let expires, let limit = Self.parseTime(expires) else { return false }
        return date >= limit
    }

    /// Formats a time the way pointers store it: `2026-11-22T07:30:00Z`.
    public static func formatTime(_ date: Date) -> String {
        var formatter = Date.ISO8601FormatStyle()
        formatter.timeZone = TimeZone(identifier: "UTC")!
        return formatter.format(date)
    }

    /// Parses an ISO 8601 time with or without fractional seconds.
    public static func parseTime(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }

    /// Project and channel names: 1–64 of `a-z A-Z 0-9 . _ -`, not starting with `.` or `-`.
    public static func isSafeName(_ name: String) -> Bool {
        guard (1...64).contains(name.utf8.count), let first = name.utf8.first, first != UInt8(ascii: "."),
            first != UInt8(ascii: "-")
        else { return false }
        return name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    /// Whether `text` is 64 lowercase hex digits.
    public static func isSHA256Hex(_ text: String) -> Bool {
        text.utf8.count == 64
            && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}

/// A channel pointer that cannot be used.
public enum ChannelPointerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not a valid pointer.
    case invalid(String)

    public var description: String {
        switch self {
        case .invalid(let why): "channel pointer: \(why)"
        }
    }
}

/// Where packs, their files and channel pointers live, relative to a base URL or folder. The
/// server's modern API and a static tree written by `gamepack publish --to DIR` use the same
/// paths, so a client needs only a base URL:
///
/// ```
/// v1/channels/<project>/<channel>.json           the signed pointer (ChannelPointer bytes)
/// v1/channels/<project>/<channel>.json.minisig   its minisign signature
/// v1/channels/<project>/signatures/<sha256>.minisig  the signature of the pointer with that SHA-256
/// v1/packs/<sha256>.gamepack                      the pack, immutable
/// v1/packs/<sha256>.gamepack.minisig              the pack's minisign signature
/// v1/packs/<sha256>.manifest.json                 the pack's manifest.json bytes
/// v1/files/<sha256>                               each file of a pack by its SHA-256, immutable
/// ```
public enum PublishLayout {
    /// The API and layout version prefix.
    public static let prefix = "v1"

    public static func channelPointer(project: String, channel: String) -> String {
        "\(prefix)/channels/\(project)/\(channel).json"
    }

    public static func channelSignature(project: String, channel: String) -> String {
        channelPointer(project: project, channel: channel) + ".minisig"
    }

    /// The signature of the pointer whose bytes have SHA-256 `pointerSHA256`, immutable: written
    /// before the pointer is renamed into place, so whichever pointer a reader (or a publish
    /// killed half-way) leaves, its matching signature is there, even while `<channel>.json.minisig`
    /// already belongs to the next one.
    public static func pointerSignature(project: String, pointerSHA256: String) -> String {
        "\(prefix)/channels/\(project)/signatures/\(pointerSHA256).minisig"
    }

    public static func pack(sha256: String) -> String { "\(prefix)/packs/\(sha256).\(PackFormat.fileExtension)" }

    public static func packSignature(sha256: String) -> String { pack(sha256: sha256) + ".minisig" }

    public static func manifest(packSHA256: String) -> String { "\(prefix)/packs/\(packSHA256).manifest.json" }

    public static func file(sha256: String) -> String { "\(prefix)/files/\(sha256)" }

    /// `v1/keys/<project>/<version>.json`: key set `version` of the project (`KeySet` bytes).
    public static func keySet(project: String, version: Int) -> String { "\(prefix)/keys/\(project)/\(version).json" }

    /// `v1/keys/<project>/<version>.json.minisig`: its signature, by a key of set `version` − 1.
    public static func keySetSignature(project: String, version: Int) -> String {
        keySet(project: project, version: version) + ".minisig"
    }
}
