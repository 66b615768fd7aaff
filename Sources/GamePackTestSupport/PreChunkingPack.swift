import Foundation
import GamePackFormat

/// Packs as builds made them before the canonical target was chunked: one
/// `canonical/<collection>.json` per collection. Readers (diff, the server's index, the client's
/// offline queries) must still read them; the tests make one from a chunked pack.
public enum PreChunkingPack {
    /// Writes to `destination` the pack at `source` with each canonical collection's chunks
    /// joined into one `canonical/<collection>.json` (items in chunk order); every other entry
    /// and manifest field as they were. Returns the manifest and the pack's BLAKE2b-512 (to sign).
    @discardableResult
    public static func write(from source: URL, to destination: URL) throws -> (PackManifest, [UInt8]) {
        let reader = try PackArchive.Reader(url: source)
        var manifest = try reader.manifest()
        let chunked = CanonicalLayout.collections(in: manifest.files.map(\.path))
        let chunkPaths = Set(chunked.values.joined())
        var entries: [PackArchive.Entry] = []
        var files = manifest.files.filter { !chunkPaths.contains($0.path) }
        for file in files {
            entries.append(
                PackArchive.Entry(path: file.path, source: .data(try reader.data(at: file.path, limit: 1 << 30)), compress: true))
        }
        for (collection, paths) in chunked {
            var items: [Any] = []
            var locales: Any = manifest.locales
            for path in paths {
                let chunk = try JSONSerialization.jsonObject(with: try reader.data(at: path)) as! [String: Any]
                items += chunk["items"] as! [Any]
                locales = chunk["locales"] ?? locales
            }
            let data = try JSONSerialization.data(
                withJSONObject: ["collection": collection, "locales": locales, "items": items],
                options: [.sortedKeys, .withoutEscapingSlashes])
            let path = "canonical/\(collection).json"
            var digest = Digest(sha256: true, md5: true, crc32: false)
            digest.update(data)
            let (sha256, md5) = digest.finalize()
            files.append(PackManifest.File(path: path, size: Int64(data.count), sha256: sha256, md5: md5))
            entries.append(PackArchive.Entry(path: path, source: .data(data), compress: true))
        }
        manifest.files = files.sorted { $0.path < $1.path }
        let digest = try PackArchive.write(
            manifest: manifest, entries: entries, modificationDate: Date(timeIntervalSince1970: 1_700_000_000), to: destination)
        return (manifest, digest)
    }

    /// `built` rewritten as a pre-chunking pack in `out` (its usual file name), signed with `key`.
    public static func signed(_ built: TestPacks.Built, out: URL, key: MinisignSecretKey) throws -> TestPacks.Built {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let destination = out.appendingPathComponent(built.pack.lastPathComponent)
        let (manifest, digest) = try write(from: built.pack, to: destination)
        let signature = URL(fileURLWithPath: destination.path + ".minisig")
        let text = try Minisign.sign(blake2bDigest: digest, with: key, trustedComment: TestPacks.trustedComment(for: manifest))
            .fileContents
        try Data(text.utf8).write(to: signature)
        return TestPacks.Built(pack: destination, signature: signature, manifest: manifest)
    }
}
