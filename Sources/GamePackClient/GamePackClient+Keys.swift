import Foundation
import GamePackFormat

/// Following the project's key sets from the pinned key to the current one (TUF's root
/// rotation): before each check the client asks for `v1/keys/<project>/<v+1>.json` and its
/// `.minisig`, v being the newest set it holds, until the tree or server has none (a missing
/// set means "no newer set"; any other failure is an error). Each set must be signed by an
/// unexpired key of the one before (`KeyChain.apply`). The verified sets are kept in the
/// storage folder (`keys.json`, written in one rename) and verified again from the pinned key
/// when loaded. Pointers and bundled packs are then trusted only when signed by an unexpired
/// key of the current set: a key a set removed is refused, even for content it signed before.
extension GamePackClient {
    /// `keys.json` in the storage folder: the verified key sets, oldest first.
    struct StoredKeySets: Codable {
        /// One set: its exact bytes (base64) and its `.minisig` text.
        struct Link: Codable {
            var keySet: String
            var signature: String
        }
        var sets: [Link]
    }

    /// The most key sets one check follows (a hostile server cannot keep a check going for ever).
    static let keySetLimit = 1_000

    var keySetsFile: URL { store.root.appendingPathComponent("keys.json") }

    /// The chain the pinned key starts: version `Configuration.keySetVersion`.
    var pinnedChain: KeyChain {
        KeyChain(
            project: configuration.project, trustedKeys: [configuration.publicKey], version: configuration.keySetVersion)
    }

    /// The chain as verified so far: loaded once per process from `keys.json` and verified
    /// again from the pinned key; the pinned key alone when the file is missing or no longer
    /// verifies (the sets are then fetched and verified again).
    func keys() -> KeyChain {
        if let keyChain { return keyChain }
        var chain = pinnedChain
        if let data = try? Data(contentsOf: keySetsFile) {
            do {
                for link in try JSONDecoder().decode(StoredKeySets.self, from: data).sets {
                    let bytes = Data(base64Encoded: link.keySet) ?? Data()
                    // Each signer's expiry was checked when the set was first applied.
                    try chain.apply(try SignedKeySet(bytes: bytes, signature: link.signature), now: nil)
                }
            } catch {
                chain = pinnedChain
            }
        }
        keyChain = chain
        return chain
    }

    /// The key of the current set that made `signature`.
    /// - Throws: `KeySetError.untrustedKey` for a key removed, expired or never listed.
    func signingKey(for signature: MinisignSignature) throws -> MinisignPublicKey {
        try keys().signingKey(for: signature, at: configuration.now())
    }

    /// Fetches and applies the key sets newer than the chain's, and keeps them. When the keys
    /// change, the installed content is checked again with them at its next use.
    /// - Throws: `GamePackClientError.keySetRefused` for a set that does not follow the chain
    ///   (the sets before it are kept), or a transport error.
    func followKeySets() async throws {
        let start = keys()
        var chain = start
        defer {
            if chain.version != start.version {
                try? saveKeySets(chain)
                keyChain = chain
                loaded = nil
            }
        }
        for _ in 0..<Self.keySetLimit {
            let version = chain.version + 1
            guard let bytes = try await optionalData(PublishLayout.keySet(project: configuration.project, version: version))
            else { return }
            let signature = try await optionalData(
                PublishLayout.keySetSignature(project: configuration.project, version: version))
            do {
                let signed = try SignedKeySet(bytes: bytes, signature: String(decoding: signature ?? Data(), as: UTF8.self))
                try chain.apply(signed, now: configuration.now())
            } catch KeySetError.refused(_, let reason) {
                throw GamePackClientError.keySetRefused(version: version, reason: reason)
            } catch {
                throw GamePackClientError.keySetRefused(version: version, reason: "\(error)")
            }
        }
    }

    /// A small layout file, or nil when the tree or server does not have it.
    private func optionalData(_ path: String) async throws -> Data? {
        do {
            return try await transport.data(path, limit: 256 << 10)
        } catch GamePackClientError.httpStatus(_, let status) where status == 404 {
            return nil
        }
    }

    /// Writes the chain's sets to `keys.json` in one rename.
    private func saveKeySets(_ chain: KeyChain) throws {
        let stored = StoredKeySets(
            sets: chain.sets.map { .init(keySet: $0.bytes.base64EncodedString(), signature: $0.signature) })
        try store.prepare()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try store.writeAtomically(try encoder.encode(stored), to: keySetsFile)
    }
}
