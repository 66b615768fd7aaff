import Foundation
import GamePackContent
import GamePackFormat

extension AssetCatalog {
    /// Hashes and probes `paths` (relative to `assets/`) in parallel, reusing the cache.
    /// `hashes` false only probes them: the records' SHA-256 and MD5 are empty and their
    /// CRC-32 0 (for a build with no cache whose targets only embed the bytes), and a path that
    /// lint probed already (`probed`, by normalized path) is then taken from there unread.
    static func build(
        project: Project, paths: Set<String>, cacheDirectory: URL?, hashes: Bool = true,
        probed: [String: MediaInfo] = [:]
    ) async throws -> AssetCatalog {
        precondition(hashes || cacheDirectory == nil, "the asset cache holds hashes")
        let cacheURL = cacheDirectory?.appendingPathComponent("assets.json")
        var cache: [String: CacheEntry] = [:]
        if let cacheURL, let data = try? Data(contentsOf: cacheURL),
            let file = try? JSONDecoder().decode(CacheFile.self, from: data), file.version == 3
        {
            cache = file.entries
        }
        let sorted = paths.map(AssetPath.normalize).sorted()
        let root = project.root
        let cached = cache
        let results = await Array(Set(sorted)).sorted().concurrentMap { path -> Result<(String, CacheEntry), Error> in
            Result {
                if !hashes, let info = probed[path] {
                    let record = AssetRecord(
                        path: path, sha256: "", md5: "", crc32: 0, size: Int64(info.byteCount), format: info.format,
                        width: info.width, height: info.height)
                    return (path, CacheEntry(size: record.size, modified: 0, inode: 0, changed: 0, record: record))
                }
                let url = root.appendingPathComponent("assets").appendingPathComponent(path)
                var info = stat()
                guard stat(url.path, &info) == 0 else {
                    throw GamePackError.io(path: "assets/\(path)", reason: "cannot read the file")
                }
                guard info.st_mode & S_IFMT == S_IFREG else {
                    throw GamePackError.io(
                        path: "assets/\(path)",
                        reason: "is not a regular file (a pipe, socket or device); replace it with the file")
                }
                let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
                let inode = UInt64(info.st_ino)
                let changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
                if let hit = cached[path], hit.size == Int64(info.st_size), hit.modified == modified, hit.inode == inode,
                    hit.changed == changed
                {
                    return (path, hit)
                }
                let probe = try MediaProbe.probe(fileAt: url)
                guard hashes else {
                    let record = AssetRecord(
                        path: path, sha256: "", md5: "", crc32: 0, size: Int64(info.st_size), format: probe.format,
                        width: probe.width, height: probe.height)
                    return (
                        path, CacheEntry(size: record.size, modified: modified, inode: inode, changed: changed, record: record)
                    )
                }
                let digest = try Digest.file(at: url)
                let record = AssetRecord(
                    path: path, sha256: digest.sha256, md5: digest.md5, crc32: digest.crc32, size: digest.size,
                    format: probe.format,
                    width: probe.width, height: probe.height)
                return (path, CacheEntry(size: digest.size, modified: modified, inode: inode, changed: changed, record: record))
            }
        }
        var entries: [String: CacheEntry] = [:]
        for result in results {
            let (path, entry) = try result.get()
            entries[path] = entry
        }
        if let cacheDirectory, let cacheURL, entries.count > 0 {
            try? FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            if let data = try? encoder.encode(CacheFile(entries: entries)) {
                try? data.write(to: cacheURL, options: .atomic)
            }
        }
        return AssetCatalog(records: entries.mapValues(\.record))
    }
}
