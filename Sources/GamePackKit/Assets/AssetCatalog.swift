import Foundation

/// One asset file a build uses: its bytes' identity and what probing found.
public struct AssetRecord: Sendable, Codable, Hashable {
    /// The path relative to `assets/`, as items refer to it (normalized).
    public var path: String
    /// Lowercase hex; with `md5` empty (and `crc32` 0) in a build that needed no hashes (see
    /// `BuildTargetKind.needsAssetHashes`).
    public var sha256: String
    public var md5: String
    /// zlib CRC-32, for the pack's ZIP entry header.
    public var crc32: UInt32
    public var size: Int64
    public var format: MediaFormat
    public var width: Int?
    public var height: Int?

    /// Where the asset goes in a pack: named by content, so identical files are stored once
    /// and a client can tell which assets it already has.
    public var packPath: String { "assets/\(sha256).\(format.fileExtension)" }
}

extension MediaFormat {
    /// The canonical file extension of the format.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        default: rawValue
        }
    }

    /// Whether packing should store the bytes as they are (already compressed).
    public var isCompressed: Bool {
        switch self {
        case .wav, .caf: false
        default: true
        }
    }
}

/// The assets items refer to, each hashed and probed once per build, with the results cached
/// in `.gamepack/cache/assets.json` by path, size, modification time and inode, so an
/// unchanged asset is not read again on the next build. The build makes it with
/// `AssetCatalog.build` (`Build/AssetCatalog+Build.swift`); `diff` reads the same cache file.
public struct AssetCatalog: Sendable {
    /// Records by normalized asset path.
    public var records: [String: AssetRecord]

    struct CacheEntry: Codable {
        var size: Int64
        var modified: Int64
        var inode: UInt64
        /// The status change time (ns since 1970): unlike `modified` it cannot be set back, so a
        /// file edited in place with the same size and a restored mtime is hashed again.
        var changed: Int64
        var record: AssetRecord
    }

    struct CacheFile: Codable {
        var version = 3
        var entries: [String: CacheEntry] = [:]
    }

    /// The record of an asset path as written in an item.
    public func record(for path: String) -> AssetRecord? { records[AssetPath.normalize(path)] }
}
