import Foundation

/// The body of `PUT /v1/keys/<project>/<version>.json`: a signed key set. The server checks it
/// against the project's chain (`KeyChain`) and, once stored, trusts only the set's keys for the
/// project's packs and pointers.
public struct KeySetUpload: Codable, Sendable, Equatable {
    /// Base64 of the exact key set bytes that were signed (`KeySet.encoded()`).
    public var keySet: String
    /// The key set's `.minisig` file text.
    public var signature: String

    public init(keySet: String, signature: String) {
        self.keySet = keySet
        self.signature = signature
    }

    /// The upload of `signed`.
    public init(_ signed: SignedKeySet) {
        self.init(keySet: signed.bytes.base64EncodedString(), signature: signed.signature)
    }
}
