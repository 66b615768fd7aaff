import CBase64
import Crypto
import Foundation
import GamePackFormat

/// Checks a file of the base64 cache (`.gamepack/cache/base64/<sha256>-<wrap>.b64`) before a
/// build copies it into a pack. The cache sits in the project folder, where anyone who can add
/// a file to the repository can plant one, so its name is a claim, not a proof. The file is
/// used only when its bytes are exactly what the build would write for the asset: the
/// canonical base64 (zero padding bits) of bytes with the SHA-256 and size the asset catalog
/// found, wrapped at exactly the width its name gives (an escaped newline after every full
/// line and after a last, shorter one; none at all unwrapped). A file wrapped at another width,
/// or with other padding bits, decodes to the same asset but would make a pack that differs
/// from a `--no-cache` build; it is encoded again from the asset and overwritten.
enum Base64Cache {
    /// Whether the file at `url` is, byte for byte, the base64 of bytes with `sha256` (lowercase
    /// hex) and `size`, wrapped at `wrap` characters (nil: unwrapped).
    static func holds(_ url: URL, sha256: String, size: Int64, wrap: Int?) -> Bool {
        guard size >= 0, wrap.map({ $0 > 0 && $0 % 4 == 0 }) ?? true else { return false }
        guard let info = RegularFile.status(atPath: url.path, followingSymlink: false) else { return false }
        let lineLength = wrap ?? 0
        guard Int64(info.st_size) == Int64(gamepack_base64_length(Int(size), lineLength / 4)) else { return false }
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        var layout = Layout(lineLength: lineLength)
        var hasher = SHA256()
        var decodedCount: Int64 = 0
        var pending: [UInt8] = []
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            pending.reserveCapacity(pending.count + chunk.count)
            for byte in chunk {
                guard let character = layout.take(byte) else { return false }
                if character != 0 { pending.append(character) }
            }
            let whole = pending.count / 4 * 4
            guard whole > 0 else { continue }
            guard Self.hasCanonicalPadding(pending[whole - 4..<whole]),
                let decoded = Data(base64Encoded: Data(pending[0..<whole]))
            else { return false }
            hasher.update(data: decoded)
            decodedCount += Int64(decoded.count)
            pending.removeFirst(whole)
        }
        guard layout.isComplete, pending.isEmpty, decodedCount == size else { return false }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined() == sha256
    }

    /// Whether a group of four characters that ends in padding has zero bits under it, as an
    /// encoder writes them (`QQ==`, never `QR==`, though both decode to "A").
    static func hasCanonicalPadding(_ group: ArraySlice<UInt8>) -> Bool {
        let characters = Array(group)
        func value(_ character: UInt8) -> UInt8 {
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"): 62
            default: 63
            }
        }
        if characters[2] == UInt8(ascii: "=") { return characters[3] == UInt8(ascii: "=") && value(characters[1]) & 0x0F == 0 }
        if characters[3] == UInt8(ascii: "=") { return value(characters[2]) & 0x03 == 0 }
        return true
    }

    /// The wrapping a cache file must have, checked a byte at a time: base64 characters, `=`
    /// only at the end, and the two bytes `\n` exactly after every `lineLength` characters and
    /// after the last line.
    struct Layout {
        let lineLength: Int
        var column = 0
        var afterBackslash = false
        var sawPadding = false
        var ended = false

        init(lineLength: Int) { self.lineLength = lineLength }

        /// The base64 character `byte` adds (0 for a byte of an escaped newline), or nil when
        /// the byte cannot be there.
        mutating func take(_ byte: UInt8) -> UInt8? {
            guard !ended else { return nil }
            if afterBackslash {
                guard byte == UInt8(ascii: "n") else { return nil }
                afterBackslash = false
                if column < lineLength { ended = true }  // a shorter line is the last
                column = 0
                return 0
            }
            switch byte {
            case UInt8(ascii: "\\"):
                guard lineLength > 0, column > 0 else { return nil }
                afterBackslash = true
                return 0
            case UInt8(ascii: "="):
                sawPadding = true
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                guard !sawPadding else { return nil }
            default:
                return nil
            }
            guard lineLength == 0 || column < lineLength else { return nil }
            column += 1
            return byte
        }

        /// Whether the file may end here: unwrapped, or right after an escaped newline.
        var isComplete: Bool { !afterBackslash && (lineLength == 0 || column == 0) }
    }
}
