import Foundation

/// The sizes a pack reader accepts: every caller (verify, inspect, diff, server ingest,
/// `publish --to`, the client) reads through one `PackArchive.Reader` with these bounds, so a
/// hostile archive costs at most this much memory and work.
public struct PackReadLimits: Sendable, Equatable {
    /// The largest uncompressed entry (bytes). An entry is never inflated past its declared
    /// size nor past this.
    public var entryBytes: Int64
    /// The largest `manifest.json` (bytes); it is held in memory whole.
    public var manifestBytes: Int
    /// The largest sum of the declared uncompressed sizes (bytes).
    public var totalBytes: Int64
    /// The most entries an archive may hold.
    public var entries: Int

    public init(entryBytes: Int64, manifestBytes: Int, totalBytes: Int64, entries: Int) {
        self.entryBytes = entryBytes
        self.manifestBytes = manifestBytes
        self.totalBytes = totalBytes
        self.entries = entries
    }

    /// 2 GiB per entry, 16 MiB of manifest, 4 GiB in all, 65,535 entries (a ZIP without ZIP64).
    public static let standard = PackReadLimits(
        entryBytes: 2 << 30, manifestBytes: 16 << 20, totalBytes: 4 << 30, entries: 65_535)
}

/// Checks that a ZIP file has exactly one reading: the end record at the very end, the central
/// directory right before it, and every local header where its central entry says, naming the
/// same path with the same compression method and sizes, the entries back to back from offset 0.
/// Archives that other unzip tools would read differently (garbage before the archive, a local
/// header naming `../evil` under a central `rewards.json`, differing methods, two entries with
/// one name) are refused.
///
/// Written by hand: ZIPFoundation reads the central directory and trusts the local headers it
/// points at; it does not compare them.
enum ArchiveLayout {
    /// One central directory entry, as far as the layout check needs it.
    struct CentralEntry {
        var name: [UInt8]
        var flags: UInt16
        var method: UInt16
        var crc32: UInt32
        var compressedSize: UInt32
        var uncompressedSize: UInt32
        var localOffset: UInt32
    }

    /// Checks the file at `url` (already known to be a regular file of `size` bytes) and returns
    /// its central entries.
    @discardableResult
    static func check(_ handle: FileHandle, size: Int64, limits: PackReadLimits, name: String) throws -> [CentralEntry] {
        let file = Reader(handle: handle, size: size, name: name)
        guard size >= 22 else {
            throw file.fail("it is \(size) bytes, too short for a ZIP archive (a pack is a ZIP file written by gamepack build)")
        }
        let directory = try centralDirectory(file, limits: limits)
        let entries = try centralEntries(
            try file.read(directory.offset, Int(directory.size)), count: directory.count, limits: limits, file: file)
        try checkLocalHeaders(entries, directoryOffset: directory.offset, file: file)
        return entries
    }

    /// Reads a pack's bytes at given offsets, and words its failures.
    private struct Reader {
        let handle: FileHandle
        let size: Int64
        let name: String

        func fail(_ why: String) -> PackError { .notAnArchive("\(name): \(why)") }

        func read(_ offset: Int64, _ count: Int) throws -> [UInt8] {
            guard offset >= 0, count >= 0, offset + Int64(count) <= size else { throw fail("it is truncated") }
            try handle.seek(toOffset: UInt64(offset))
            let data = try handle.read(upToCount: count) ?? Data()
            guard data.count == count else { throw fail("it is truncated") }
            return [UInt8](data)
        }
    }

    /// The end of central directory record (its comment must reach the end of the file), and the
    /// place, size and entry count of the central directory it points at.
    private static func centralDirectory(_ file: Reader, limits: PackReadLimits) throws -> (
        offset: Int64, size: Int64, count: Int
    ) {
        let size = file.size
        let tailLength = Int(min(size, 22 + 65_535))
        let tail = try file.read(size - Int64(tailLength), tailLength)
        var eocd: Int?
        var index = tailLength - 22
        while index >= 0 {
            if tail[index] == 0x50, tail[index + 1] == 0x4B, tail[index + 2] == 0x05, tail[index + 3] == 0x06,
                index + 22 + Int(u16(tail, index + 20)) == tailLength
            {
                eocd = index
                break
            }
            index -= 1
        }
        guard let eocd else {
            throw file.fail("it has no ZIP end record (missingEndOfCentralDirectoryRecord): not a ZIP file, or truncated")
        }
        let eocdOffset = size - Int64(tailLength) + Int64(eocd)
        if eocd >= 20, u32(tail, eocd - 20) == 0x0706_4B50 {
            throw file.fail("it is a ZIP64 archive; packs are under 4 GiB and 65,535 files")
        }
        guard u16(tail, eocd + 4) == 0, u16(tail, eocd + 6) == 0, u16(tail, eocd + 8) == u16(tail, eocd + 10) else {
            throw file.fail("it spans several disks")
        }
        let count = Int(u16(tail, eocd + 10))
        let cdSize = Int64(u32(tail, eocd + 12))
        let cdOffset = Int64(u32(tail, eocd + 16))
        guard count <= limits.entries else { throw file.fail("it holds \(count) files, over the limit of \(limits.entries)") }
        guard cdOffset + cdSize == eocdOffset else {
            throw file.fail(
                "its central directory is not right before its end record (bytes before or inside the archive); "
                    + "a pack is read one way only")
        }
        guard cdSize <= 64 << 20 else { throw file.fail("its central directory is over 64 MiB") }
        return (cdOffset, cdSize, count)
    }

    /// The central directory's entries: store or deflate only, not encrypted, each name once,
    /// within the size limit in all.
    private static func centralEntries(_ directory: [UInt8], count: Int, limits: PackReadLimits, file: Reader) throws
        -> [CentralEntry]
    {
        var entries: [CentralEntry] = []
        var names = Set<[UInt8]>()
        var position = 0
        var total: Int64 = 0
        for _ in 0..<count {
            guard position + 46 <= directory.count, u32(directory, position) == 0x0201_4B50 else {
                throw file.fail("its central directory is damaged")
            }
            let nameLength = Int(u16(directory, position + 28))
            let extraLength = Int(u16(directory, position + 30))
            let commentLength = Int(u16(directory, position + 32))
            guard position + 46 + nameLength + extraLength + commentLength <= directory.count else {
                throw file.fail("its central directory is damaged")
            }
            let entry = CentralEntry(
                name: Array(directory[(position + 46)..<(position + 46 + nameLength)]),
                flags: u16(directory, position + 8), method: u16(directory, position + 10),
                crc32: u32(directory, position + 16),
                compressedSize: u32(directory, position + 20), uncompressedSize: u32(directory, position + 24),
                localOffset: u32(directory, position + 42))
            guard entry.method == 0 || entry.method == 8 else {
                throw file.fail(
                    "\(display(entry.name)) uses compression method \(entry.method); packs use only store and deflate")
            }
            guard entry.flags & 0x0001 == 0 else { throw file.fail("\(display(entry.name)) is encrypted") }
            guard names.insert(entry.name).inserted else {
                throw file.fail(
                    "it holds two entries named \(display(entry.name)); gamepack would read the first, other unzip tools "
                        + "the last (a pack names each file once: build it again with gamepack build)")
            }
            total += Int64(entry.uncompressedSize)
            entries.append(entry)
            position += 46 + nameLength + extraLength + commentLength
        }
        guard position == directory.count else { throw file.fail("its central directory has bytes after its last entry") }
        guard total <= limits.totalBytes else {
            throw file.fail("its files would inflate to \(total) bytes, over the limit of \(limits.totalBytes)")
        }
        return entries
    }

    /// Local headers, back to back from offset 0 up to the central directory, each agreeing with
    /// its central entry.
    private static func checkLocalHeaders(_ entries: [CentralEntry], directoryOffset cdOffset: Int64, file: Reader) throws {
        var expected: Int64 = 0
        for entry in entries.sorted(by: { $0.localOffset < $1.localOffset }) {
            let offset = Int64(entry.localOffset)
            guard offset == expected else {
                throw file.fail(
                    offset > expected
                        ? "it has \(offset - expected) unexplained bytes before \(display(entry.name)) (at offset \(expected))"
                        : "\(display(entry.name)) overlaps another entry")
            }
            expected = try localEntryEnd(entry, at: offset, file: file)
            guard expected <= cdOffset else { throw file.fail("\(display(entry.name)) runs into the central directory") }
        }
        guard expected == cdOffset else {
            throw file.fail("it has \(cdOffset - expected) unexplained bytes before its central directory")
        }
    }

    /// Checks one entry's local header against its central entry, and returns where the entry
    /// (its data and any data descriptor) ends.
    private static func localEntryEnd(_ entry: CentralEntry, at offset: Int64, file: Reader) throws -> Int64 {
        let header = try file.read(offset, 30)
        guard u32(header, 0) == 0x0403_4B50 else {
            throw file.fail("\(display(entry.name)) has no local header where the directory says")
        }
        let flags = u16(header, 6)
        let method = u16(header, 8)
        let nameLength = Int(u16(header, 26))
        let extraLength = Int(u16(header, 28))
        let localName = try file.read(offset + 30, nameLength)
        guard localName == entry.name else {
            throw file.fail(
                "the local header of \(display(entry.name)) names \(display(localName)); other unzip tools would "
                    + "extract a different file")
        }
        guard method == entry.method else {
            throw file.fail(
                "\(display(entry.name)) has compression method \(method) in its local header, \(entry.method) in the directory"
            )
        }
        let usesDescriptor = flags & 0x0008 != 0
        guard usesDescriptor == (entry.flags & 0x0008 != 0) else {
            throw file.fail("\(display(entry.name)) has different flags in its two headers")
        }
        if !usesDescriptor {
            guard u32(header, 14) == entry.crc32, u32(header, 18) == entry.compressedSize,
                u32(header, 22) == entry.uncompressedSize
            else {
                throw file.fail("\(display(entry.name)) has different sizes or CRC in its two headers")
            }
        }
        if entry.method == 0, entry.compressedSize != entry.uncompressedSize {
            throw file.fail("\(display(entry.name)) is stored but its two sizes differ")
        }
        var end = offset + 30 + Int64(nameLength) + Int64(extraLength) + Int64(entry.compressedSize)
        if usesDescriptor {
            // An optional signature, then CRC-32 and the two sizes.
            let descriptor = try file.read(end, 4)
            end += u32(descriptor, 0) == 0x0807_4B50 ? 16 : 12
        }
        return end
    }

    private static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
    private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
    private static func display(_ name: [UInt8]) -> String {
        let text = String(decoding: name.prefix(200), as: UTF8.self)
        return text.debugDescription
    }
}
