// zlib through gamepack's own system library target (Sources/CSystemZlib), as libxml2 is.
import CSystemZlib
import Foundation

/// Writes ZIP archives (PKWARE APPNOTE 6.3: local headers, central directory, end record;
/// stored or raw-deflated entries; UTF-8 names) strictly front to back, hashing the output with
/// BLAKE2b-512 as it goes so a pack can be signed without being read again.
///
/// Written by hand rather than through ZIPFoundation, which remains the reader: on Linux
/// ZIPFoundation computes CRC-32 with a Swift table (its zlib path is Apple-only) and cannot
/// take a CRC known in advance, so every asset would be read and checksummed twice; that capped
/// builds at about 55 MB/s. Here an entry's CRC-32 comes from zlib, computed with its other
/// hashes. Archives are limited to 4 GiB and 65,535 entries (no ZIP64).
public final class ZipWriter {
    /// One entry's description for the central directory.
    struct CentralRecord: Codable, Sendable, Equatable {
        var name: [UInt8]
        var method: UInt16
        var time: UInt16
        var date: UInt16
        var crc: UInt32
        var compressedSize: UInt32
        var size: UInt32
        var offset: UInt32

        init(
            name: [UInt8], method: UInt16, time: UInt16, date: UInt16, crc: UInt32, compressedSize: UInt32, size: UInt32,
            offset: UInt32
        ) {
            (self.name, self.method, self.time, self.date) = (name, method, time, date)
            (self.crc, self.compressedSize, self.size, self.offset) = (crc, compressedSize, size, offset)
        }

        /// Saved checkpoints hold thousands of records: a compact array each, with the name as
        /// text (entry names are checked UTF-8 paths), decodes several times faster than keyed
        /// objects with names as arrays of numbers.
        init(from decoder: Decoder) throws {
            var fields = try decoder.unkeyedContainer()
            name = Array(try fields.decode(String.self).utf8)
            method = try fields.decode(UInt16.self)
            time = try fields.decode(UInt16.self)
            date = try fields.decode(UInt16.self)
            crc = try fields.decode(UInt32.self)
            compressedSize = try fields.decode(UInt32.self)
            size = try fields.decode(UInt32.self)
            offset = try fields.decode(UInt32.self)
        }

        func encode(to encoder: Encoder) throws {
            var fields = encoder.unkeyedContainer()
            try fields.encode(String(decoding: name, as: UTF8.self))
            for value in [method, time, date] { try fields.encode(value) }
            for value in [crc, compressedSize, size, offset] { try fields.encode(value) }
        }
    }

    /// The writer's state after some entries: the bytes written so far can be copied from the
    /// archive they were written to, and writing can go on from there with the same result.
    public struct Checkpoint: Codable, Sendable, Equatable {
        /// Bytes written so far.
        public var offset: UInt64
        /// The central-directory records of the entries written so far.
        var records: [CentralRecord]
        /// The BLAKE2b-512 state after those bytes (`BLAKE2b.stateBytes`).
        var blake2b: [UInt8]
    }

    /// MS-DOS time and date of 1980-01-01 00:00, the ZIP epoch: the time of content-addressed
    /// entries, whose bytes do not depend on when they were packed.
    static let epoch: (time: UInt16, date: UInt16) = (0, 1 << 5 | 1)

    /// The running BLAKE2b of the output, touched only by the output's queue (which sees the
    /// bytes in order) and after `PackOutput.sync`.
    final class HashState: @unchecked Sendable {
        var hash = BLAKE2b()
        /// False when the writer was asked not to hash.
        var enabled = true
    }

    let url: URL
    private let output: PackOutput
    private var records: [CentralRecord] = []
    private let state: HashState
    private let dosTime: UInt16
    private let dosDate: UInt16

    static let maxSize = UInt64(UInt32.max)
    /// The chunk size of prefix copies.
    static let copyChunk = 8 << 20

    private var offset: UInt64 { output.offset }

    /// Creates the archive file at `url` (which must not exist); every entry gets
    /// `modificationDate` (UTC) as its time. `directIO` false keeps the writes buffered (tests
    /// compare both ways).
    ///
    /// `blake2b` false skips the BLAKE2b of the output (for an unsigned pack whose prefix is not
    /// cached: a quarter of a second on a 227 MB pack): `finish` then returns no digest and a
    /// checkpoint cannot be continued from.
    public convenience init(url: URL, modificationDate: Date, blake2b: Bool = true) throws {
        try self.init(url: url, modificationDate: modificationDate, directIO: true, blake2b: blake2b)
    }

    init(url: URL, modificationDate: Date, directIO: Bool, blake2b: Bool = true) throws {
        self.url = url
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw PackError.io(url.path, "cannot create the file (\(String(cString: strerror(errno))))") }
        (dosTime, dosDate) = Self.dosDateTime(modificationDate)
        let state = HashState()
        state.enabled = blake2b
        self.state = state
        output = PackOutput(fd: fd, path: url.path, offset: 0, directIO: directIO) { bytes in
            if state.enabled { state.hash.update(bytes) }
        }
    }

    /// Creates the archive file at `url` (which must not exist) holding the first
    /// `checkpoint.offset` bytes of the archive at `source`, which a writer produced up to
    /// `checkpoint`. The bytes go from disk to disk by direct I/O where the file system allows
    /// it (no copy through the page cache, next to no CPU), else through the page cache.
    /// `isCancelled` is asked between chunks, and a cancelled copy throws `CancellationError`.
    public static func copyPrefix(
        _ checkpoint: Checkpoint, from source: URL, to url: URL, isCancelled: () -> Bool = { false }
    ) throws {
        try copyPrefix(checkpoint, from: source, to: url, directIO: true, isCancelled: isCancelled)
    }

    static func copyPrefix(
        _ checkpoint: Checkpoint, from source: URL, to url: URL, directIO: Bool, isCancelled: () -> Bool = { false }
    ) throws {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw PackError.io(source.path, "cannot read (\(String(cString: strerror(errno))))") }
        defer { close(input) }
        let output = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw PackError.io(url.path, "cannot create the file (\(String(cString: strerror(errno))))") }
        defer { close(output) }
        let buffer = DirectIO.allocate(copyChunk)
        defer { free(buffer) }
        var direct = directIO && DirectIO.enable(input) && DirectIO.enable(output)
        func buffered() {
            DirectIO.disable(input)
            DirectIO.disable(output)
            direct = false
        }
        let total = checkpoint.offset
        var copied: UInt64 = 0
        while copied < total {
            if isCancelled() { throw CancellationError() }
            var want = Int(min(UInt64(copyChunk), total - copied))
            if direct {
                // Direct I/O moves whole aligned blocks; the tail goes through the page cache.
                want -= want % DirectIO.alignment
                if want == 0 {
                    buffered()
                    continue
                }
            }
            let got = Interruptible.retry { pread(input, buffer, want, off_t(copied)) }
            if got < 0 && errno == EINVAL && direct {
                buffered()
                continue
            }
            guard got > 0 else {
                throw PackError.io(
                    source.path,
                    got == 0
                        ? "the earlier pack is shorter than its saved prefix"
                        : "cannot copy (\(String(cString: strerror(errno))))")
            }
            var done = 0
            while done < got {
                let written = Interruptible.retry { pwrite(output, buffer + done, got - done, off_t(copied) + off_t(done)) }
                if written < 0 && errno == EINVAL && direct {
                    buffered()
                    continue
                }
                guard written > 0 else { throw PackError.io(url.path, "cannot write (\(String(cString: strerror(errno))))") }
                done += written
            }
            copied += UInt64(got)
            if direct && got % DirectIO.alignment != 0 { buffered() }
        }
    }

    /// Goes on writing the archive file at `url`, which holds exactly the bytes a writer had
    /// written up to `checkpoint` (see `copyPrefix`): they are not hashed again.
    public init(url: URL, modificationDate: Date, continuing checkpoint: Checkpoint) throws {
        guard let hash = BLAKE2b(stateBytes: checkpoint.blake2b) else {
            throw PackError.io(url.path, "the saved pack prefix is unusable")
        }
        self.url = url
        let fd = open(url.path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { throw PackError.io(url.path, "cannot open the file (\(String(cString: strerror(errno))))") }
        var info = stat()
        guard fstat(fd, &info) == 0, UInt64(info.st_size) == checkpoint.offset else {
            close(fd)
            throw PackError.io(url.path, "the copied pack prefix has the wrong size")
        }
        (dosTime, dosDate) = Self.dosDateTime(modificationDate)
        records = checkpoint.records
        let state = HashState()
        state.hash = hash
        self.state = state
        output = PackOutput(fd: fd, path: url.path, offset: checkpoint.offset, directIO: false) { state.hash.update($0) }
    }

    /// The state after the entries added so far, for a later `init(url:modificationDate:continuing:)`.
    public func checkpoint() throws -> Checkpoint {
        output.sync()
        return Checkpoint(offset: offset, records: records, blake2b: state.enabled ? state.hash.stateBytes : [])
    }

    /// MS-DOS time and date fields of a UTC date (2-second resolution, years 1980–2107).
    static func dosDateTime(_ date: Date) -> (UInt16, UInt16) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let year = min(max(c.year ?? 1980, 1980), 2107)
        let time = UInt16((c.hour ?? 0) << 11 | (c.minute ?? 0) << 5 | (c.second ?? 0) / 2)
        let day = UInt16((year - 1980) << 9 | (c.month ?? 1) << 5 | (c.day ?? 1))
        return (time, day)
    }

    /// An entry's bytes made ready to add: the CRC-32 and size of the bytes, and what goes in
    /// the archive (deflated or not). Preparing is the costly part of adding a text file, so
    /// several can be prepared on other cores while the writer is busy.
    public struct Prepared: Sendable {
        var crc: UInt32
        var size: UInt64
        var method: UInt16
        var payload: Data
    }

    /// Prepares `data`, deflated when `compress` is true; `crc` is its CRC-32 when known.
    public static func prepare(_ data: Data, compress: Bool, crc: UInt32? = nil) throws -> Prepared {
        Prepared(
            crc: crc ?? crc32(data), size: UInt64(data.count), method: compress ? 8 : 0,
            payload: compress ? try deflate(data) : data)
    }

    /// Adds an entry whose bytes are `data`, deflated when `compress` is true.
    /// `epochTime` gives it the ZIP epoch as its time instead of the archive's.
    public func add(path: String, data: Data, compress: Bool, epochTime: Bool = false) throws {
        try add(path: path, prepared: try Self.prepare(data, compress: compress), epochTime: epochTime)
    }

    /// Adds an entry from `prepare`.
    public func add(path: String, prepared: Prepared, epochTime: Bool = false) throws {
        try addHeader(
            path: path, method: prepared.method, crc: prepared.crc, compressedSize: UInt64(prepared.payload.count),
            size: prepared.size, epochTime: epochTime)
        try write(prepared.payload)
    }

    /// Adds an entry stored (not compressed) from the file at `source`, whose size and CRC-32
    /// the caller knows (from hashing it); a file that no longer matches them is refused.
    public func add(path: String, storedFile source: URL, size: UInt64, crc: UInt32, epochTime: Bool = false) throws {
        try addHeader(path: path, method: 0, crc: crc, compressedSize: size, size: size, epochTime: epochTime)
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw PackError.io(source.path, "cannot read (\(String(cString: strerror(errno))))") }
        defer { close(input) }
        let check = try output.append(from: input, size: size, path: source.path)
        var extra = UInt8(0)
        guard check == crc, read(input, &extra, 1) == 0 else {
            throw PackError.io(source.path, "the file changed while it was packed")
        }
    }

    /// Adds a stored entry of `size` bytes whose CRC-32 is `crc`, written by `write` through the
    /// `append` it is given; returns what `write` returns. The header is written first, so the
    /// size and CRC-32 must be known beforehand; the bytes are counted, and an entry of another
    /// size is refused (the caller checks the CRC-32 its generator reports).
    public func add<Result>(
        path: String, storedSize size: UInt64, crc: UInt32, epochTime: Bool = false,
        write: (_ append: @escaping (UnsafeRawBufferPointer) throws -> Void) throws -> Result
    ) throws -> Result {
        try addHeader(path: path, method: 0, crc: crc, compressedSize: size, size: size, epochTime: epochTime)
        let start = offset
        let output = self.output
        let result = try write { bytes in
            guard output.offset + UInt64(bytes.count) - start <= size else {
                throw PackError.io(path, "is longer than the \(size) bytes its header declares")
            }
            try output.append(bytes)
        }
        guard offset - start == size else {
            throw PackError.io(path, "is \(offset - start) bytes, but its header declares \(size)")
        }
        return result
    }

    /// Adds an entry from the file at `source`, deflated: compressed into memory chunk by chunk
    /// is avoided by compressing the whole file first (target files are at most tens of MB).
    public func add(path: String, file source: URL, compress: Bool, epochTime: Bool = false) throws {
        let data = try Data(contentsOf: source, options: .alwaysMapped)
        try add(path: path, data: data, compress: compress, epochTime: epochTime)
    }

    private func addHeader(
        path: String, method: UInt16, crc: UInt32, compressedSize: UInt64, size: UInt64, epochTime: Bool = false
    ) throws {
        let (time, date) = epochTime ? Self.epoch : (dosTime, dosDate)
        try PackPath.validate(path)
        let name = Array(path.utf8)
        guard offset + compressedSize + 30 + UInt64(name.count) < Self.maxSize, records.count < 65_535 else {
            throw PackError.io(url.path, "packs are limited to 4 GiB and 65,535 files")
        }
        records.append(
            CentralRecord(
                name: name, method: method, time: time, date: date, crc: crc, compressedSize: UInt32(compressedSize),
                size: UInt32(size), offset: UInt32(offset)))
        var header: [UInt8] = []
        header.le32(0x0403_4B50)
        header.le16(20)  // version needed: 2.0
        header.le16(0x0800)  // UTF-8 names
        header.le16(method)
        header.le16(time)
        header.le16(date)
        header.le32(crc)
        header.le32(UInt32(compressedSize))
        header.le32(UInt32(size))
        header.le16(UInt16(name.count))
        header.le16(0)
        header += name
        try write(header)
    }

    /// Writes the central directory and end record, closes the file, and returns the BLAKE2b-512
    /// digest of the whole archive (minisign's prehash).
    public func finish() throws -> [UInt8] {
        let start = offset
        for record in records {
            var entry: [UInt8] = []
            entry.le32(0x0201_4B50)
            entry.le16(3 << 8 | 20)  // made by: Unix, 2.0
            entry.le16(20)
            entry.le16(0x0800)
            entry.le16(record.method)
            entry.le16(record.time)
            entry.le16(record.date)
            entry.le32(record.crc)
            entry.le32(record.compressedSize)
            entry.le32(record.size)
            entry.le16(UInt16(record.name.count))
            entry.le16(0)  // extra
            entry.le16(0)  // comment
            entry.le16(0)  // disk
            entry.le16(0)  // internal attributes
            entry.le32(UInt32(0o100644) << 16)  // regular file, rw-r--r--
            entry.le32(record.offset)
            entry += record.name
            try write(entry)
        }
        let size = offset - start
        guard offset < Self.maxSize else { throw PackError.io(url.path, "packs are limited to 4 GiB") }
        var end: [UInt8] = []
        end.le32(0x0605_4B50)
        end.le16(0)
        end.le16(0)
        end.le16(UInt16(records.count))
        end.le16(UInt16(records.count))
        end.le32(UInt32(size))
        end.le32(UInt32(start))
        end.le16(0)
        try write(end)
        try output.flush()
        output.sync()
        return state.enabled ? state.hash.finalize() : []
    }

    private func write(_ bytes: [UInt8]) throws { try output.append(bytes) }

    private func write(_ data: Data) throws { try output.append(data) }
}
