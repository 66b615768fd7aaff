import Foundation

/// A project's chain of key sets, verified from the keys an app ships with (or a server trusts)
/// to the current set: the one check clients and servers share.
///
/// The trusted keys are version 0. Set N+1 is applied only when its version is exactly N+1,
/// its project is the chain's, its signature (with the trusted comment
/// `gamepack key set <project> version <N+1>`) verifies with a key of set N that has not
/// expired, and it does not list a key that an earlier set removed: a removed key (lost or
/// leaked) never comes back. Pointers and packs are then trusted only when signed by a
/// key of the current set that has not expired (`signingKey(for:at:)`).
public struct KeyChain: Sendable, Equatable {
    /// The project the chain belongs to.
    public let project: String
    /// The current set's version: 0 while only the trusted keys are known.
    public private(set) var version: Int
    /// The current set's keys.
    public private(set) var keys: [KeySet.Key]
    /// Every key id a set dropped, with the version of the set that dropped it.
    public private(set) var removed: [String: Int]
    /// The sets applied, oldest first.
    public private(set) var sets: [SignedKeySet]

    /// A chain at `version` (0: the keys the app ships with) holding `trustedKeys`.
    public init(project: String, trustedKeys: [MinisignPublicKey], version: Int = 0) {
        self.project = project
        self.version = version
        keys = trustedKeys.map { KeySet.Key($0) }
        removed = [:]
        sets = []
    }

    /// Verifies `sets` in order from `trustedKeys`; see `apply(_:now:)`.
    public static func verify(
        project: String, trustedKeys: [MinisignPublicKey], sets: [SignedKeySet], now: Date?, version: Int = 0
    ) throws -> KeyChain {
        var chain = KeyChain(project: project, trustedKeys: trustedKeys, version: version)
        for set in sets { try chain.apply(set, now: now) }
        return chain
    }

    /// Makes `signed` the current set when it follows the chain; otherwise throws
    /// `KeySetError.refused` saying why and what to do, and changes nothing.
    /// - Parameter now: the instant the signer's expiry is checked at; nil to skip that check
    ///   (re-verifying sets that were checked when they were first applied).
    public mutating func apply(_ signed: SignedKeySet, now: Date?) throws {
        let set = signed.set
        func refuse(_ reason: String) -> KeySetError { .refused(version: set.version, reason: reason) }
        guard set.project == project else {
            throw refuse("it is for project \(set.project), not \(project)")
        }
        guard set.version == version + 1 else {
            throw refuse(
                "it does not follow version \(version): key sets are applied one version at a time, so "
                    + "version \(version + 1) must come first")
        }
        let signature = try checkedSignature(of: signed, now: now)
        let comment = SignedKeySet.trustedComment(project: project, version: set.version)
        guard signature.trustedComment == comment else {
            throw refuse("its signature's trusted comment is \"\(signature.trustedComment)\", not \"\(comment)\"")
        }
        for key in set.keys {
            if let at = removed[key.id] {
                throw refuse(
                    "it adds key \(key.id) again, which key set \(at) removed: a removed key never comes back (it "
                        + "may have leaked), so this would make a cycle; create a new key with `gamepack keygen` "
                        + "and rotate to that")
            }
        }
        let kept = Set(set.keyIDs)
        for key in keys where !kept.contains(key.id) { removed[key.id] = set.version }
        keys = set.keys
        version = set.version
        sets.append(signed)
    }

    /// Checks that `signed` is signed by an unexpired key of the current set; returns the signature.
    private func checkedSignature(of signed: SignedKeySet, now: Date?) throws -> MinisignSignature {
        let set = signed.set
        let previous = sets.isEmpty ? "the trusted keys (version \(version))" : "key set \(version)"
        let advice =
            "sign it with a key of \(previous) (`gamepack keys rotate --old <that key's .key file>`)"
        let signature: MinisignSignature
        do {
            signature = try MinisignSignature(fileContents: signed.signature)
        } catch {
            throw KeySetError.refused(
                version: set.version, reason: "it has no valid minisign signature (\(error)); \(advice)")
        }
        let id = signature.keyIDHex
        if let at = removed[id] {
            throw KeySetError.refused(
                version: set.version,
                reason: "it is signed by key \(id), which key set \(at) removed and which is trusted no more; \(advice)")
        }
        guard let entry = keys.first(where: { $0.id == id }), let key = try? entry.minisignKey() else {
            throw KeySetError.refused(
                version: set.version,
                reason: "it is signed by key \(id), which is not in \(previous) (\(keyList)); \(advice)")
        }
        if let now, entry.isExpired(at: now) {
            throw KeySetError.refused(
                version: set.version,
                reason: "it is signed by key \(id), which expired at \(entry.expires ?? "?") in \(previous); \(advice)")
        }
        do {
            try Minisign.verify(signed.bytes, signature: signature, publicKey: key)
        } catch {
            throw KeySetError.refused(
                version: set.version, reason: "its signature by key \(id) does not verify (\(error)); \(advice)")
        }
        return signature
    }

    /// The current keys' ids, for messages.
    var keyList: String { keys.isEmpty ? "no keys" : "keys " + keys.map(\.id).joined(separator: ", ") }

    /// The key of the current set that made `signature`, when it is there and has not expired at
    /// `now` (nil: expiry not checked).
    /// - Throws: `KeySetError.untrustedKey` saying whether the key was removed, expired or never
    ///   listed, and what to sign with instead.
    public func signingKey(for signature: MinisignSignature, at now: Date?) throws -> MinisignPublicKey {
        let id = signature.keyIDHex
        let current = sets.isEmpty ? "the trusted keys" : "key set \(version) of \(project)"
        let advice = "sign with a key of \(current) (\(keyList))"
        if let at = removed[id] {
            throw KeySetError.untrustedKey(
                "key \(id) was removed by key set \(at) of \(project): nothing it signs is trusted any more, "
                    + "even what it signed before; \(advice)")
        }
        guard let entry = keys.first(where: { $0.id == id }), let key = try? entry.minisignKey() else {
            throw KeySetError.untrustedKey("key \(id) is not in \(current); \(advice)")
        }
        if let now, entry.isExpired(at: now) {
            throw KeySetError.untrustedKey("key \(id) expired at \(entry.expires ?? "?") in \(current); \(advice)")
        }
        return key
    }

    /// The current set's keys that have not expired at `now`, as minisign keys.
    public func activeKeys(at now: Date) -> [MinisignPublicKey] {
        keys.filter { !$0.isExpired(at: now) }.compactMap { try? $0.minisignKey() }
    }
}
