import Foundation
import GamePackContent
import GamePackFormat

/// Key sets in a static tree: `v1/keys/<project>/<N>.json` and `.json.minisig`, which clients
/// follow from the key they ship with (`KeyChain`).
extension StaticPublisher {
    /// Writes the key sets the tree lacks, after checking them: their chain (`KeySetFolder.chain`),
    /// that the sets already in the tree are the same bytes (a published set never changes) and
    /// none newer than the newest given, and that `signingKey` (which signs the pointer) is an
    /// unexpired key of the newest set, since clients would refuse its pointer otherwise. Each
    /// signature is renamed into place before its set. Returns how many sets were written.
    /// - Throws: `GamePackError.publishRefused` (naming `packName`) when a check fails, `.io`
    ///   when writing fails.
    @discardableResult
    public func publishKeySets(_ sets: [SignedKeySet], signingKey: MinisignPublicKey, packName: String, now: Date)
        throws -> Int
    {
        let refuse = { (reason: String) in GamePackError.publishRefused(pack: packName, reason: reason) }
        guard let newest = sets.last else { return 0 }
        let chain: KeyChain
        do {
            chain = try KeySetFolder.chain(sets, knownKeys: [signingKey], now: nil)
        } catch {
            throw refuse("\(error)")
        }
        let project = newest.set.project
        guard chain.activeKeys(at: now).contains(signingKey) else {
            throw refuse(
                "the pointer's key \(signingKey.keyIDHex) is not an unexpired key of key set \(chain.version) of "
                    + "\(project) (\(chain.keys.map(\.id).joined(separator: ", "))), so clients would refuse the "
                    + "pointer; sign with a key of that set")
        }
        let beyond = url(PublishLayout.keySet(project: project, version: chain.version + 1))
        if FileManager.default.fileExists(atPath: beyond.path) {
            throw refuse(
                "the tree already has key set \(chain.version + 1) of \(project), newer than the keys folder's newest; "
                    + "copy it (and its .minisig) into the keys folder first")
        }
        var written = 0
        for signed in sets {
            let version = signed.set.version
            let setURL = url(PublishLayout.keySet(project: project, version: version))
            if let existing = try? Data(contentsOf: setURL) {
                guard existing == signed.bytes else {
                    throw refuse(
                        "the tree's key set \(version) of \(project) differs from the keys folder's; a published "
                            + "key set never changes: copy the tree's sets into the keys folder and rotate from the newest")
                }
                continue
            }
            try write(Data(signed.signature.utf8), to: url(PublishLayout.keySetSignature(project: project, version: version)))
            try write(signed.bytes, to: setURL)
            written += 1
        }
        return written
    }
}
