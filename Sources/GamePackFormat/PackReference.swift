import Foundation

/// A pack as a channel pointer names it: its address, size, manifest and the oldest client
/// content format that can read it. The pointer's own pack, a rollout's pack and the packs kept
/// for older clients (`ChannelPointer.compatible`) are each one of these.
public struct PackReference: Codable, Sendable, Equatable {
    /// The pack's version (`PackManifest.version`).
    public var version: String
    /// Lowercase hex SHA-256 of the pack file: its address.
    public var pack: String
    /// The pack file's size in bytes.
    public var size: Int64
    /// Lowercase hex SHA-256 of the pack's `manifest.json` bytes.
    public var manifest: String
    /// The oldest client content format that reads the pack (`PackManifest.minimumClientFormat`);
    /// absent for 1.
    public var minimumClientFormat: Int?

    public init(version: String, pack: String, size: Int64, manifest: String, minimumClientFormat: Int? = nil) {
        self.version = version
        self.pack = pack
        self.size = size
        self.manifest = manifest
        self.minimumClientFormat = minimumClientFormat.flatMap { $0 > 1 ? $0 : nil }
    }

    /// The oldest client content format that reads the pack (1 when not given).
    public var clientFormat: Int { minimumClientFormat ?? 1 }

    /// Checks hashes, size and format; `what` names the reference in the message.
    func validate(_ what: String) throws {
        guard ChannelPointer.isSHA256Hex(pack) else {
            throw ChannelPointerError.invalid("\(what): pack is not a lowercase SHA-256 hex")
        }
        guard ChannelPointer.isSHA256Hex(manifest) else {
            throw ChannelPointerError.invalid("\(what): manifest is not a lowercase SHA-256 hex")
        }
        guard size >= 0 else { throw ChannelPointerError.invalid("\(what): size must not be negative") }
        guard clientFormat >= 1 else { throw ChannelPointerError.invalid("\(what): minimumClientFormat must be 1 or more") }
    }
}
