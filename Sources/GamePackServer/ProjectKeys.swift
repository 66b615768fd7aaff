import Foundation
import GamePackFormat

/// Which keys may sign a project's packs and pointers: the keys of the project's current key set
/// once it has one (its chain verified from the server's trusted keys), else the server's trusted
/// keys. A key a set removed is refused from then on.
struct ProjectKeys: Sendable {
    let store: any MetadataStore
    /// The keys `serve --trusted-key` names: version 0 of every project's chain.
    let trustedKeys: [MinisignPublicKey]

    /// The project's chain, its stored sets re-verified from the trusted keys (version 0 when it
    /// has none). The signers' expiry was checked when each set was stored, so it is not here.
    func chain(project: String) async throws -> KeyChain {
        var chain = KeyChain(project: project, trustedKeys: trustedKeys)
        for stored in try await store.keySets(project: project) {
            do {
                try chain.apply(
                    try SignedKeySet(bytes: Data(stored.document.utf8), signature: stored.signature), now: nil)
            } catch {
                throw ServerError(
                    .conflict, "key_chain_broken",
                    "the stored key sets of \(project) no longer verify from this server's trusted keys (\(error)); "
                        + "start the server with --trusted-key naming the key that signed key set 1 as well")
            }
        }
        return chain
    }

    /// Checks, before a pack's body is received (its project is not known yet), that `signature`
    /// is by a trusted key or by an unexpired key of some project's newest key set; the pack's
    /// own project decides once its manifest is read (`key(for:project:)`).
    /// - Throws: 403 `unknown_key`, or `untrusted_key` when a key set removed the key.
    func checkUploader(_ signature: MinisignSignature) async throws {
        if trustedKeys.contains(where: { $0.keyID == signature.keyID }) { return }
        var removal: ServerError?
        for project in try await store.keySetProjects() {
            let chain = try await chain(project: project)
            do {
                _ = try chain.signingKey(for: signature, at: Date())
                return
            } catch {
                if removal == nil, chain.removed[signature.keyIDHex] != nil {
                    removal = ServerError(.forbidden, "untrusted_key", "\(error)")
                }
            }
        }
        if let removal { throw removal }
        _ = try PackIngest.trustedKey(for: signature, in: trustedKeys)
    }

    /// The key that made `signature`, when it may sign for `project` now.
    /// - Throws: 403 `unknown_key` for a key neither trusted nor in the current set, or
    ///   `untrusted_key` for a key the project's key sets removed or let expire.
    func key(for signature: MinisignSignature, project: String) async throws -> MinisignPublicKey {
        let chain = try await chain(project: project)
        guard !chain.sets.isEmpty else { return try PackIngest.trustedKey(for: signature, in: trustedKeys) }
        do {
            return try chain.signingKey(for: signature, at: Date())
        } catch {
            throw ServerError(.forbidden, "untrusted_key", "\(error)")
        }
    }
}
