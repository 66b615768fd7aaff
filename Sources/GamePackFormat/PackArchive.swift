import Foundation
import ZIPFoundation

/// Writes and reads the ZIP container of a pack with ZIPFoundation.
public enum PackArchive {
    /// Where an entry's bytes come from.
    public enum Source: Sendable {
        case data(Data)
        /// A file with its known size and CRC-32 (computed when it was hashed).
        case file(URL, size: Int64, crc32: UInt32)
    }

    /// One file to put in a pack.
    public struct Entry: Sendable {
        public var path: String
        public var source: Source
        /// Deflate (text, uncompressed sound) or store (already-compressed media).
        public var compress: Bool

        public init(path: String, source: Source, compress: Bool) {
            self.path = path
            self.source = source
            self.compress = compress
        }
    }

    /// The chunk size entries are read with (bytes).
    static let chunkSize = 1 << 20

    /// Writes a pack to `url` (which must not exist): `manifest.json` first, then `entries` in
    /// path order, every entry with the same timestamp and permissions so that the same inputs
    /// give the same bytes on any machine.
    /// - Returns: the BLAKE2b-512 digest of the pack file (minisign's prehash), computed while
    ///   writing.
    @discardableResult
    public static func write(manifest: PackManifest, entries: [Entry], modificationDate: Date, to url: URL) throws -> [UInt8] {
        let writer = try ZipWriter(url: url, modificationDate: modificationDate)
        try writer.add(path: PackFormat.manifestPath, data: try manifest.encoded(), compress: true)
        for entry in entries.sorted(by: { $0.path < $1.path }) {
            switch entry.source {
            case .data(let data):
                try writer.add(path: entry.path, data: data, compress: entry.compress)
            case .file(let source, let size, let crc):
                if entry.compress {
                    try writer.add(path: entry.path, file: source, compress: true)
                } else {
                    try writer.add(path: entry.path, storedFile: source, size: UInt64(size), crc: crc)
                }
            }
        }
        return try writer.finish()
    }

    /// An opened pack for reading.
    public final class Reader: @unchecked Sendable {
        let archive: Archive
        public let url: URL
        /// Entries by path, read once from the central directory (ZIPFoundation's own lookup
        /// walks the whole directory on every call).
        let entries: [String: ZIPFoundation.Entry]

        /// Opens `url`; a truncated or non-ZIP file is refused.
        public init(url: URL) throws {
            self.url = url
            do {
                archive = try Archive(url: url, accessMode: .read)
            } catch {
                throw PackError.notAnArchive("\(url.lastPathComponent) (\(error))")
            }
            var entries: [String: ZIPFoundation.Entry] = [:]
            for entry in archive where entries[entry.path] == nil { entries[entry.path] = entry }
            self.entries = entries
        }

        /// Entry paths in archive order; every one is checked to be a safe relative path.
        public func paths() throws -> [String] {
            var result: [String] = []
            for entry in archive {
                guard entry.type == .file else {
                    throw PackError.unsafePath(entry.path, "packs hold only regular files, not \(entry.type)")
                }
                do {
                    try PackPath.validate(entry.path)
                } catch {
                    throw PackError.unsafePath(entry.path, "\(error)")
                }
                result.append(entry.path)
            }
            return result
        }

        /// The whole bytes of a small entry (the manifest). Refuses entries over `limit` bytes.
        public func data(at path: String, limit: Int = 64 << 20) throws -> Data {
            guard let entry = entries[path] else { throw PackError.missingFile(path) }
            guard entry.uncompressedSize <= UInt64(limit) else {
                throw PackError.io(path, "is \(entry.uncompressedSize) bytes, over the \(limit)-byte limit for this read")
            }
            var data = Data()
            do {
                _ = try archive.extract(entry, bufferSize: chunkSize, skipCRC32: false) { data.append($0) }
            } catch {
                throw PackError.notAnArchive("cannot read \(path) (\(error))")
            }
            return data
        }

        /// Streams an entry's bytes to `consumer` in chunks.
        public func stream(_ path: String, _ consumer: (Data) throws -> Void) throws {
            guard let entry = entries[path] else { throw PackError.missingFile(path) }
            do {
                // The CRC is skipped: callers check the stronger SHA-256 from the manifest.
                _ = try archive.extract(entry, bufferSize: chunkSize, skipCRC32: true, consumer: consumer)
            } catch let error as PackError {
                throw error
            } catch {
                throw PackError.notAnArchive("cannot read \(path) (\(error))")
            }
        }

        /// The manifest, parsed and checked.
        public func manifest() throws -> PackManifest {
            try PackManifest.decode(try data(at: PackFormat.manifestPath, limit: 16 << 20))
        }
    }

    /// Checks every file of the pack against the manifest: no missing or extra files, every
    /// size and SHA-256 as listed. Returns the manifest.
    @discardableResult
    public static func verifyContents(of url: URL) throws -> PackManifest {
        let reader = try Reader(url: url)
        let paths = try reader.paths()
        let manifest = try reader.manifest()
        let listed = Set(manifest.files.map(\.path))
        var seen = Set<String>()
        for path in paths where path != PackFormat.manifestPath {
            guard listed.contains(path) else { throw PackError.extraFile(path) }
            guard seen.insert(path).inserted else { throw PackError.invalidManifest("the archive holds \(path) twice") }
        }
        for file in manifest.files {
            guard seen.contains(file.path) else { throw PackError.missingFile(file.path) }
            var digest = Digest(md5: false)
            try reader.stream(file.path) { digest.update($0) }
            let (sha, _) = digest.finalize()
            guard digest.byteCount == file.size else {
                throw PackError.sizeMismatch(path: file.path, expected: file.size, actual: digest.byteCount)
            }
            guard sha == file.sha256 else {
                throw PackError.hashMismatch(path: file.path, expected: file.sha256, actual: sha)
            }
        }
        return manifest
    }
}
