import Crypto
import Foundation
import GamePackFormat
import Hummingbird
import NIOConcurrencyHelpers

/// A local folder of copies of blobs read from PostgreSQL (`serve --cache-dir DIR --cache-size
/// SIZE`), bounded in size: past the bound, the least recently used copies go. A copy is
/// written to a temporary file, checked against the blob's SHA-256 and renamed into place, so
/// the folder only ever holds whole, verified copies. It holds nothing else: deleting it at any
/// time loses nothing (reads go back to the database and fill it again).
public final class BlobCache: Sendable {
    /// The folder.
    public let directory: URL
    /// The most bytes kept.
    public let limit: Int64
    let fileIO = FileIO()
    /// Each copy's size and last use, by file name.
    let entries = NIOLockedValueBox<[String: Entry]>([:])

    struct Entry {
        var size: Int64
        var used: UInt64
    }

    /// Where the cache is and how large it may grow.
    public struct Settings: Sendable {
        public var directory: URL
        public var limit: Int64

        public init(directory: URL, limit: Int64) {
            self.directory = directory
            self.limit = limit
        }
    }

    public init(directory: URL, limit: Int64) {
        self.directory = directory
        self.limit = limit
    }

    /// Creates the folder, drops temporary files, and indexes the copies already there (oldest modification first).
    func prepare() throws {
        let manager = FileManager.default
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        var found: [String: Entry] = [:]
        for name in try manager.contentsOfDirectory(atPath: directory.path) {
            let url = directory.appendingPathComponent(name)
            if name.hasPrefix("tmp-") {
                try? manager.removeItem(at: url)
                continue
            }
            let attributes = try? manager.attributesOfItem(atPath: url.path)
            let size = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            found[name] = Entry(size: size, used: UInt64(max(modified, 0) * 1000))
        }
        entries.withLockedValue { $0 = found }
        evict()
    }

    /// The file name of a layout path's copy.
    static func name(_ path: String) -> String { path.replacingOccurrences(of: "/", with: "_") }

    /// The copy of `path`, when the cache holds it (and the file is still there).
    func source(_ path: String) -> (any BlobSource)? {
        let name = Self.name(path)
        guard entries.withLockedValue({ $0[name] != nil }) else { return nil }
        guard let source = FileBlobSource(url: directory.appendingPathComponent(name), fileIO: fileIO) else {
            entries.withLockedValue { _ = $0.removeValue(forKey: name) }
            return nil
        }
        entries.withLockedValue { $0[name]?.used = Self.clock() }
        return source
    }

    /// Writes a copy of `path` through `write`, checks it against `sha256` and keeps it. Returns
    /// the copy, or nil when the folder cannot take it (gone, full); throws `BlobDamage` when the
    /// bytes written do not hash to `sha256`.
    func fill(_ path: String, sha256: String, write: (FileHandle) async throws -> Void) async throws -> (any BlobSource)? {
        let manager = FileManager.default
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        let name = Self.name(path)
        let temporary = directory.appendingPathComponent("tmp-\(UUID().uuidString)")
        guard manager.createFile(atPath: temporary.path, contents: nil),
            let handle = FileHandle(forUpdatingAtPath: temporary.path)
        else { return nil }
        defer { unlink(temporary.path) }
        do {
            try await write(handle)
            try handle.seek(toOffset: 0)
            var hash = SHA256()
            while let piece = try handle.read(upToCount: 1 << 20), !piece.isEmpty { hash.update(data: piece) }
            try handle.close()
            guard hex(hash.finalize()) == sha256 else {
                throw BlobDamage(path: path, reason: "the bytes do not hash to the blob's SHA-256")
            }
        } catch {
            try? handle.close()
            throw error
        }
        let destination = directory.appendingPathComponent(name)
        guard rename(temporary.path, destination.path) == 0,
            let source = FileBlobSource(url: destination, fileIO: fileIO)
        else { return nil }
        entries.withLockedValue { $0[name] = Entry(size: Int64(source.size), used: Self.clock()) }
        evict()
        return source
    }

    /// Removes least recently used copies until the cache is within its bound.
    func evict() {
        let victims: [String] = entries.withLockedValue { entries in
            var total = entries.values.reduce(0) { $0 + $1.size }
            var victims: [String] = []
            for (name, entry) in entries.sorted(by: { $0.value.used < $1.value.used }) where total > limit {
                total -= entry.size
                victims.append(name)
                entries.removeValue(forKey: name)
            }
            return victims
        }
        for name in victims { unlink(directory.appendingPathComponent(name).path) }
    }

    /// The bytes the cache holds now.
    public var bytes: Int64 { entries.withLockedValue { $0.values.reduce(0) { $0 + $1.size } } }

    /// Milliseconds since 1970, increasing strictly from call to call (an order of use).
    static func clock() -> UInt64 {
        let now = UInt64(Date().timeIntervalSince1970 * 1000)
        return lastClock.withLockedValue { last in
            last = max(last + 1, now)
            return last
        }
    }

    static let lastClock = NIOLockedValueBox<UInt64>(0)
}
