import Foundation

/// A channel pointer with its minisign signature, as the CLI makes them and the server checks
/// them: the trusted comment is `gamepack channel pointer <project>/<channel> sequence <N>`.
public struct SignedPointer: Sendable {
    /// The pointer.
    public var pointer: ChannelPointer
    /// The exact bytes that were signed (`ChannelPointer.encoded()`).
    public var bytes: Data
    /// The `.minisig` file text.
    public var signature: String

    public init(pointer: ChannelPointer, bytes: Data, signature: String) {
        self.pointer = pointer
        self.bytes = bytes
        self.signature = signature
    }

    /// The trusted comment a pointer's signature carries.
    public static func trustedComment(project: String, channel: String, sequence: Int64) -> String {
        "gamepack channel pointer \(project)/\(channel) sequence \(sequence)"
    }

    /// Signs `pointer` with `key`.
    public static func sign(_ pointer: ChannelPointer, with key: MinisignSecretKey) throws -> SignedPointer {
        let bytes = try pointer.encoded()
        let signature = try Minisign.sign(
            bytes, with: key,
            trustedComment: trustedComment(project: pointer.project, channel: pointer.channel, sequence: pointer.sequence))
        return SignedPointer(pointer: pointer, bytes: bytes, signature: signature.fileContents)
    }
}
