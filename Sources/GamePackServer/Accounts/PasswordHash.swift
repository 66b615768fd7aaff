import Crypto
import CryptoExtras
import Foundation
import GamePackFormat

/// Player passwords as stored: PBKDF2-HMAC-SHA256 with a random 16-byte salt, written
/// `pbkdf2-sha256$<rounds>$<salt base64>$<hash base64>`. The rounds are in the text, so they can
/// grow later without invalidating stored hashes. BoringSSL's PBKDF2 (swift-crypto's
/// CryptoExtras) takes some tens of milliseconds a hash here, which keeps KinveyKit's implicit
/// user creation well under its 0.5 s budget.
enum PasswordHash {
    /// PBKDF2 rounds for new hashes (OWASP's floor for PBKDF2-HMAC-SHA256 was 100,000 when
    /// KinveyKit's users were made; the budget of an implicit user's creation caps it).
    static let rounds = 100_000

    /// The stored text for `password`.
    static func make(_ password: String) throws -> String {
        var salt = [UInt8](repeating: 0, count: 16)
        var generator = SystemRandomNumberGenerator()
        for index in salt.indices { salt[index] = generator.next() }
        let hash = try derive(password, salt: salt, rounds: rounds)
        return "pbkdf2-sha256$\(rounds)$\(Data(salt).base64EncodedString())$\(Data(hash).base64EncodedString())"
    }

    /// Whether `password` matches `stored`, compared in constant time; false for a text this
    /// code does not know.
    static func verify(_ password: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$")
        guard parts.count == 4, parts[0] == "pbkdf2-sha256", let rounds = Int(parts[1]), rounds >= 1, rounds <= 10_000_000,
            let salt = Data(base64Encoded: String(parts[2])), let expected = Data(base64Encoded: String(parts[3])),
            let actual = try? derive(password, salt: Array(salt), rounds: rounds)
        else { return false }
        return constantTimeEqual(Array(expected), actual)
    }

    static func derive(_ password: String, salt: [UInt8], rounds: Int) throws -> [UInt8] {
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: 32, unsafeUncheckedRounds: rounds)
        return key.withUnsafeBytes { Array($0) }
    }

    /// Compares two byte strings in time that depends only on their lengths.
    static func constantTimeEqual(_ x: [UInt8], _ y: [UInt8]) -> Bool {
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }

    /// `count` random bytes as lowercase hex: ids (12 bytes, Kinvey's ObjectId size), generated
    /// passwords and session tokens (32 bytes).
    static func randomHex(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
