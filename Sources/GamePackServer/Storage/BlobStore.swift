// zlib through gamepack's own system library target (Sources/CSystemZlib), as GamePackFormat uses it.
import CSystemZlib
import Foundation
import GamePackFormat

/// Immutable bytes on disk, laid out like a static publish tree below the data directory
/// (`DATA/v1/packs/<sha256>.gamepack`, `DATA/v1/files/<sha256>`, …; see `PublishLayout`),
/// plus gzip copies of compressible files in `DATA/gzip/` and uploads in progress in `DATA/tmp/`.
///
/// Every blob is written to `tmp/` and renamed into place, so a reader never sees half a file
/// and several servers sharing the directory can write the same blob at once: content
/// addressing makes their bytes identical, and the last rename wins harmlessly.
public struct BlobStore: Sendable {
    /// The data directory.
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// Creates the folders and removes uploads a previous process left half done.
    public func prepare() throws {
        let manager = FileManager.default
        for folder in ["v1/packs", "v1/files", "gzip", "tmp"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
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
    public func temporaryURL(_ label: String = "upload") -> URL {
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

    /// The gzip copy of the file with this SHA-256, if one was made.
    public func gzipURL(sha256: String) -> URL { root.appendingPathComponent("gzip/\(sha256).gz") }

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
    public func store(_ data: Data, at layoutPath: String, name: String? = nil) throws {
        guard !exists(layoutPath) else { return }
        let temporary = temporaryURL("blob")
        try write(data, to: temporary, for: name ?? layoutPath)
        try commit(temporary, to: layoutPath)
    }

    /// Writes a gzip copy of `data` when compression saves at least a tenth. A failed write
    /// removes its partial file and throws 507.
    public func storeGzip(of data: Data, sha256: String) throws {
        let destination = gzipURL(sha256: sha256)
        guard !FileManager.default.fileExists(atPath: destination.path), let compressed = Gzip.compress(data),
            compressed.count < data.count - data.count / 10
        else { return }
        let temporary = temporaryURL("gzip")
        try write(compressed, to: temporary, for: "gzip/\(sha256).gz")
        guard rename(temporary.path, destination.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            return
        }
    }

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

/// gzip (RFC 1952) through zlib, for `Content-Encoding: gzip`.
enum Gzip {
    /// The gzip stream of `data`, or nil when zlib fails.
    static func compress(_ data: Data, level: Int32 = 6) -> Data? {
        var stream = z_stream()
        // windowBits 15 + 16: a gzip header and trailer instead of zlib's.
        guard
            deflateInit2_(
                &stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        var output = Data(count: Int(deflateBound(&stream, uLong(data.count))) + 64)
        let produced: Int? = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH) == Z_STREAM_END ? Int(stream.total_out) : nil
            }
        }
        guard let produced else { return nil }
        output.count = produced
        return output
    }
}
