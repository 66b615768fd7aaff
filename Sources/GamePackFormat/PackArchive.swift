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

    /// The reusable start of a pack: its content-addressed entries (`assets/<sha256>.<ext>`),
    /// which come first. A build whose assets did not change copies this part of the previous
    /// pack in the kernel and resumes its BLAKE2b, instead of reading and hashing every asset.
    public struct Prefix: Codable, Sendable, Equatable {
        /// SHA-256 (hex) of the prefix entries' paths, sizes, CRC-32s and methods.
        public var key: String
        /// The writer's state after the prefix.
        public var checkpoint: ZipWriter.Checkpoint
    }

    /// What `write` produced.
    public struct Written: Sendable {
        /// The BLAKE2b-512 digest of the pack file (minisign's prehash), computed while writing.
        public var blake2b: [UInt8]
        /// The pack's prefix, to reuse in the next build.
        public var prefix: Prefix
        /// Whether an earlier pack's prefix was reused.
        public var reusedPrefix: Bool
    }

    /// Whether `path` is content-addressed: its bytes are named by their hash, so they do not
    /// depend on the build, and the entry gets the ZIP epoch as its time.
    static func isContentAddressed(_ path: String) -> Bool { path.hasPrefix("assets/") }

    /// Writes a pack to `url` (which must not exist): the content-addressed entries
    /// (`assets/…`) first, then the other entries, both in path order, then `manifest.json`.
    /// Every entry has the same permissions, and the time `modificationDate` (the ZIP epoch for
    /// content-addressed entries), so that the same inputs give the same bytes on any machine.
    /// - Returns: the BLAKE2b-512 digest of the pack file (minisign's prehash), computed while
    ///   writing.
    @discardableResult
    public static func write(manifest: PackManifest, entries: [Entry], modificationDate: Date, to url: URL) throws -> [UInt8] {
        try write(manifest: manifest, entries: entries, modificationDate: modificationDate, to: url, reusing: nil).blake2b
    }

    /// Writes a pack like `write(manifest:entries:modificationDate:to:)`; when `earlier` is the
    /// prefix of an earlier pack file with the same content-addressed entries, that part is
    /// copied from it rather than written and hashed again.
    public static func write(
        manifest: PackManifest, entries: [Entry], modificationDate: Date, to url: URL, reusing earlier: (prefix: Prefix, pack: URL)?
    ) throws -> Written {
        let sorted = entries.sorted { $0.path < $1.path }
        let prefixEntries = sorted.filter { isContentAddressed($0.path) }
        let key = prefixKey(prefixEntries)
        let writer: ZipWriter
        let reused: Bool
        if let earlier, earlier.prefix.key == key {
            writer = try ZipWriter(
                url: url, modificationDate: modificationDate, resuming: earlier.prefix.checkpoint, from: earlier.pack)
            reused = true
        } else {
            writer = try ZipWriter(url: url, modificationDate: modificationDate)
            for entry in prefixEntries { try add(entry, to: writer, epochTime: true) }
            reused = false
        }
        let prefix = Prefix(key: key, checkpoint: try writer.checkpoint())
        for entry in sorted where !isContentAddressed(entry.path) { try add(entry, to: writer, epochTime: false) }
        try writer.add(path: PackFormat.manifestPath, data: try manifest.encoded(), compress: true)
        return Written(blake2b: try writer.finish(), prefix: prefix, reusedPrefix: reused)
    }

    static func add(_ entry: Entry, to writer: ZipWriter, epochTime: Bool) throws {
        switch entry.source {
        case .data(let data):
            try writer.add(path: entry.path, data: data, compress: entry.compress, epochTime: epochTime)
        case .file(let source, let size, let crc):
            if entry.compress {
                try writer.add(path: entry.path, file: source, compress: true, epochTime: epochTime)
            } else {
                try writer.add(path: entry.path, storedFile: source, size: UInt64(size), crc: crc, epochTime: epochTime)
            }
        }
    }

    /// SHA-256 hex of the lines `path<TAB>size<TAB>crc<TAB>method` of `entries`.
    static func prefixKey(_ entries: [Entry]) -> String {
        var lines = "gamepack-prefix-1\n"
        for entry in entries {
            let (size, crc): (Int64, UInt32) =
                switch entry.source {
                case .data(let data): (Int64(data.count), ZipWriter.crc32(data))
                case .file(_, let size, let crc): (size, crc)
                }
            lines += "\(entry.path)\t\(size)\t\(crc)\t\(entry.compress ? 8 : 0)\n"
        }
        return Digest.sha256Hex(Data(lines.utf8))
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
