import Foundation

/// A folder of key sets as `gamepack keys rotate` writes it (`keys/` beside the project):
/// `<N>.json` and `<N>.json.minisig` for N = 1, 2, 3, …
public enum KeySetFolder {
    /// The file name of set `version`.
    public static func fileName(version: Int) -> String { "\(version).json" }

    /// The sets in `folder`, oldest first: versions 1…N with none missing, each with its
    /// signature (unchecked: `KeyChain` checks them). An absent folder holds none.
    /// - Throws: `KeySetError.invalid` for a gap, a missing signature or an unreadable set.
    public static func load(_ folder: URL) throws -> [SignedKeySet] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        let versions = names.compactMap { name -> Int? in
            guard name.hasSuffix(".json"), let version = Int(name.dropLast(5)), version >= 1 else { return nil }
            return version
        }.sorted()
        var sets: [SignedKeySet] = []
        for (index, version) in versions.enumerated() {
            guard version == index + 1 else {
                throw KeySetError.invalid(
                    "\(folder.path) has no \(fileName(version: index + 1)) before \(fileName(version: version)); "
                        + "key sets are numbered 1, 2, 3, … without gaps")
            }
            let url = folder.appendingPathComponent(fileName(version: version))
            let signatureURL = url.appendingPathExtension("minisig")
            let bytes: Data
            let signature: String
            do {
                bytes = try Data(contentsOf: url)
            } catch {
                throw KeySetError.invalid("cannot read \(url.path): \(error.localizedDescription)")
            }
            do {
                signature = try String(contentsOf: signatureURL, encoding: .utf8)
            } catch {
                throw KeySetError.invalid(
                    "\(url.path) has no signature \(signatureURL.lastPathComponent): an unsigned key set is never "
                        + "trusted; write it with `gamepack keys rotate`")
            }
            do {
                sets.append(try SignedKeySet(bytes: bytes, signature: signature))
            } catch {
                throw KeySetError.invalid("\(url.path): \(error)")
            }
        }
        return sets
    }

    /// The chain of a folder's `sets`, whose shipped key (the signer of set 1) the folder does not
    /// hold: set 1's signature is checked when its signer is among `knownKeys` or set 1's own keys,
    /// and set 1 is taken as the start otherwise; every later set is checked as `KeyChain.apply`
    /// does (clients and servers check set 1 too, from the key they trust).
    public static func chain(_ sets: [SignedKeySet], knownKeys: [MinisignPublicKey], now: Date?) throws -> KeyChain {
        guard let first = sets.first else { throw KeySetError.invalid("the folder holds no key set") }
        let project = first.set.project
        let signerID = (try? MinisignSignature(fileContents: first.signature))?.keyIDHex
        let candidates = knownKeys + first.set.keys.compactMap { try? $0.minisignKey() }
        if let anchor = candidates.first(where: { $0.keyIDHex == signerID }) {
            return try KeyChain.verify(project: project, trustedKeys: [anchor], sets: sets, now: now)
        }
        guard signerID != nil else {
            throw KeySetError.refused(
                version: 1, reason: "it has no valid minisign signature; write it with `gamepack keys rotate`")
        }
        var chain = KeyChain(
            project: project, trustedKeys: first.set.keys.compactMap { try? $0.minisignKey() }, version: 1)
        for set in sets.dropFirst() { try chain.apply(set, now: now) }
        return chain
    }
}
