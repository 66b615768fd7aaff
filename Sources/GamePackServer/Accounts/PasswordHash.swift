import Crypto
import CryptoExtras
import Foundation

/// Salted, slow password hashes for player accounts: PBKDF2-HMAC-SHA256 (RFC 8018), written
/// as `pbkdf2-sha256$<iterations>$<salt, base64>$<hash, base64>` (Django's layout), so a stored
/// hash carries what is needed to check it and old hashes keep working when the default
/// iteration count grows.
///
/// PBKDF2 is BoringSSL's, through swift-crypto's CryptoExtras: a PBKDF2 written in Swift took
/// seconds a hash in debug builds, past the 0.5 s in which KinveyKit's implicit user must be
/// created (`docs/contract-whack-a-vc.md`). `AccountsTests` checks it against RFC 7914's
/// PBKDF2-HMAC-SHA256 test vectors.
public enum PasswordHash {
    /// Iterations for new hashes: above OWASP's old 100,000 floor, about 0.1 s on one core.
    public static let defaultIterations = 150_000
    /// The fewest and most iterations a stored hash may name (fewer is too fast to guess
    /// against; more lets a hostile configuration stall the server).
    public static let iterationRange = 100_000...5_000_000
    /// Bytes of random salt and of derived key.
    static let saltBytes = 16
    static let keyBytes = 32
    static let scheme = "pbkdf2-sha256"

    /// A new hash of `password` with a fresh random salt.
    public static func make(_ password: String, iterations: Int = defaultIterations) -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<saltBytes).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let key = pbkdf2SHA256(password: Array(password.utf8), salt: salt, iterations: iterations, length: keyBytes)
        return [scheme, String(iterations), Data(salt).base64EncodedString(), Data(key).base64EncodedString()]
            .joined(separator: "$")
    }

    /// Whether `text` is a hash this type can check (scheme, iterations in range, salt and key).
    public static func isWellFormed(_ text: String) -> Bool { parse(text) != nil }

    /// Whether `password` matches the stored `hash`, comparing in constant time. A malformed
    /// hash matches nothing.
    public static func verify(_ password: String, against hash: String) -> Bool {
        guard let (iterations, salt, key) = parse(hash) else { return false }
        let candidate = pbkdf2SHA256(password: Array(password.utf8), salt: salt, iterations: iterations, length: key.count)
        return constantTimeEqual(candidate, key)
    }

    static func parse(_ text: String) -> (iterations: Int, salt: [UInt8], key: [UInt8])? {
        let parts = text.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == scheme, let iterations = Int(parts[1]), iterationRange.contains(iterations),
            let salt = Data(base64Encoded: String(parts[2])), salt.count >= 8,
            let key = Data(base64Encoded: String(parts[3])), key.count >= 16, key.count <= 64
        else { return nil }
        return (iterations, Array(salt), Array(key))
    }

    /// Compares two byte strings in time that depends only on their lengths.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// PBKDF2 (RFC 8018, section 5.2) with HMAC-SHA256 as its pseudorandom function, by
    /// BoringSSL (swift-crypto's CryptoExtras). `iterations` is within `iterationRange` (checked by
    /// `parse` for stored hashes).
    static func pbkdf2SHA256(password: [UInt8], salt: [UInt8], iterations: Int, length: Int) -> [UInt8] {
        // deriveKey throws only for a hash function it does not know or a BoringSSL failure.
        guard
            let key = try? KDF.Insecure.PBKDF2.deriveKey(
                from: password, salt: salt, using: .sha256, outputByteCount: length,
                unsafeUncheckedRounds: max(iterations, 1))
        else { return [] }
        return key.withUnsafeBytes { Array($0) }
    }
}
