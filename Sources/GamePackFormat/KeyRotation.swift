import Foundation

/// Writing the next key set: `gamepack keys rotate --old OLD.key --new NEW.pub`.
public enum KeyRotation {
    /// The set after `chain`'s current one: its keys without `old` (kept, with `oldExpires`,
    /// when `keepOld`) and with `new`, signed by `old`, already checked as the next link of
    /// `chain` (`KeyChain.apply` at `now`).
    /// - Throws: `KeySetError.refused` when `old` is not an unexpired key of the current set,
    ///   `new` is `old`, or `new` was removed before (a cycle).
    public static func next(
        after chain: KeyChain, old: MinisignSecretKey, new: MinisignPublicKey, keepOld: Bool, oldExpires: Date?,
        now: Date
    ) throws -> SignedKeySet {
        let version = chain.version + 1
        func refuse(_ reason: String) -> KeySetError { .refused(version: version, reason: reason) }
        let oldID = old.publicKey.keyIDHex, newID = new.keyIDHex
        let current = chain.version == 0 ? "the shipped key" : "key set \(chain.version)"
        guard newID != oldID else {
            throw refuse("the new key \(newID) is the old key; create a new key with `gamepack keygen` and pass its .pub")
        }
        if let at = chain.removed[oldID] {
            throw refuse(
                "the old key \(oldID) was removed by key set \(at) and can sign nothing more; pass a key of \(current) "
                    + "(\(chain.keys.map(\.id).joined(separator: ", "))) as --old")
        }
        guard let entry = chain.keys.first(where: { $0.id == oldID }) else {
            throw refuse(
                "the old key \(oldID) is not in \(current) (\(chain.keys.map(\.id).joined(separator: ", "))); pass one "
                    + "of those as --old")
        }
        if entry.isExpired(at: now) {
            throw refuse(
                "the old key \(oldID) expired at \(entry.expires ?? "?") in \(current); pass another key of it as --old")
        }
        if let at = chain.removed[newID] {
            throw refuse(
                "the new key \(newID) was removed by key set \(at): a removed key never comes back (it may have "
                    + "leaked), so this would make a cycle; create a new key with `gamepack keygen`")
        }
        var keys = chain.keys.compactMap { key -> KeySet.Key? in
            guard key.id == oldID else { return key }
            return keepOld ? KeySet.Key(old.publicKey, expires: oldExpires.map(ChannelPointer.formatTime)) : nil
        }
        if !keys.contains(where: { $0.id == newID }) { keys.append(KeySet.Key(new)) }
        let set = KeySet(project: chain.project, version: version, created: ChannelPointer.formatTime(now), keys: keys)
        let signed = try SignedKeySet.sign(set, with: old)
        var check = chain
        try check.apply(signed, now: now)
        return signed
    }
}
