import Crypto
import Foundation
import GamePackContent
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
    package enum Backing {
        /// A folder's `assets/`.
        case directory(URL)
        /// A pack's entries (`assets/<sha256>.<ext>`).
        case pack(PackArchive.Reader)
        /// Decoded images by asset path (content.json).
        case memory([String: Data])
    }

    /// What `stat` says about a file: enough to know two paths are the same file.
    package struct FileIdentity: Sendable, Hashable {
        var size: Int64
        var modified: Int64
        package var device: UInt64
        package var inode: UInt64
        /// Status change time (ns), which cannot be set back like `modified`.
        var changed: Int64 = 0
    }

    let backing: Backing
    /// A folder removed when the store goes away (a materialized git revision).
    let temporaryFolder: URL?
    private let lock = NSLock()
    private var identities: [String: FileIdentity] = [:]
    private var hashes: [String: String] = [:]
    private var cached: [String: AssetCatalog.CacheEntry] = [:]

    package init(_ backing: Backing, cacheFile: URL? = nil, temporaryFolder: URL? = nil) {
        self.backing = backing
        self.temporaryFolder = temporaryFolder
        if let cacheFile, let data = try? Data(contentsOf: cacheFile),
            let file = try? JSONDecoder().decode(AssetCatalog.CacheFile.self, from: data),
            file.version == AssetCatalog.CacheFile().version
        {
            cached = file.entries
        }
    }

    deinit {
        if let temporaryFolder { try? FileManager.default.removeItem(at: temporaryFolder) }
    }

    /// A project asset's reference: path and size from `stat` (the bytes are not read). A path
    /// that leaves `assets/` (absolute, `..`, a symlink pointing out) is never looked at: it
    /// compares by its text, as a missing file does (lint reports it).
    package func reference(forProjectPath path: String) -> AssetRef {
        guard case .directory(let root) = backing, !path.isEmpty, !AssetPath.isAbsolute(path),
            !path.utf8.contains(UInt8(ascii: "\\")),
            !path.utf8.contains(0), !AssetPath.climbs(path)
        else { return AssetRef(path: path) }
        let full = root.appendingPathComponent(path).path
        var info = stat()
        guard lstat(full, &info) == 0 else { return AssetRef(path: path) }
        if info.st_mode & S_IFMT == S_IFLNK {
            let resolved = URL(fileURLWithPath: full).resolvingSymlinksInPath().path
            let resolvedRoot = root.resolvingSymlinksInPath().path
            guard resolved.hasPrefix(resolvedRoot + "/"), stat(full, &info) == 0 else { return AssetRef(path: path) }
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return AssetRef(path: path) }
        let identity = FileIdentity(
            size: Int64(info.st_size), modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
            changed: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))
        lock.lock()
        identities[path] = identity
        let hit = cached[path].flatMap { entry -> AssetRecord? in
            entry.size == identity.size && entry.modified == identity.modified && entry.inode == identity.inode
                && entry.changed == identity.changed
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
    package func identity(of path: String) -> FileIdentity? {
        lock.lock()
        defer { lock.unlock() }
        return identities[path]
    }

    /// SHA-256 of the given asset paths (folders only; other stores know their hashes), read in
    /// parallel in 1 MiB chunks, each file once (hashes computed before are reused).
    package func sha256(of paths: [String]) async throws -> [String: String] {
        guard case .directory(let root) = backing, !paths.isEmpty else { return [:] }
        let known = lock.withLock { hashes }
        let missing = Array(Set(paths).filter { known[$0] == nil }).sorted()
        let results = await missing.concurrentMap { path -> Result<(String, String), Error> in
            Result { (path, try Self.hashFile(root.appendingPathComponent(path))) }
        }
        var out: [String: String] = [:]
        for path in paths { out[path] = known[path] }
        for result in results {
            let (path, sha) = try result.get()
            out[path] = sha
        }
        lock.withLock { hashes.merge(out) { a, _ in a } }
        return out
    }

    /// Lowercase hex SHA-256 of a file, read with `read(2)` into one reused buffer.
    static func hashFile(_ url: URL) throws -> String {
        let fd = open(url.path, O_RDONLY)
        guard fd >= 0 else {
            throw DiffError.io(path: url.path, reason: "cannot read (\(String(cString: strerror(errno))))")
        }
        defer { close(fd) }
        var hasher = SHA256()
        let size = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
        defer { buffer.deallocate() }
        while true {
            let count = Interruptible.retry { read(fd, buffer.baseAddress, size) }
            if count == 0 { break }
            guard count > 0 else {
                throw DiffError.io(path: url.path, reason: "cannot read (\(String(cString: strerror(errno))))")
            }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
        return hex(hasher.finalize())
    }

    /// Starts hashing, in the background, the assets of `old` that `newRoot` has at the same
    /// path with the same size but as another file: the pairs the engine will most likely ask
    /// about, hashed while the new version loads.
    package static func prehash(old: ContentSnapshot, newAssetsRoot: URL) -> Task<Void, Never>? {
        guard case .directory = old.assets.backing else { return nil }
        var paths = Set<String>()
        func walk(_ value: DiffValue) {
            switch value {
            case .asset(let ref) where ref.sha256 == nil: paths.insert(ref.path)
            case .list(let values): values.forEach(walk)
            case .object(let fields): fields.values.forEach(walk)
            default: break
            }
        }
        for items in old.items.values { for item in items.values { item.fields.values.forEach(walk) } }
        let store = old.assets
        let candidates = paths.filter { path in
            guard let mine = store.identity(of: path) else { return false }
            var info = stat()
            guard stat(newAssetsRoot.appendingPathComponent(path).path, &info) == 0 else { return false }
            return Int64(info.st_size) == mine.size && !(UInt64(info.st_ino) == mine.inode && UInt64(info.st_dev) == mine.device)
        }
        let list = Array(candidates)
        return Task { _ = try? await store.sha256(of: list) }
    }

    /// Hashes computed so far, by path.
    var knownHashes: [String: String] { lock.withLock { hashes } }

    /// `ref` with its format and dimensions read from the header when they are not known yet.
    package func probed(_ ref: AssetRef) -> AssetRef {
        guard ref.format == nil || ref.width == nil else { return ref }
        var out = ref
        let info: MediaInfo?
        switch backing {
        case .directory(let root):
            info = identity(of: ref.path) == nil ? nil : try? MediaProbe.probe(fileAt: root.appendingPathComponent(ref.path))
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
            guard identity(of: ref.path) != nil else { return nil }
            return try? Data(contentsOf: root.appendingPathComponent(ref.path))
        case .memory(let images):
            return images[ref.path]
        case .pack(let reader):
            return try? reader.data(at: ref.path, limit: limit)
        }
    }
}
