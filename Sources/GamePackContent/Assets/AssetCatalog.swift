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

    package init(
        path: String, sha256: String, md5: String, crc32: UInt32, size: Int64, format: MediaFormat, width: Int?, height: Int?
    ) {
        self.path = path
        self.sha256 = sha256
        self.md5 = md5
        self.crc32 = crc32
        self.size = size
        self.format = format
        self.width = width
        self.height = height
    }

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

    package struct CacheEntry: Codable {
        package var size: Int64
        package var modified: Int64
        package var inode: UInt64
        /// The status change time (ns since 1970): unlike `modified` it cannot be set back, so a
        /// file edited in place with the same size and a restored mtime is hashed again.
        package var changed: Int64
        package var record: AssetRecord

        package init(size: Int64, modified: Int64, inode: UInt64, changed: Int64, record: AssetRecord) {
            self.size = size
            self.modified = modified
            self.inode = inode
            self.changed = changed
            self.record = record
        }
    }

    package struct CacheFile: Codable {
        package var version = 3
        package var entries: [String: CacheEntry] = [:]

        package init(entries: [String: CacheEntry] = [:]) { self.entries = entries }
    }

    package init(records: [String: AssetRecord]) { self.records = records }

    /// The record of an asset path as written in an item.
    public func record(for path: String) -> AssetRecord? { records[AssetPath.normalize(path)] }
}
