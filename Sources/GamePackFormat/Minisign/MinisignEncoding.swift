import Foundation

/// The byte layouts and text conventions shared by minisign's key and signature files.
enum MinisignEncoding {
    /// Bytes in a key id.
    static let keyIDByteCount = 8
    /// Ed25519 signature algorithm header of keys and legacy signatures.
    static let ed25519 = Array("Ed".utf8)
    /// Prehashed (BLAKE2b-512, then Ed25519) signature algorithm header.
    static let prehashedEd25519 = Array("ED".utf8)
    /// Prefix of a signature file's first line and of key files' comment lines.
    static let untrustedCommentPrefix = "untrusted comment: "
    /// Prefix of a signature file's third line.
    static let trustedCommentPrefix = "trusted comment: "
    /// Longest untrusted comment, in UTF-8 bytes, that minisign reads back (its line buffer is
    /// 1024 bytes including the prefix, the newline and a terminating zero).
    static let maxUntrustedCommentByteCount = 1024 - untrustedCommentPrefix.utf8.count - 2
    /// Longest trusted comment, in UTF-8 bytes, that minisign signs and reads back.
    static let maxTrustedCommentByteCount = 8192 - trustedCommentPrefix.utf8.count - 2

    /// The lines of a key or signature file as minisign reads them: split at LF, with every
    /// CR dropped; the empty piece after a final newline is not a line.
    static func lines(of text: String) -> [String] {
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0.filter { $0 != UInt8(ascii: "\r") }, as: UTF8.self) }
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The line holding a key's base64: the second line of a two-line key file, or the only
    /// line when just the base64 is given.
    static func keyLine(of text: String, kind: SignatureError.FileKind) throws -> String {
        let lines = lines(of: text).map { $0.trimmingCharacters(in: .whitespaces) }
        switch lines.count {
        case 0:
            throw SignatureError.malformed(kind, problem: "the file is empty")
        case 1:
            if lines[0].hasPrefix("untrusted comment:") {
                throw SignatureError.malformed(kind, problem: "there is a comment line but no key line after it")
            }
            return lines[0]
        default:
            return lines[1]
        }
    }

    /// Decodes standard base64 (with padding) that must hold exactly `byteCount` bytes.
    static func decode(
        _ base64: String, byteCount: Int, kind: SignatureError.FileKind, what: String
    ) throws -> [UInt8] {
        guard let data = Data(base64Encoded: base64.trimmingCharacters(in: .whitespaces)) else {
            throw SignatureError.malformed(kind, problem: "the \(what) line is not base64")
        }
        guard data.count == byteCount else {
            if let found = Self.kind(ofEncodedByteCount: data.count), found != kind {
                throw SignatureError.wrongFileKind(expected: kind, found: found)
            }
            throw SignatureError.malformed(
                kind, problem: "the \(what) line holds \(data.count) bytes, expected \(byteCount)")
        }
        return Array(data)
    }

    /// The kind of file whose base64 line decodes to `count` bytes: each kind has its own size,
    /// so a public key given where a secret key belongs (or the reverse) is recognised.
    static func kind(ofEncodedByteCount count: Int) -> SignatureError.FileKind? {
        switch count {
        case MinisignPublicKey.encodedByteCount: .publicKey
        case MinisignSecretKey.encodedByteCount: .secretKey
        case MinisignSignature.encodedByteCount: .signature
        default: nil
        }
    }

    /// A key id the way minisign prints it: the 8 bytes read as a little-endian 64-bit
    /// number, in 16 uppercase hex digits.
    static func keyIDHex(_ keyID: [UInt8]) -> String {
        hex(keyID.reversed()).uppercased()
    }

    /// Two algorithm header bytes for a message: printable ASCII as is, others as `\xNN`.
    static func printable(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { byte in
            (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "\\x" + hex([byte])
        }.joined()
    }
}
