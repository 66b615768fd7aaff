/// Errors of minisign keys and signatures: reading key and signature files, signing, and
/// verifying. No case ever carries secret key material.
public enum SignatureError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of minisign file a problem was found in.
    public enum FileKind: String, Sendable, Equatable, CustomStringConvertible {
        /// A `.pub` file (`untrusted comment: minisign public key …` and a base64 line).
        case publicKey = "public key"
        /// A secret key file, as written by `gamepack keygen` or `minisign -G`.
        case secretKey = "secret key"
        /// A detached `.minisig` signature file.
        case signature = "signature"

        /// The kind in words, for messages.
        public var description: String { rawValue }
    }

    /// A key or signature file is not in minisign's format; `problem` says what is wrong.
    case malformed(FileKind, problem: String)
    /// A well-formed minisign file of another kind than the one asked for: a public key given
    /// where the secret key belongs, or the reverse.
    case wrongFileKind(expected: FileKind, found: FileKind)
    /// The signature was made by another key than the public key it is checked with; both
    /// key ids are in minisign's notation (16 uppercase hex digits).
    case wrongKey(signatureKeyID: String, publicKeyID: String)
    /// The signed bytes do not match the signature: the file was changed or corrupted.
    case signatureMismatch
    /// The file matches, but the trusted comment or the global signature was changed.
    case trustedCommentTampered
    /// A key or signature names an algorithm gamepack does not implement (`algorithm` is the
    /// two header bytes, printable characters kept and others written as `\xNN`).
    case unsupportedAlgorithm(FileKind, algorithm: String)
    /// The secret key is protected with a password (minisign's scrypt `Sc` key derivation).
    case encryptedSecretKey
    /// The secret key's BLAKE2b checksum, or its embedded public key, does not match the key.
    case badChecksum
    /// A comment to be signed or written cannot go into a signature file.
    case invalidComment(String)
    /// A file to sign or verify could not be read.
    case unreadableFile(path: String, reason: String)

    /// The message shown to the user: what went wrong and what to do about it.
    public var description: String {
        switch self {
        case .malformed(let kind, let problem):
            "not a valid minisign \(kind) file: \(problem)"
        case .wrongFileKind(let expected, let found):
            "this is a minisign \(found), not a \(expected)"
        case .wrongKey(let signatureKeyID, let publicKeyID):
            "the signature was made with key \(signatureKeyID), but the public key given is \(publicKeyID): "
                + "verify with the public key \(signatureKeyID), or sign again with the secret key of \(publicKeyID)"
        case .signatureMismatch:
            "the file does not match its signature (changed or corrupted)"
        case .trustedCommentTampered:
            "the signature's trusted comment was changed after signing (or the signature file is corrupted); "
                + "get the original signature file or sign the file again"
        case .unsupportedAlgorithm(let kind, let algorithm):
            "the \(kind) uses algorithm '\(algorithm)', which gamepack does not support: it reads Ed25519 keys "
                + "('Ed') with BLAKE2b checksums ('B2') and no password, and signatures that are prehashed ('ED') "
                + "or legacy ('Ed')"
        case .encryptedSecretKey:
            "the secret key is encrypted with a password, which gamepack does not support: create an unencrypted "
                + "key with `gamepack keygen` or `minisign -G -W`, or remove the password from this one with "
                + "`minisign -C -W -s KEYFILE` (and then keep the file private: mode 0600, or a CI secret)"
        case .badChecksum:
            "the secret key's checksum does not match the key: the key file is corrupted or was edited; "
                + "restore it from a backup or create a new key pair"
        case .invalidComment(let problem):
            "invalid comment: \(problem)"
        case .unreadableFile(let path, let reason):
            "cannot read \(path): \(reason)"
        }
    }
}
