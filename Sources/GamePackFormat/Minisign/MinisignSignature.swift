import Foundation

/// A detached minisign signature, the contents of a `.minisig` file.
///
/// Four lines: `untrusted comment: <text>`; the base64 of algorithm ‖ key id ‖ 64-byte
/// Ed25519 signature of the file (prehashed: of its BLAKE2b-512); `trusted comment: <text>`;
/// the base64 of the global signature, Ed25519 over signature ‖ trusted comment bytes.
public struct MinisignSignature: Sendable, Equatable {
    /// What the Ed25519 signature covers.
    public enum Algorithm: String, Sendable, Equatable {
        /// `ED`: the BLAKE2b-512 of the file (minisign's default since 0.8; gamepack always signs so).
        case prehashed = "ED"
        /// `Ed`: the file's bytes themselves (legacy minisign, `minisign -S -l`; verified only).
        case pure = "Ed"
    }

    /// What the file signature covers.
    public var algorithm: Algorithm
    /// The id of the key that signed (8 bytes, in file order).
    public var keyID: [UInt8]
    /// The Ed25519 signature of the file or of its BLAKE2b-512 (64 bytes).
    public var signature: [UInt8]
    /// The first line's text after `untrusted comment: `; not signed, anyone may change it.
    public var untrustedComment: String
    /// The third line's text after `trusted comment: `; signed by `globalSignature`.
    public var trustedComment: String
    /// Ed25519 over `signature` ‖ the UTF-8 bytes of `trustedComment` (64 bytes).
    public var globalSignature: [UInt8]

    /// Bytes in the decoded second line: algorithm, key id, signature.
    static let encodedByteCount = 2 + MinisignEncoding.keyIDByteCount + 64

    /// A signature from its parts; `keyID` must be 8 bytes and both signatures 64 bytes.
    public init(
        algorithm: Algorithm, keyID: [UInt8], signature: [UInt8], untrustedComment: String,
        trustedComment: String, globalSignature: [UInt8]
    ) {
        precondition(keyID.count == MinisignEncoding.keyIDByteCount, "a minisign key id is 8 bytes")
        precondition(signature.count == 64 && globalSignature.count == 64, "Ed25519 signatures are 64 bytes")
        self.algorithm = algorithm
        self.keyID = keyID
        self.signature = signature
        self.untrustedComment = untrustedComment
        self.trustedComment = trustedComment
        self.globalSignature = globalSignature
    }

    /// Reads a `.minisig` file, as minisign does: lines end in LF (a CR before it is
    /// dropped), and anything after the fourth line is ignored.
    /// - Throws: `SignatureError.malformed` or `.unsupportedAlgorithm`.
    public init(fileContents: String) throws {
        let lines = MinisignEncoding.lines(of: fileContents)
        guard lines.count >= 4 else {
            throw SignatureError.malformed(
                .signature,
                problem: "it has \(lines.count) line(s), expected 4 (untrusted comment, signature, "
                    + "trusted comment, global signature)")
        }
        guard lines[0].hasPrefix(MinisignEncoding.untrustedCommentPrefix) else {
            throw SignatureError.malformed(.signature, problem: "line 1 should start with \"untrusted comment: \"")
        }
        guard lines[2].hasPrefix(MinisignEncoding.trustedCommentPrefix) else {
            throw SignatureError.malformed(.signature, problem: "line 3 should start with \"trusted comment: \"")
        }
        let bytes = try MinisignEncoding.decode(
            lines[1], byteCount: Self.encodedByteCount, kind: .signature, what: "signature (line 2)")
        let header = Array(bytes[0..<2])
        guard let algorithm = Algorithm(rawValue: String(decoding: header, as: UTF8.self)),
            Array(algorithm.rawValue.utf8) == header
        else {
            throw SignatureError.unsupportedAlgorithm(.signature, algorithm: MinisignEncoding.printable(header))
        }
        let global = try MinisignEncoding.decode(
            lines[3], byteCount: 64, kind: .signature, what: "global signature (line 4)")
        self.init(
            algorithm: algorithm, keyID: Array(bytes[2..<10]), signature: Array(bytes[10..<74]),
            untrustedComment: String(lines[0].dropFirst(MinisignEncoding.untrustedCommentPrefix.count)),
            trustedComment: String(lines[2].dropFirst(MinisignEncoding.trustedCommentPrefix.count)),
            globalSignature: global)
    }

    /// The `.minisig` file: the four lines, each ending in a newline.
    public var fileContents: String {
        let line2 = Data(Array(algorithm.rawValue.utf8) + keyID + signature).base64EncodedString()
        return """
            \(MinisignEncoding.untrustedCommentPrefix)\(untrustedComment)
            \(line2)
            \(MinisignEncoding.trustedCommentPrefix)\(trustedComment)
            \(Data(globalSignature).base64EncodedString())

            """
    }

    /// The signing key's id as minisign prints it (16 uppercase hex digits).
    public var keyIDHex: String { MinisignEncoding.keyIDHex(keyID) }
}
