import Foundation
import GamePackFormat

/// Remembers the last pack a project's build wrote, with its reusable prefix (the assets), in
/// `.gamepack/cache/pack-prefix.json`. The next build whose assets are unchanged copies that
/// part of the pack instead of reading and hashing every asset again; a pack file that was
/// moved, replaced or touched since (size, inode, modification or change time differ) is not
/// used.
struct PackPrefixCache {
    static let fileName = "pack-prefix.json"
    static let format = 2

    struct Record: Codable {
        var format: Int
        var pack: String
        var size: Int64
        var device: UInt64
        var inode: UInt64
        var modified: [Int]
        var changed: [Int]
        var prefix: PackArchive.Prefix
    }

    let file: URL

    init(cacheDirectory: URL) { file = cacheDirectory.appendingPathComponent(Self.fileName) }

    /// The last pack and its prefix, when the pack file is still exactly as it was written.
    func load() -> (prefix: PackArchive.Prefix, pack: URL)? {
        guard let data = try? Data(contentsOf: file), let record = try? JSONDecoder().decode(Record.self, from: data),
            record.format == Self.format, let now = Self.identity(of: record.pack),
            now.size == record.size, now.device == record.device, now.inode == record.inode,
            now.modified == record.modified, now.changed == record.changed,
            UInt64(record.size) >= record.prefix.checkpoint.offset
        else { return nil }
        return (record.prefix, URL(fileURLWithPath: record.pack))
    }

    /// Records `pack`, just written with `prefix`. Failures are ignored: the cache only saves time.
    func save(_ prefix: PackArchive.Prefix, pack: URL) {
        guard let identity = Self.identity(of: pack.path) else { return }
        let record = Record(
            format: Self.format, pack: pack.path, size: identity.size, device: identity.device, inode: identity.inode,
            modified: identity.modified, changed: identity.changed, prefix: prefix)
        guard let data = try? JSONEncoder().encode(record) else { return }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
    }

    static func identity(of path: String) -> (size: Int64, device: UInt64, inode: UInt64, modified: [Int], changed: [Int])? {
        guard let info = RegularFile.status(atPath: path, followingSymlink: false) else { return nil }
        return (
            Int64(info.st_size), UInt64(info.st_dev), UInt64(info.st_ino),
            [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)], [Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)]
        )
    }
}
