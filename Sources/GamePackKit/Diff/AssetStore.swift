import Crypto
import Foundation
import GamePackFormat

/// Where a snapshot's asset bytes are, read only on demand: the engine asks for a hash only
/// when two assets could be equal (same size, hashes unknown), for a header only when an asset
/// changed, and for the bytes only for the HTML report's before/after images.
///
/// A project folder's assets are hashed with the build cache's help
/// (`.gamepack/cache/assets.json`, read, never written) and recognized as the same file when
/// two snapshots share the device and inode; a pack's and a content.json's assets come with
/// their hashes.
public final class AssetStore: @unchecked Sendable {
    enum Backing {
        /// A folder's `assets/`.
        case directory(URL)
        /// A pack's entries (`assets/<sha256>.<ext>`).
        case pack(PackArchive.Reader)
        /// Decoded images by asset path (content.json).
        case memory([String: Data])
    }

    /// What `stat` says about a file: enough to know two paths are the same file.
    struct FileIdentity: Sendable, Hashable {
        var size: Int64
        var modified: Int64
        var device: UInt64
        var inode: UInt64
    }

    let backing: Backing
    /// A folder removed when the store goes away (a materialized git revision).
    let temporaryFolder: URL?
    private let lock = NSLock()
    private var identities: [String: FileIdentity] = [:]
    private var hashes: [String: String] = [:]
    private var cached: [String: AssetCatalog.CacheEntry] = [:]

    init(_ backing: Backing, cacheFile: URL? = nil, temporaryFolder: URL? = nil) {
        self.backing = backing
        self.temporaryFolder = temporaryFolder
        if let cacheFile, let data = try? Data(contentsOf: cacheFile),
            let file = try? JSONDecoder().decode(AssetCatalog.CacheFile.self, from: data), file.version == 2
        {
            cached = file.entries
        }
    }

    deinit {
        if let temporaryFolder { try? FileManager.default.removeItem(at: temporaryFolder) }
    }

    /// A project asset's reference: path and size from `stat` (the bytes are not read).
    func reference(forProjectPath path: String) -> AssetRef {
        guard case .directory(let root) = backing else { return AssetRef(path: path) }
        var info = stat()
        guard stat(root.appendingPathComponent(path).path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return AssetRef(path: path)
        }
        let identity = FileIdentity(
            size: Int64(info.st_size), modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        lock.lock()
        identities[path] = identity
        let hit = cached[path].flatMap { entry -> AssetRecord? in
            entry.size == identity.size && entry.modified == identity.modified && entry.inode == identity.inode
                ? entry.record : nil
        }
        lock.unlock()
        if let hit {
            return AssetRef(
                path: path, sha256: hit.sha256, bytes: hit.size, format: hit.format, width: hit.width, height: hit.height)
        }
        return AssetRef(path: path, bytes: identity.size)
    }

    /// The file identity of a project asset, when it was seen.
    func identity(of path: String) -> FileIdentity? {
        lock.lock()
        defer { lock.unlock() }
        return identities[path]
    }

    /// SHA-256 of the given asset paths (folders only; other stores know their hashes), read in
    /// parallel, each file once.
    func sha256(of paths: [String]) async throws -> [String: String] {
        guard case .directory(let root) = backing, !paths.isEmpty else { return [:] }
        let unique = Array(Set(paths)).sorted()
        let results = await unique.concurrentMap { path -> Result<(String, String), Error> in
            Result {
                let url = root.appendingPathComponent(path)
                let data: Data
                do {
                    data = try Data(contentsOf: url, options: .alwaysMapped)
                } catch {
                    throw DiffError.io(path: url.path, reason: "cannot read (\(error.localizedDescription))")
                }
                return (path, hex(SHA256.hash(data: data)))
            }
        }
        var out: [String: String] = [:]
        for result in results {
            let (path, sha) = try result.get()
            out[path] = sha
        }
        lock.withLock { hashes.merge(out) { a, _ in a } }
        return out
    }

    /// `ref` with its format and dimensions read from the header when they are not known yet.
    func probed(_ ref: AssetRef) -> AssetRef {
        guard ref.format == nil || ref.width == nil else { return ref }
        var out = ref
        let info: MediaInfo?
        switch backing {
        case .directory(let root):
            info = try? MediaProbe.probe(fileAt: root.appendingPathComponent(ref.path))
        case .memory(let images):
            info = images[ref.path].flatMap {
                try? MediaProbe.probe(header: $0.prefix(MediaProbe.jpegScanLimit), tail: $0.suffix(16), byteCount: $0.count)
            }
        case .pack:
            info = nil
        }
        if let info {
            out.format = info.format
            out.width = info.width
            out.height = info.height
            out.bytes = out.bytes ?? Int64(info.byteCount)
        }
        return out
    }

    /// The bytes of an asset (for the HTML report), or nil when they cannot be read or are
    /// larger than `limit`.
    public func data(for ref: AssetRef, limit: Int = 8 << 20) -> Data? {
        if let bytes = ref.bytes, bytes > limit { return nil }
        switch backing {
        case .directory(let root):
            return try? Data(contentsOf: root.appendingPathComponent(ref.path))
        case .memory(let images):
            return images[ref.path]
        case .pack(let reader):
            return try? reader.data(at: ref.path, limit: limit)
        }
    }
}
