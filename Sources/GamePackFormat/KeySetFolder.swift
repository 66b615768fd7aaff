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
}
