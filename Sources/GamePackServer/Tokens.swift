import Crypto
import Foundation
import GamePackFormat

/// Upload tokens: 32 random bytes as `gpt_` + 64 hex digits, shown once at creation and stored
/// only as their SHA-256 (a fast hash is enough for 256 random bits: there is nothing to
/// guess). A token's id is the first 12 hex digits of that hash.
public enum UploadTokens {
    /// A new token and the row that stores it.
    public static func create(note: String = "") -> (token: String, stored: StoredToken) {
        var bytes = [UInt8](repeating: 0, count: 32)
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = generator.next() }
        let token = "gpt_" + hex(bytes)
        let hash = self.hash(token)
        return (token, StoredToken(id: String(hash.prefix(12)), hash: hash, created: ChannelPointerTime.now(), note: note))
    }

    /// Lowercase hex SHA-256 of a token's text.
    public static func hash(_ token: String) -> String { Digest.sha256Hex(Data(token.utf8)) }

    /// Compares two strings in time that depends only on their lengths.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
