import Foundation

/// The body of `PUT /v1/channels/<project>/<channel>.json`: a signed channel pointer and what
/// the write is for. The server checks the signature against its trusted keys and makes the
/// pointer the channel's head.
public struct PointerUpload: Codable, Sendable, Equatable {
    /// Base64 of the exact pointer bytes that were signed (`ChannelPointer.encoded()`).
    public var pointer: String
    /// The pointer's `.minisig` file text.
    public var signature: String
    /// `publish`, `promote` or `rollback`; the server takes `publish` when it is absent.
    public var action: String?

    public init(pointer: String, signature: String, action: String?) {
        self.pointer = pointer
        self.signature = signature
        self.action = action
    }

    /// The upload of `signed`, for `action`.
    public init(_ signed: SignedPointer, action: String?) {
        self.init(pointer: signed.bytes.base64EncodedString(), signature: signed.signature, action: action)
    }
}
