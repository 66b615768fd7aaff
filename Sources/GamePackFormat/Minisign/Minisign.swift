import Crypto
import Foundation

/// Signing and verifying files the way minisign does, so that `minisign -V` accepts
/// gamepack's signatures and gamepack accepts `minisign -S`'s.
public enum Minisign {
    /// Bytes read at a time when hashing a file: files are streamed, never held whole.
    static let chunkByteCount = 1 << 20

    /// Signs the file at `url`: Ed25519 over its BLAKE2b-512 (prehashed, `ED`), read in
    /// 1 MiB chunks, and the global signature over the signature and `trustedComment`.
    /// - Parameters:
    ///   - trustedComment: signed text shown by `minisign -V` (one line, at most 8173 UTF-8 bytes).
    ///   - untrustedComment: unsigned first-line text (one line, at most 1003 UTF-8 bytes).
    /// - Throws: `SignatureError.unreadableFile` or `.invalidComment`.
    public static func sign(
        fileAt url: URL, with key: MinisignSecretKey, trustedComment: String,
        untrustedComment: String = "signature from gamepack secret key"
    ) throws -> MinisignSignature {
        try checkComments(trusted: trustedComment, untrusted: untrustedComment)
        return try sign(
            prehash: prehash(fileAt: url), with: key, trustedComment: trustedComment,
            untrustedComment: untrustedComment)
    }

    /// Signs `data` like `sign(fileAt:with:trustedComment:untrustedComment:)` signs a file.
    public static func sign(
        _ data: Data, with key: MinisignSecretKey, trustedComment: String,
        untrustedComment: String = "signature from gamepack secret key"
    ) throws -> MinisignSignature {
        try checkComments(trusted: trustedComment, untrusted: untrustedComment)
        return try sign(
            prehash: BLAKE2b.hash(data), with: key, trustedComment: trustedComment,
            untrustedComment: untrustedComment)
    }

    /// Signs a file whose BLAKE2b-512 digest the caller already computed while writing it
    /// (the pack writer hashes its output as it goes, so the pack is not read again).
    public static func sign(
        blake2bDigest digest: [UInt8], with key: MinisignSecretKey, trustedComment: String,
        untrustedComment: String = "signature from gamepack secret key"
    ) throws -> MinisignSignature {
        precondition(digest.count == 64, "a minisign prehash is a 64-byte BLAKE2b-512 digest")
        try checkComments(trusted: trustedComment, untrusted: untrustedComment)
        return try sign(prehash: digest, with: key, trustedComment: trustedComment, untrustedComment: untrustedComment)
    }

    /// Verifies the file at `url` against `signature` and `publicKey`: first that the key ids
    /// match, then the file signature (prehashed `ED`, streamed; or legacy `Ed`, over the
    /// mapped file), then the global signature over the trusted comment.
    /// - Throws: `SignatureError.wrongKey`, `.signatureMismatch`, `.trustedCommentTampered`
    ///   or `.unreadableFile`.
    public static func verify(fileAt url: URL, signature: MinisignSignature, publicKey: MinisignPublicKey) throws {
        try checkKeyID(signature, publicKey)
        switch signature.algorithm {
        case .prehashed:
            try verifyFileSignature(message: prehash(fileAt: url), signature, publicKey)
        case .pure:
            let data: Data
            do {
                data = try Data(contentsOf: url, options: .alwaysMapped)
            } catch {
                throw SignatureError.unreadableFile(path: url.path, reason: reason(error))
            }
            try verifyFileSignature(message: data, signature, publicKey)
        }
        try verifyGlobalSignature(signature, publicKey)
    }

    /// Verifies `data` like `verify(fileAt:signature:publicKey:)` verifies a file.
    public static func verify(_ data: Data, signature: MinisignSignature, publicKey: MinisignPublicKey) throws {
        try checkKeyID(signature, publicKey)
        switch signature.algorithm {
        case .prehashed: try verifyFileSignature(message: BLAKE2b.hash(data), signature, publicKey)
        case .pure: try verifyFileSignature(message: data, signature, publicKey)
        }
        try verifyGlobalSignature(signature, publicKey)
    }

    /// Whether `signature`'s trusted comment was signed by `publicKey` (its global signature
    /// checks), whatever file it was made for: after a `.signatureMismatch` this tells a
    /// signature made for another file, whose trusted comment can then be believed, from a
    /// forged one.
    public static func hasAuthenticTrustedComment(_ signature: MinisignSignature, publicKey: MinisignPublicKey) -> Bool {
        guard signature.keyID == publicKey.keyID else { return false }
        return (try? verifyGlobalSignature(signature, publicKey)) != nil
    }

    /// The BLAKE2b-512 of the file at `url`, read in 1 MiB chunks.
    static func prehash(fileAt url: URL) throws -> [UInt8] {
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            var hasher = BLAKE2b(outputByteCount: 64)
            while let chunk = try handle.read(upToCount: chunkByteCount), !chunk.isEmpty {
                hasher.update(chunk)
            }
            return hasher.finalize()
        } catch {
            throw SignatureError.unreadableFile(path: url.path, reason: reason(error))
        }
    }

    private static func sign(
        prehash: [UInt8], with key: MinisignSecretKey, trustedComment: String, untrustedComment: String
    ) throws -> MinisignSignature {
        let signature = try Array(key.ed25519Key.signature(for: prehash))
        let global = try Array(key.ed25519Key.signature(for: signature + Array(trustedComment.utf8)))
        return MinisignSignature(
            algorithm: .prehashed, keyID: key.keyID, signature: signature, untrustedComment: untrustedComment,
            trustedComment: trustedComment, globalSignature: global)
    }

    /// Refuses comments that would break the file's lines or minisign's line buffers.
    private static func checkComments(trusted: String, untrusted: String) throws {
        for (name, text, limit) in [
            ("trusted", trusted, MinisignEncoding.maxTrustedCommentByteCount),
            ("untrusted", untrusted, MinisignEncoding.maxUntrustedCommentByteCount),
        ] {
            if text.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") || $0 == 0 }) {
                throw SignatureError.invalidComment(
                    "the \(name) comment must be one line (no line breaks or NUL characters)")
            }
            if text.utf8.count > limit {
                throw SignatureError.invalidComment(
                    "the \(name) comment is \(text.utf8.count) bytes; minisign reads at most \(limit)")
            }
        }
    }

    private static func checkKeyID(_ signature: MinisignSignature, _ publicKey: MinisignPublicKey) throws {
        guard signature.keyID == publicKey.keyID else {
            throw SignatureError.wrongKey(signatureKeyID: signature.keyIDHex, publicKeyID: publicKey.keyIDHex)
        }
    }

    private static func verifyFileSignature(
        message: some DataProtocol, _ signature: MinisignSignature, _ publicKey: MinisignPublicKey
    ) throws {
        guard publicKey.ed25519Key.isValidSignature(signature.signature, for: message) else {
            throw SignatureError.signatureMismatch
        }
    }

    private static func verifyGlobalSignature(_ signature: MinisignSignature, _ publicKey: MinisignPublicKey) throws {
        let signed = signature.signature + Array(signature.trustedComment.utf8)
        guard publicKey.ed25519Key.isValidSignature(signature.globalSignature, for: signed) else {
            throw SignatureError.trustedCommentTampered
        }
    }

    /// A short reason for an I/O error, without Foundation's long domain text.
    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain,
            let message = strerror(Int32(posix.code))
        {
            return String(cString: message)
        }
        return nsError.localizedDescription
    }
}
