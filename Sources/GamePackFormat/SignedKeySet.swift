import Foundation

/// A key set with its minisign signature, as `gamepack keys rotate` writes them and servers and
/// clients check them: the trusted comment is `gamepack key set <project> version <N>`.
public struct SignedKeySet: Sendable, Equatable {
    /// The key set.
    public var set: KeySet
    /// The exact bytes that were signed (`KeySet.encoded()`).
    public var bytes: Data
    /// The `.minisig` file text.
    public var signature: String

    public init(set: KeySet, bytes: Data, signature: String) {
        self.set = set
        self.bytes = bytes
        self.signature = signature
    }

    /// Decodes the set from `bytes` (see `KeySet.decode`); the signature is checked by
    /// `KeyChain.apply`, not here.
    public init(bytes: Data, signature: String) throws {
        self.init(set: try KeySet.decode(bytes), bytes: bytes, signature: signature)
    }

    /// The trusted comment a key set's signature carries.
    public static func trustedComment(project: String, version: Int) -> String {
        "gamepack key set \(project) version \(version)"
    }

    /// Signs `set` with `key` (a key of the previous set).
    public static func sign(_ set: KeySet, with key: MinisignSecretKey) throws -> SignedKeySet {
        let bytes = try set.encoded()
        let signature = try Minisign.sign(
            bytes, with: key, trustedComment: trustedComment(project: set.project, version: set.version))
        return SignedKeySet(set: set, bytes: bytes, signature: signature.fileContents)
    }
}
