import Crypto
import Foundation

/// A minisign secret key: an Ed25519 private key and its 8-byte key id.
///
/// The file is an untrusted comment line and the base64 of minisign's 158-byte secret key
/// structure: signature algorithm `"Ed"`, key derivation `00 00` (no password) or `"Sc"`
/// (scrypt, refused here), checksum algorithm `"B2"`, 48 bytes of key derivation parameters
/// (zero when there is no password), the key id, libsodium's 64-byte secret key (seed ‖ public
/// key), and a BLAKE2b-256 checksum of algorithm ‖ key id ‖ secret key. gamepack writes
/// unencrypted keys, as `minisign -G -W` does; keep the file private (mode 0600) or in a CI
/// secret. Descriptions and errors show only the key id, never key bytes.
public struct MinisignSecretKey: Sendable {
    /// The key id (8 bytes, in file order) that signatures name.
    public let keyID: [UInt8]
    /// The Ed25519 private key that signs.
    public let ed25519Key: Curve25519.Signing.PrivateKey

    /// Bytes in the decoded base64 line.
    static let encodedByteCount = 2 + 2 + 2 + 32 + 8 + 8 + MinisignEncoding.keyIDByteCount + 64 + 32
    private static let noKeyDerivation: [UInt8] = [0, 0]
    private static let scryptKeyDerivation = Array("Sc".utf8)
    private static let blake2bChecksum = Array("B2".utf8)

    /// A secret key from its parts; `keyID` must be 8 bytes.
    public init(keyID: [UInt8], ed25519Key: Curve25519.Signing.PrivateKey) {
        precondition(keyID.count == MinisignEncoding.keyIDByteCount, "a minisign key id is 8 bytes")
        self.keyID = keyID
        self.ed25519Key = ed25519Key
    }

    /// A new key pair with a random key id.
    public static func generate() -> MinisignSecretKey {
        var generator = SystemRandomNumberGenerator()
        let keyID = (0..<MinisignEncoding.keyIDByteCount).map { _ in
            UInt8.random(in: .min ... .max, using: &generator)
        }
        return MinisignSecretKey(keyID: keyID, ed25519Key: Curve25519.Signing.PrivateKey())
    }

    /// Reads an unencrypted secret key file (written by `gamepack keygen` or `minisign -G -W`),
    /// or just its base64 line.
    ///
    /// Checks the BLAKE2b-256 checksum, except when it is all zeros: minisign 0.11 and
    /// earlier leave it blank in `-G -W` keys. In every case the public key stored in the
    /// file must be the one the private key derives, which catches corrupted key bytes.
    /// - Throws: `SignatureError.encryptedSecretKey` for password-protected keys,
    ///   `.badChecksum`, `.malformed` or `.unsupportedAlgorithm`.
    public init(fileContents: String) throws {
        let line = try MinisignEncoding.keyLine(of: fileContents, kind: .secretKey)
        let bytes = try MinisignEncoding.decode(
            line, byteCount: Self.encodedByteCount, kind: .secretKey, what: "secret key")
        let signatureAlgorithm = Array(bytes[0..<2])
        let keyDerivation = Array(bytes[2..<4])
        let checksumAlgorithm = Array(bytes[4..<6])
        guard signatureAlgorithm == MinisignEncoding.ed25519 else {
            throw SignatureError.unsupportedAlgorithm(
                .secretKey, algorithm: MinisignEncoding.printable(signatureAlgorithm))
        }
        if keyDerivation == Self.scryptKeyDerivation { throw SignatureError.encryptedSecretKey }
        guard keyDerivation == Self.noKeyDerivation else {
            throw SignatureError.unsupportedAlgorithm(
                .secretKey, algorithm: MinisignEncoding.printable(keyDerivation))
        }
        guard checksumAlgorithm == Self.blake2bChecksum else {
            throw SignatureError.unsupportedAlgorithm(
                .secretKey, algorithm: MinisignEncoding.printable(checksumAlgorithm))
        }
        let keyID = Array(bytes[54..<62])
        let secret = Array(bytes[62..<126])
        let checksum = Array(bytes[126..<158])
        if checksum.contains(where: { $0 != 0 }) {
            guard checksum == Self.checksum(keyID: keyID, secret: secret) else { throw SignatureError.badChecksum }
        }
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: secret[0..<32]),
            key.publicKey.rawRepresentation == Data(secret[32..<64])
        else { throw SignatureError.badChecksum }
        self.init(keyID: keyID, ed25519Key: key)
    }

    /// The public half, to publish and to verify with.
    public var publicKey: MinisignPublicKey {
        MinisignPublicKey(keyID: keyID, ed25519Key: ed25519Key.publicKey)
    }

    /// The key id as minisign prints it (16 uppercase hex digits).
    public var keyIDHex: String { MinisignEncoding.keyIDHex(keyID) }

    /// The unencrypted secret key file: a comment line and the base64 line, each ending in a
    /// newline. `minisign -S -s FILE` signs with it.
    public var fileContents: String {
        let secret = Array(ed25519Key.rawRepresentation) + Array(ed25519Key.publicKey.rawRepresentation)
        var bytes = MinisignEncoding.ed25519 + Self.noKeyDerivation + Self.blake2bChecksum
        bytes += [UInt8](repeating: 0, count: 32 + 8 + 8)
        bytes += keyID + secret + Self.checksum(keyID: keyID, secret: secret)
        let comment = "\(MinisignEncoding.untrustedCommentPrefix)minisign unencrypted secret key \(keyIDHex)"
        return "\(comment)\n\(Data(bytes).base64EncodedString())\n"
    }

    /// minisign's secret key checksum: BLAKE2b-256 of `"Ed"` ‖ key id ‖ 64-byte secret key.
    private static func checksum(keyID: [UInt8], secret: [UInt8]) -> [UInt8] {
        BLAKE2b.hash(Data(MinisignEncoding.ed25519 + keyID + secret), outputByteCount: 32)
    }
}

extension MinisignSecretKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `minisign secret key <KEYID>`: the key id only, never key bytes.
    public var description: String { "minisign secret key \(keyIDHex)" }
    /// The same as `description`, so debug output never shows key bytes.
    public var debugDescription: String { description }
    /// A mirror with the key id only, so `dump` and test failure messages never show key bytes.
    public var customMirror: Mirror { Mirror(self, children: ["keyID": keyIDHex], displayStyle: .struct) }
}
