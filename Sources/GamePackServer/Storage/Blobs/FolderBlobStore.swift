import Foundation
import GamePackFormat
import Hummingbird

/// Immutable bytes on disk, laid out like a static publish tree below the data directory
/// (`DATA/v1/packs/<sha256>.gamepack`, `DATA/v1/files/<sha256>`, …; see `PublishLayout`),
/// plus gzip copies of compressible files in `DATA/gzip/` and uploads in progress in `DATA/tmp/`.
///
/// Every blob is written to `tmp/` and renamed into place, so a reader never sees half a file
/// and several servers sharing the directory can write the same blob at once: content
/// addressing makes their bytes identical, and the last rename wins harmlessly.
///
/// The default store (with SQLite); with PostgreSQL, `PostgresBlobStore` keeps the bytes in the
/// database and `gamepack serve migrate-blobs` moves a folder's blobs there.
public struct FolderBlobStore: BlobStore {
    /// The data directory.
    public let root: URL
    let fileIO = FileIO()

    public var kind: String { "folder" }

    public init(root: URL) {
        self.root = root
    }

    /// Creates the folders and removes uploads a previous process left half done.
    public func prepare() throws {
        let manager = FileManager.default
        for folder in ["v1/packs", "v1/files", "gzip", "tmp"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        removeAbandonedTemporaries()
    }

    /// Removes uploads in `tmp/` that a process of this host that is gone left, and any older than a day.
    func removeAbandonedTemporaries() {
        let manager = FileManager.default
        let tmp = root.appendingPathComponent("tmp")
        for name in (try? manager.contentsOfDirectory(atPath: tmp.path)) ?? [] {
            let url = tmp.appendingPathComponent(name)
            // A file of a process of this host that is gone is removed now; other servers sharing
            // the directory may still be writing theirs, so other files go after a day.
            if let owner = Self.owner(ofTemporary: name), owner.host == Self.hostName, owner.pid != getpid(),
                kill(owner.pid, 0) != 0, errno == ESRCH
            {
                try? manager.removeItem(at: url)
            } else if let date = try? manager.attributesOfItem(atPath: url.path)[.modificationDate] as? Date,
                date < Date().addingTimeInterval(-86_400)
            {
                try? manager.removeItem(at: url)
            }
        }
    }

    /// A new temporary file path in `tmp/`.
    public func temporaryURL(_ label: String) -> URL {
        root.appendingPathComponent("tmp/\(label)-\(Self.hostName)-\(getpid())-\(UUID().uuidString)")
    }

    /// This host's name as temporary file names carry it (no `-`).
    static let hostName: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "host" }
        let name = String(cString: buffer).replacingOccurrences(of: "-", with: "_")
        return name.isEmpty ? "host" : name
    }()

    /// The host and pid in a temporary file name `<label>-<host>-<pid>-<uuid>`.
    static func owner(ofTemporary name: String) -> (host: String, pid: pid_t)? {
        let parts = name.split(separator: "-")
        guard parts.count >= 4, let pid = pid_t(parts[2]) else { return nil }
        return (String(parts[1]), pid)
    }

    /// The absolute path of a layout path (`v1/packs/…`).
    public func url(_ layoutPath: String) -> URL { root.appendingPathComponent(layoutPath) }

    /// Whether a blob exists.
    public func exists(_ layoutPath: String) -> Bool {
        FileManager.default.fileExists(atPath: url(layoutPath).path)
    }

    /// Moves a finished temporary file to `layoutPath` (replacing an identical copy). On failure
    /// the temporary file is removed.
    public func commit(_ temporary: URL, to layoutPath: String) throws {
        let destination = url(layoutPath)
        guard rename(temporary.path, destination.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw ServerError.storage(POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO), writing: layoutPath)
        }
    }

    /// Writes `data` to `layoutPath` atomically, unless it is already there. A failed write (a
    /// full disk) removes its partial file at once and throws 507 naming `name` (default: the
    /// layout path).
    public func store(_ data: Data, at layoutPath: String, name: String?) throws {
        guard !exists(layoutPath) else { return }
        let temporary = temporaryURL("blob")
        try write(data, to: temporary, for: name ?? layoutPath)
        try commit(temporary, to: layoutPath)
    }

    /// With `rehash`, the files and packs whose bytes do not hash to their names; else none.
    public func verify(rehash: Bool) async throws -> [BlobDamage] {
        guard rehash else { return [] }
        var damaged: [BlobDamage] = []
        for folder in ["v1/files", "v1/packs"] {
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: url(folder).path)) ?? []).sorted() {
                let sha = name.hasSuffix(".gamepack") ? String(name.dropLast(".gamepack".count)) : name
                guard ChannelPointer.isSHA256Hex(sha) else { continue }
                let actual = try Digest.file(at: url("\(folder)/\(name)")).sha256
                if actual != sha {
                    damaged.append(BlobDamage(path: "\(folder)/\(name)", reason: "its SHA-256 is \(actual)"))
                }
            }
        }
        return damaged
    }

    public func source(_ path: String) -> (any BlobSource)? { FileBlobSource(url: url(path), fileIO: fileIO) }

    /// Writes `data` to the temporary file `temporary`; on failure removes what was written and
    /// throws 507 naming `what`.
    private func write(_ data: Data, to temporary: URL, for what: String) throws {
        do {
            try data.write(to: temporary)
        } catch {
            unlink(temporary.path)
            throw ServerError.storage(error, writing: what)
        }
    }
}
