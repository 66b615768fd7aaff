/// A pack stored on the server, as the answer to `PUT /v1/packs/<sha256>.gamepack` shows it.
public struct PackSummary: Codable, Sendable, Equatable {
    /// The pack's SHA-256 (lowercase hex): its address.
    public var pack: String
    /// The project id from its manifest.
    public var project: String
    /// The pack's version.
    public var version: String
    /// The sequence its manifest carries.
    public var sequence: Int64
    /// The pack file's size in bytes.
    public var size: Int64
    /// The SHA-256 of its `manifest.json` (lowercase hex).
    public var manifest: String
    /// The minisign key id (hex) of the key that signed it.
    public var key: String
    /// When the server stored it (ISO 8601, UTC).
    public var uploaded: String

    public init(
        pack: String, project: String, version: String, sequence: Int64, size: Int64, manifest: String, key: String,
        uploaded: String
    ) {
        self.pack = pack
        self.project = project
        self.version = version
        self.sequence = sequence
        self.size = size
        self.manifest = manifest
        self.key = key
        self.uploaded = uploaded
    }
}
