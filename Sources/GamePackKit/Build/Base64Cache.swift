import Crypto
import Foundation

/// Checks a file of the base64 cache (`.gamepack/cache/base64/<sha256>-<wrap>.b64`) before a
/// build copies it into a pack. The cache sits in the project folder, where anyone who can add
/// a file to the repository can plant one, so its name is a claim, not a proof: the file is used
/// only when it is a regular file holding nothing but base64 characters (and the `\n` escapes
/// of wrapped lines) whose decoded bytes have the SHA-256 and size the asset catalog found.
/// Anything else is encoded again from the asset and overwritten.
enum Base64Cache {
    /// Whether the file at `url` is the base64 of bytes with `sha256` (lowercase hex) and `size`.
    static func holds(_ url: URL, sha256: String, size: Int64) -> Bool {
        var info = stat()
        guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        // Base64 is 4/3 of the bytes; wrapped lines add at most one escape per 4 characters.
        let encoded = (size + 2) / 3 * 4
        guard Int64(info.st_size) >= encoded, Int64(info.st_size) <= encoded * 3 / 2 + 2 else { return false }
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        var hasher = SHA256()
        var decodedCount: Int64 = 0
        var pending: [UInt8] = []
        var afterBackslash = false
        var sawPadding = false
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            pending.reserveCapacity(pending.count + chunk.count)
            for byte in chunk {
                if afterBackslash {
                    guard byte == UInt8(ascii: "n") else { return false }
                    afterBackslash = false
                    continue
                }
                switch byte {
                case UInt8(ascii: "\\"): afterBackslash = true
                case UInt8(ascii: "="):
                    sawPadding = true
                    pending.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                    guard !sawPadding else { return false }
                    pending.append(byte)
                default: return false
                }
            }
            let whole = pending.count / 4 * 4
            guard whole > 0 else { continue }
            guard let decoded = Data(base64Encoded: Data(pending[0..<whole])) else { return false }
            hasher.update(data: decoded)
            decodedCount += Int64(decoded.count)
            pending.removeFirst(whole)
        }
        guard !afterBackslash, pending.isEmpty, decodedCount == size else { return false }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined() == sha256
    }
}
