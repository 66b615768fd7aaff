import Foundation
import ZIPFoundation

/// Writes and reads the ZIP container of a pack with ZIPFoundation.
public enum PackArchive {
    /// Where an entry's bytes come from.
    public enum Source: Sendable {
        case data(Data)
        /// A file with its known size and CRC-32 (computed when it was hashed).
        case file(URL, size: Int64, crc32: UInt32)
        /// Bytes made while the pack is written, whose size and CRC-32 are known beforehand
        /// (from a first pass that only counted and hashed them) and whose SHA-256 and MD5 the
        /// generator computes as it goes: `write` puts those into the manifest's entry of the
        /// same path. The bytes never exist as a file of their own.
        case generated(size: Int64, crc32: UInt32, Generator)
    }

    /// Writes an entry's bytes, in order, through `append`, and returns their SHA-256 and MD5
    /// (lowercase hex) and how many there were.
    public typealias Generator =
        @Sendable (_ append: @escaping (UnsafeRawBufferPointer) throws -> Void) throws -> GeneratedHashes

    /// What a `Generator` reports of the bytes it wrote.
    public struct GeneratedHashes: Sendable {
        public var sha256: String
        public var md5: String
        public var size: Int64

        public init(sha256: String, md5: String, size: Int64) {
            (self.sha256, self.md5, self.size) = (sha256, md5, size)
        }
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
        /// The manifest as written: the one given, with the SHA-256 and MD5 of the generated
        /// entries filled in.
        public var manifest: PackManifest
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
        try write(manifest: manifest, entries: entries, modificationDate: modificationDate, to: url, reusing: nil as PrefixCopy?)
            .blake2b
    }

    /// The prefix of an earlier pack being copied, in the background, to the file the next pack
    /// will be written to, while the build does other work. `write` goes on from the copy when
    /// the new pack's assets are the same, and cancels and removes it otherwise.
    public final class PrefixCopy: @unchecked Sendable {
        public let prefix: Prefix
        public let destination: URL
        private let lock = NSLock()
        private var cancelled = false
        private var failure: Error?
        private let done = DispatchGroup()

        /// Starts copying `prefix`'s bytes of the pack at `source` to `destination` (which must not exist).
        public init(prefix: Prefix, from source: URL, to destination: URL) {
            self.prefix = prefix
            self.destination = destination
            done.enter()
            Thread.detachNewThread { [self] in
                do {
                    try ZipWriter.copyPrefix(prefix.checkpoint, from: source, to: destination) { self.isCancelled }
                } catch {
                    lock.withLock { failure = error }
                }
                done.leave()
            }
        }

        private var isCancelled: Bool { lock.withLock { cancelled } }

        /// Waits for the copy; throws what stopped it.
        public func wait() throws {
            done.wait()
            if let failure = lock.withLock({ failure }) { throw failure }
        }

        /// Stops the copy, waits for it, and removes the file.
        public func cancel() {
            lock.withLock { cancelled = true }
            done.wait()
            try? FileManager.default.removeItem(at: destination)
        }
    }

    /// Writes a pack like `write(manifest:entries:modificationDate:to:)`. When `copy` copied an
    /// earlier pack's prefix to `url` and the content-addressed entries are the same, writing
    /// goes on from it: those bytes are neither written nor hashed again. Otherwise the copy is
    /// cancelled and the pack written whole. Without `copy`, `url` must not exist.
    ///
    /// `blake2b` false skips hashing the pack (`Written.blake2b` is then empty and `prefix`
    /// cannot be continued from): for a pack that is neither signed nor cached.
    public static func write(
        manifest: PackManifest, entries: [Entry], modificationDate: Date, to url: URL, reusing copy: PrefixCopy?,
        blake2b: Bool = true
    ) throws -> Written {
        let sorted = entries.sorted { $0.path < $1.path }
        let prefixEntries = sorted.filter { isContentAddressed($0.path) }
        let otherEntries = sorted.filter { !isContentAddressed($0.path) }
        let key = prefixKey(prefixEntries)
        // Compress the target files and the manifest on other cores while the prefix is written;
        // generated entries are made by the writer, and when there are any the manifest waits
        // for their hashes.
        let generated = otherEntries.contains { if case .generated = $0.source { true } else { false } }
        let prepared = Preparation(
            otherEntries.map { entry -> Entry? in if case .generated = entry.source { nil } else { entry } }
                + [generated ? nil : Entry(path: PackFormat.manifestPath, source: .data(try manifest.encoded()), compress: true)])
        var writer: ZipWriter?
        if let copy {
            if copy.prefix.key == key, copy.destination.standardizedFileURL == url.standardizedFileURL, (try? copy.wait()) != nil
            {
                writer = try ZipWriter(url: url, modificationDate: modificationDate, continuing: copy.prefix.checkpoint)
            } else {
                copy.cancel()
            }
        }
        let reused = writer != nil
        if writer == nil {
            let fresh = try ZipWriter(url: url, modificationDate: modificationDate, blake2b: blake2b)
            for entry in prefixEntries { try add(entry, to: fresh, epochTime: true) }
            writer = fresh
        }
        let output = writer!
        let prefix = Prefix(key: key, checkpoint: try output.checkpoint())
        var manifest = manifest
        for (index, entry) in otherEntries.enumerated() {
            if case .generated(let size, let crc, let generate) = entry.source {
                let hashes = try addGenerated(entry.path, size: size, crc: crc, compress: entry.compress, generate, to: output)
                guard let at = manifest.files.firstIndex(where: { $0.path == entry.path }) else {
                    throw PackError.invalidManifest("the manifest does not list \(entry.path)")
                }
                manifest.files[at].sha256 = hashes.sha256
                manifest.files[at].md5 = hashes.md5
            } else if let ready = try prepared.result(index) {
                try output.add(path: entry.path, prepared: ready)
            } else {
                try add(entry, to: output, epochTime: false)
            }
        }
        if generated {
            try output.add(path: PackFormat.manifestPath, data: try manifest.encoded(), compress: true)
        } else {
            try output.add(path: PackFormat.manifestPath, prepared: try prepared.result(otherEntries.count)!)
        }
        return Written(blake2b: try output.finish(), prefix: prefix, reusedPrefix: reused, manifest: manifest)
    }

    /// Adds a generated entry: stored ones straight into the archive, deflated ones (small)
    /// through memory. The generator must give exactly `size` bytes; the stored entry's header
    /// already holds `crc`, so a deflated entry's bytes are checked against it as well.
    static func addGenerated(
        _ path: String, size: Int64, crc: UInt32, compress: Bool, _ generate: Generator, to writer: ZipWriter
    ) throws -> GeneratedHashes {
        let hashes: GeneratedHashes
        if compress {
            var data = Data()
            data.reserveCapacity(Int(size))
            hashes = try generate { data.append(contentsOf: $0) }
            guard ZipWriter.crc32(data) == crc else {
                throw PackError.io(path, "came out different when it was written than when it was hashed; build again")
            }
            try writer.add(path: path, prepared: try ZipWriter.prepare(data, compress: true, crc: crc))
        } else {
            hashes = try writer.add(path: path, storedSize: UInt64(size), crc: crc) { append in try generate(append) }
        }
        guard hashes.size == size else {
            throw PackError.io(path, "came out \(hashes.size) bytes when it was written, \(size) when it was hashed; build again")
        }
        return hashes
    }

    /// Entries prepared (CRC-32, deflate) concurrently, in the background. Files over
    /// `limit` bytes are left to the writer, so that memory stays bounded.
    final class Preparation: @unchecked Sendable {
        static let limit: Int64 = 64 << 20
        private var results: [Result<ZipWriter.Prepared, Error>?]
        private let lock = NSLock()
        private let group = DispatchGroup()

        /// Prepares `entries`; nil ones are left to the writer.
        init(_ entries: [Entry?]) {
            results = Array(repeating: nil, count: entries.count)
            for (index, entry) in entries.enumerated() {
                guard let entry else { continue }
                if case .file(_, let size, _) = entry.source, size > Self.limit { continue }
                group.enter()
                DispatchQueue.global().async { [self] in
                    let result = Result {
                        switch entry.source {
                        case .data(let data): return try ZipWriter.prepare(data, compress: entry.compress)
                        case .file(let url, _, let crc):
                            // The CRC-32 was computed when the file was written (its hashes).
                            return try ZipWriter.prepare(
                                Data(contentsOf: url, options: .alwaysMapped), compress: entry.compress, crc: crc)
                        case .generated: preconditionFailure("generated entries are not prepared")
                        }
                    }
                    lock.withLock { results[index] = result }
                    group.leave()
                }
            }
        }

        /// Entry `index` prepared; nil when it was left to the writer.
        func result(_ index: Int) throws -> ZipWriter.Prepared? {
            group.wait()
            return try lock.withLock { results[index] }?.get()
        }
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
        case .generated(let size, let crc, let generate):
            _ = try addGenerated(entry.path, size: size, crc: crc, compress: entry.compress, generate, to: writer)
        }
    }

    /// SHA-256 hex of the lines `path<TAB>size<TAB>crc<TAB>method` of `entries`.
    static func prefixKey(_ entries: [Entry]) -> String {
        var lines = "gamepack-prefix-1\n"
        for entry in entries {
            let (size, crc): (Int64, UInt32) =
                switch entry.source {
                case .data(let data): (Int64(data.count), ZipWriter.crc32(data))
                case .file(_, let size, let crc), .generated(let size, let crc, _): (size, crc)
                }
            lines += "\(entry.path)\t\(size)\t\(crc)\t\(entry.compress ? 8 : 0)\n"
        }
        return Digest.sha256Hex(Data(lines.utf8))
    }
}
