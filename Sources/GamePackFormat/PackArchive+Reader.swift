import Foundation
import ZIPFoundation

extension PackArchive {
    /// An opened pack for reading.
    public final class Reader: @unchecked Sendable {
        let archive: Archive
        public let url: URL
        /// Entries by path, read once from the central directory (ZIPFoundation's own lookup
        /// walks the whole directory on every call).
        let entries: [String: ZIPFoundation.Entry]

        /// The bounds every read of this pack keeps to.
        public let limits: PackReadLimits

        /// Opens `url`; a truncated or non-ZIP file, a file that is not a regular file (a FIFO,
        /// a device, a folder), and an archive other tools could read differently are refused.
        public init(url: URL, limits: PackReadLimits = .standard) throws {
            self.url = url
            self.limits = limits
            let name = url.lastPathComponent
            var info = stat()
            guard stat(url.path, &info) == 0 else {
                throw PackError.io(url.path, "cannot open (\(String(cString: strerror(errno))))")
            }
            guard info.st_mode & S_IFMT == S_IFREG else {
                let kind = info.st_mode & S_IFMT == S_IFDIR ? "a folder" : "not a regular file (a pipe, socket or device)"
                throw PackError.io(url.path, "is \(kind); give the path of a .gamepack file")
            }
            do {
                let handle = try FileHandle(forReadingFrom: url)
                defer { try? handle.close() }
                try ArchiveLayout.check(handle, size: Int64(info.st_size), limits: limits, name: name)
            } catch let error as PackError {
                throw error
            } catch {
                throw PackError.io(url.path, "cannot read (\(error.localizedDescription))")
            }
            do {
                archive = try Archive(url: url, accessMode: .read)
            } catch {
                throw PackError.notAnArchive("\(name) (\(error))")
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

        /// The whole bytes of a small entry (the manifest). Refuses entries over `limit` bytes
        /// (and over the reader's entry limit).
        public func data(at path: String, limit: Int = 64 << 20) throws -> Data {
            var data = Data()
            try stream(path, limit: Int64(limit)) { data.append($0) }
            return data
        }

        /// Streams an entry's bytes to `consumer` in chunks. Inflating stops as soon as the entry
        /// goes past its declared size (a small declared size cannot hide a large entry), and an
        /// entry declared over `limit` (default: the reader's `limits.entryBytes`) is refused
        /// before any of it is read. An error `consumer` throws (a full disk) is rethrown as it
        /// is, never reported as a damaged archive.
        public func stream(_ path: String, limit: Int64? = nil, _ consumer: (Data) throws -> Void) throws {
            guard let entry = entries[path] else { throw PackError.missingFile(path) }
            let cap = min(limit ?? limits.entryBytes, limits.entryBytes)
            let declared = entry.uncompressedSize
            guard declared <= UInt64(cap) else {
                throw PackError.io(path, "is \(declared) bytes, over the \(cap)-byte limit for this read")
            }
            var count: UInt64 = 0
            do {
                // The CRC is skipped: callers check the stronger SHA-256 from the manifest.
                _ = try archive.extract(entry, bufferSize: chunkSize, skipCRC32: true) { chunk in
                    count += UInt64(chunk.count)
                    guard count <= declared else { throw Overrun() }
                    do {
                        try consumer(chunk)
                    } catch {
                        throw ConsumerFailure(error: error)
                    }
                }
            } catch is Overrun {
                throw PackError.notAnArchive("\(path) inflates to more than the \(declared) bytes its header declares")
            } catch let failure as ConsumerFailure {
                // The consumer's own error (a full disk while writing the entry out) is not a
                // verdict on the archive: it reaches the caller as it was thrown.
                throw failure.error
            } catch let error as PackError {
                throw error
            } catch {
                throw PackError.notAnArchive("cannot read \(path) (\(error))")
            }
            guard count == declared else {
                throw PackError.notAnArchive("\(path) inflates to \(count) bytes, its header declares \(declared)")
            }
        }

        private struct Overrun: Error {}

        /// Carries an error the consumer threw through ZIPFoundation's extraction unchanged.
        private struct ConsumerFailure: Error {
            var error: any Error
        }

        /// The manifest, parsed and checked.
        public func manifest() throws -> PackManifest {
            try PackManifest.decode(try data(at: PackFormat.manifestPath, limit: limits.manifestBytes))
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
