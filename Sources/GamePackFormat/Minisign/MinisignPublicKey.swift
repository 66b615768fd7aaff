import Crypto
import Foundation

/// A minisign public key: an Ed25519 public key and the 8-byte key id that signatures name.
///
/// The `.pub` file is two lines, `untrusted comment: minisign public key <KEYID>` and the
/// base64 of `"Ed"` ‖ key id ‖ 32-byte public key; `minisign -P` takes the second line alone.
public struct MinisignPublicKey: Sendable, Equatable {
    /// The key id (8 bytes, in file order), shared with the secret key and every signature it makes.
    public let keyID: [UInt8]
    /// The Ed25519 public key that checks signatures.
    public let ed25519Key: Curve25519.Signing.PublicKey

    /// Bytes in the decoded base64 line: algorithm, key id, public key.
    static let encodedByteCount = 2 + MinisignEncoding.keyIDByteCount + 32

    /// A public key from its parts; `keyID` must be 8 bytes.
    public init(keyID: [UInt8], ed25519Key: Curve25519.Signing.PublicKey) {
        precondition(keyID.count == MinisignEncoding.keyIDByteCount, "a minisign key id is 8 bytes")
        self.keyID = keyID
        self.ed25519Key = ed25519Key
    }

    /// Reads a `.pub` file (comment line and base64 line) or just its base64 line.
    /// - Throws: `SignatureError.malformed` or `.unsupportedAlgorithm`.
    public init(fileContents: String) throws {
        let line = try MinisignEncoding.keyLine(of: fileContents, kind: .publicKey)
        let bytes = try MinisignEncoding.decode(
            line, byteCount: Self.encodedByteCount, kind: .publicKey, what: "public key")
        guard Array(bytes[0..<2]) == MinisignEncoding.ed25519 else {
            throw SignatureError.unsupportedAlgorithm(.publicKey, algorithm: MinisignEncoding.printable(bytes[0..<2]))
        }
        let key: Curve25519.Signing.PublicKey
        do {
            key = try Curve25519.Signing.PublicKey(rawRepresentation: bytes[10..<42])
        } catch {
            throw SignatureError.malformed(.publicKey, problem: "the key bytes are not an Ed25519 public key")
        }
        self.init(keyID: Array(bytes[2..<10]), ed25519Key: key)
    }

    /// The base64 line of the `.pub` file (what `minisign -P` takes).
    public var base64: String {
        Data(MinisignEncoding.ed25519 + keyID + ed25519Key.rawRepresentation).base64EncodedString()
    }

    /// The `.pub` file: `untrusted comment: minisign public key <KEYID>`, then the base64 line,
    /// each ending in a newline.
    public var fileContents: String {
        "\(MinisignEncoding.untrustedCommentPrefix)minisign public key \(keyIDHex)\n\(base64)\n"
    }

    /// The key id as minisign prints it: 16 uppercase hex digits of the id read as a
    /// little-endian number.
    public var keyIDHex: String { MinisignEncoding.keyIDHex(keyID) }

    /// Whether two keys have the same id and the same Ed25519 key.
    public static func == (lhs: MinisignPublicKey, rhs: MinisignPublicKey) -> Bool {
        lhs.keyID == rhs.keyID && lhs.ed25519Key.rawRepresentation == rhs.ed25519Key.rawRepresentation
    }
}

extension MinisignPublicKey: CustomStringConvertible {
    /// `minisign public key <KEYID>`.
    public var description: String { "minisign public key \(keyIDHex)" }
}
