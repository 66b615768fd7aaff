import Foundation
import GamePackFormat

/// A media format gamepack recognizes from a file's bytes.
public enum MediaFormat: String, Sendable, CaseIterable, Codable {
    case png, jpeg, gif, webp, wav, mp3, caf, m4a

    /// Whether the format is an image (else a sound).
    public var isImage: Bool {
        switch self {
        case .png, .jpeg, .gif, .webp: true
        default: false
        }
    }

    /// The format a file name's extension claims, if any.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "gif": self = .gif
        case "webp": self = .webp
        case "wav", "wave": self = .wav
        case "mp3": self = .mp3
        case "caf": self = .caf
        case "m4a", "aac", "mp4": self = .m4a
        default: return nil
        }
    }
}

/// What probing a media file's header found.
public struct MediaInfo: Sendable, Hashable, Codable {
    public var format: MediaFormat
    /// Pixel size for images; nil for sounds.
    public var width: Int?
    public var height: Int?
    /// The file size in bytes.
    public var byteCount: Int
}

/// Why a file could not be probed.
public enum MediaProbeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes match no known format.
    case unknownFormat
    /// The header of `format` is cut off or invalid.
    case corrupt(MediaFormat, String)

    public var description: String {
        switch self {
        case .unknownFormat: "the bytes are not PNG, JPEG, GIF, WebP, WAV, MP3, CAF or M4A"
        case .corrupt(let format, let why): "a damaged \(format.rawValue.uppercased()) file: \(why)"
        }
    }
}

/// Reads format and dimensions from the first bytes of media files, without decoding them.
/// Written by hand: no library here reads image headers on Linux, and only the header is needed.
public enum MediaProbe {
    /// How many bytes are read to find a JPEG's frame header (EXIF blocks can be large).
    package static let jpegScanLimit = 1 << 20
    /// How many bytes of a file's start are read first (enough for every header but a JPEG's
    /// behind a large EXIF block).
    package static let headBytes = 16 * 1024

    /// Probes the file at `url`, reading only as much of it as its header needs.
    public static func probe(fileAt url: URL) throws -> MediaInfo {
        try probe(path: url.path)
    }

    /// Probes the file at `path` with one `open`, one `fstat` (none when the caller knows the
    /// `size` from its own `lstat`) and one `pread` (the last bytes of a file up to `headBytes`
    /// long lie inside its head), a second `pread` for the end of a longer file, and a third only
    /// for a JPEG whose frame header lies behind a large EXIF block.
    package static func probe(path: String, size knownSize: Int? = nil) throws -> MediaInfo {
        // O_NONBLOCK: a pipe in place of the file must not wait for a writer.
        try probe(opened: open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK), size: knownSize)
    }

    /// `probe(path:size:)` of the file `name` in the folder open as `folder` (see `FolderHandles`).
    package static func probe(named name: String, in folder: Int32, size knownSize: Int? = nil) throws -> MediaInfo {
        try probe(opened: openat(folder, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK), size: knownSize)
    }

    /// Probes the file open as `fd` (closed here; -1 throws the `errno` of the failed open).
    static func probe(opened fd: Int32, size knownSize: Int?) throws -> MediaInfo {
        guard fd >= 0 else { throw SystemCallError(errno: errno) }
        defer { close(fd) }
        let size: Int
        if let knownSize {
            size = knownSize
        } else {
            var info = stat()
            guard fstat(fd, &info) == 0 else { throw SystemCallError(errno: errno) }
            size = Int(info.st_size)
        }
        var head = try read(fd, at: 0, count: min(size, headBytes))
        // A JPEG's frame header can sit behind a large EXIF block: read on only when needed.
        if head.starts(with: [0xFF, 0xD8, 0xFF]), head.count < size,
            (try? probeHeader(head, byteCount: size)) == nil
        {
            head = try read(fd, at: 0, count: min(size, jpegScanLimit))
        }
        let tail = head.count >= size ? head.suffix(16) : try read(fd, at: max(0, size - 16), count: 16)
        return try probe(header: head, tail: Data(tail), byteCount: size)
    }

    /// Up to `count` bytes of `fd` from `offset` (fewer at its end).
    static func read(_ fd: Int32, at offset: Int, count: Int) throws -> Data {
        var data = Data(count: count)
        let got = try data.withUnsafeMutableBytes { try Interruptible.readFully(fd, into: $0, at: offset) }
        return data.prefix(got)
    }

    /// Probes `header` (the first bytes of a file of `byteCount` bytes) and `tail` (its last
    /// bytes, up to 16), which tells a complete PNG, JPEG or GIF from a truncated one.
    public static func probe(header: Data, tail: Data, byteCount: Int) throws -> MediaInfo {
        let info = try probeHeader(header, byteCount: byteCount)
        let end = [UInt8](tail)
        switch info.format {
        case .png:
            let iend: [UInt8] = [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
            guard end.count >= 8, Array(end.suffix(8)) == iend else {
                throw MediaProbeError.corrupt(.png, "no IEND chunk at the end (truncated?)")
            }
        case .jpeg:
            // Some encoders pad after the end marker; accept it within the last 16 bytes.
            let hasEOI = end.indices.dropLast().contains { end[$0] == 0xFF && end[$0 + 1] == 0xD9 }
            guard hasEOI else { throw MediaProbeError.corrupt(.jpeg, "no end-of-image marker (truncated?)") }
        case .gif:
            guard end.last == 0x3B else { throw MediaProbeError.corrupt(.gif, "no trailer byte (truncated?)") }
        default:
            break
        }
        return info
    }

    static func probeHeader(_ header: Data, byteCount: Int) throws -> MediaInfo {
        let b = HeaderBytes(bytes: [UInt8](header))
        if b.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return try probePNG(b, byteCount: byteCount)
        }
        if b.bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return try probeJPEG(b, byteCount: byteCount) }
        // GIF: logical screen size.
        if b.ascii(0, 6) == "GIF87a" || b.ascii(0, 6) == "GIF89a" {
            guard b.count >= 10 else { throw MediaProbeError.corrupt(.gif, "truncated header") }
            return MediaInfo(format: .gif, width: b.le16(6), height: b.le16(8), byteCount: byteCount)
        }
        // RIFF: WebP or WAV.
        if b.ascii(0, 4) == "RIFF", b.count >= 12 {
            let kind = b.ascii(8, 4)
            if kind == "WEBP" { return try probeWebP(b, byteCount: byteCount) }
            if kind == "WAVE" {
                guard b.count >= 20, byteCount >= 44 || b.ascii(12, 4) == "fmt " else {
                    throw MediaProbeError.corrupt(.wav, "truncated header")
                }
                return MediaInfo(format: .wav, width: nil, height: nil, byteCount: byteCount)
            }
        }
        if b.ascii(0, 4) == "caff" {
            return MediaInfo(format: .caf, width: nil, height: nil, byteCount: byteCount)
        }
        if b.count >= 12, b.ascii(4, 4) == "ftyp" {
            return MediaInfo(format: .m4a, width: nil, height: nil, byteCount: byteCount)
        }
        if b.ascii(0, 3) == "ID3" || (b.count >= 2 && b[0] == 0xFF && (b[1] & 0xE0) == 0xE0) {
            return MediaInfo(format: .mp3, width: nil, height: nil, byteCount: byteCount)
        }
        throw MediaProbeError.unknownFormat
    }

    /// PNG: the signature, then IHDR with width and height.
    static func probePNG(_ b: HeaderBytes, byteCount: Int) throws -> MediaInfo {
        guard b.count >= 24, b.ascii(12, 4) == "IHDR" else { throw MediaProbeError.corrupt(.png, "no IHDR header") }
        let width = b.be32(16), height = b.be32(20)
        guard width > 0, height > 0 else { throw MediaProbeError.corrupt(.png, "zero width or height") }
        guard byteCount >= 33 + 12 else { throw MediaProbeError.corrupt(.png, "truncated after the header") }
        return MediaInfo(format: .png, width: width, height: height, byteCount: byteCount)
    }

    /// JPEG: walks the markers to a start-of-frame.
    static func probeJPEG(_ b: HeaderBytes, byteCount: Int) throws -> MediaInfo {
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { throw MediaProbeError.corrupt(.jpeg, "bad marker at byte \(i)") }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            if marker == 0xD9 || marker == 0xDA { break }
            let length = b.be16(i + 2)
            guard length >= 2 else { throw MediaProbeError.corrupt(.jpeg, "bad segment length at byte \(i)") }
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                guard i + 9 <= b.count else { break }
                let height = b.be16(i + 5), width = b.be16(i + 7)
                guard width > 0, height > 0 else { throw MediaProbeError.corrupt(.jpeg, "zero width or height") }
                return MediaInfo(format: .jpeg, width: width, height: height, byteCount: byteCount)
            }
            i += 2 + length
        }
        throw MediaProbeError.corrupt(.jpeg, "no frame header (truncated?)")
    }

    /// WebP (a RIFF file): the size in its VP8, VP8L or VP8X chunk.
    static func probeWebP(_ b: HeaderBytes, byteCount: Int) throws -> MediaInfo {
        guard b.count >= 30 else { throw MediaProbeError.corrupt(.webp, "truncated header") }
        switch b.ascii(12, 4) {
        case "VP8 ":
            guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else {
                throw MediaProbeError.corrupt(.webp, "bad VP8 frame tag")
            }
            return MediaInfo(format: .webp, width: b.le16(26) & 0x3FFF, height: b.le16(28) & 0x3FFF, byteCount: byteCount)
        case "VP8L":
            guard b[20] == 0x2F else { throw MediaProbeError.corrupt(.webp, "bad VP8L signature") }
            let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
            return MediaInfo(
                format: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1, byteCount: byteCount)
        case "VP8X":
            return MediaInfo(format: .webp, width: b.le24(24) + 1, height: b.le24(27) + 1, byteCount: byteCount)
        default:
            throw MediaProbeError.corrupt(.webp, "unknown chunk \(b.ascii(12, 4))")
        }
    }

    /// The first bytes of a file, read as the headers of media formats are written.
    struct HeaderBytes {
        let bytes: [UInt8]
        var count: Int { bytes.count }
        subscript(_ i: Int) -> UInt8 { bytes[i] }
        func be16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        func be32(_ i: Int) -> Int {
            Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
        }
        func le16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        func le24(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16 }
        /// `n` bytes from `i` as text; empty past the end.
        func ascii(_ i: Int, _ n: Int) -> String {
            guard i + n <= bytes.count else { return "" }
            return String(decoding: bytes[i..<(i + n)], as: UTF8.self)
        }
    }
}
