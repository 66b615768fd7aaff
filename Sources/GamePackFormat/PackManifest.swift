import Foundation

/// `manifest.json`, the last entry of every pack: what the pack is and, for every other file in
/// it, the size and hashes a reader checks before using it.
public struct PackManifest: Codable, Sendable, Equatable {
    /// One file of the pack.
    public struct File: Codable, Sendable, Equatable {
        /// The entry path inside the pack (`gohike/content.json`, `assets/<sha256>.jpg`).
        public var path: String
        /// Uncompressed size in bytes.
        public var size: Int64
        /// Lowercase hex SHA-256 of the bytes: the integrity check.
        public var sha256: String
        /// Lowercase hex MD5 of the bytes: an identifier for legacy clients, not a security check.
        public var md5: String

        public init(path: String, size: Int64, sha256: String, md5: String) {
            self.path = path
            self.size = size
            self.sha256 = sha256
            self.md5 = md5
        }
    }

    /// The manifest format version (`PackFormat.version`).
    public var format: Int
    /// The project id.
    public var project: String
    /// The project's display name.
    public var name: String
    /// The pack's version: the single target's version, or the MD5 of `target=version` lines.
    public var version: String
    /// The content version of each target (`gohike`: MD5 of the compact `profiles` JSON).
    public var versions: [String: String]
    /// Monotonically increasing per project and channel; clients refuse lower ones.
    public var sequence: Int64
    /// When the content was made: `SOURCE_DATE_EPOCH` or the last commit, never the wall clock.
    public var created: String
    /// After this time clients refuse the pack as stale (ISO 8601), if set.
    public var expires: String?
    /// Locale codes, the default first.
    public var locales: [String]
    /// The targets emitted.
    public var targets: [String]
    /// Every file of the pack except the manifest, sorted by path.
    public var files: [File]
    /// The oldest client content format that reads the pack (`PackFormat.clientFormat`), when
    /// above 1; absent (and not encoded) for 1, so packs that every client reads keep the bytes
    /// they had before the compatibility gate.
    public var minimumClientFormat: Int?

    public init(
        format: Int = PackFormat.version, project: String, name: String, version: String, versions: [String: String],
        sequence: Int64, created: String, expires: String? = nil, locales: [String], targets: [String], files: [File],
        minimumClientFormat: Int? = nil
    ) {
        self.minimumClientFormat = minimumClientFormat.flatMap { $0 > 1 ? $0 : nil }
        self.format = format
        self.project = project
        self.name = name
        self.version = version
        self.versions = versions
        self.sequence = sequence
        self.created = created
        self.expires = expires
        self.locales = locales
        self.targets = targets
        self.files = files
    }

    /// The manifest as pretty, key-sorted JSON (stable bytes for reproducible packs).
    public func encoded() throws -> Data { try StableJSON.encode(self) }

    /// The largest size a manifest may list for one file (bytes): a ZIP without ZIP64.
    public static let maxFileSize: Int64 = 0xFFFF_FFFF

    /// Parses and checks a manifest: known format version, safe and unique paths, sizes a pack
    /// can hold.
    public static func decode(_ data: Data) throws -> PackManifest {
        let manifest: PackManifest
        do {
            manifest = try JSONDecoder().decode(PackManifest.self, from: data)
        } catch {
            throw PackError.invalidManifest("not a gamepack manifest (\(error))")
        }
        guard manifest.format <= PackFormat.version else {
            throw PackError.invalidManifest(
                "format \(manifest.format) is newer than this gamepack understands (\(PackFormat.version)); update gamepack")
        }
        guard manifest.clientFormat >= 1 else {
            throw PackError.invalidManifest("minimumClientFormat \(manifest.clientFormat) is not 1 or more")
        }
        var seen = Set<String>()
        for file in manifest.files {
            do {
                try PackPath.validate(file.path)
            } catch {
                throw PackError.unsafePath(file.path, "\(error)")
            }
            guard seen.insert(file.path).inserted else { throw PackError.invalidManifest("lists \(file.path) twice") }
            // A pack holds under 4 GiB (no ZIP64); a larger size is a forged manifest, and summing
            // such sizes would overflow.
            guard file.size >= 0, file.size <= maxFileSize else {
                throw PackError.invalidManifest(
                    "\(file.path) has size \(file.size); a pack's files are 0 to \(maxFileSize) bytes")
            }
        }
        return manifest
    }

    /// The pack's version from its targets' versions (see `version`).
    public static func packVersion(of versions: [String: String]) -> String {
        if versions.count == 1 { return versions.values.first! }
        let lines = versions.keys.sorted().map { "\($0)=\(versions[$0]!)\n" }.joined()
        return Digest.md5Hex(Data(lines.utf8))
    }

    /// The oldest client content format that reads the pack (1 when not given).
    public var clientFormat: Int { minimumClientFormat ?? 1 }

    /// `<project>-<version>.gamepack`.
    public var fileName: String { "\(project)-\(version).\(PackFormat.fileExtension)" }
}

/// The JSON gamepack signs and packs: pretty-printed, keys sorted, slashes unescaped, with a
/// final newline, so the same value always gives the same bytes.
enum StableJSON {
    static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }
}
