import Foundation
import GamePackFormat

/// What `gamepack serve migrate-blobs` did.
public struct BlobImport: Sendable {
    /// Blobs copied into the database now.
    public var imported = 0
    /// Their bytes.
    public var bytes: Int64 = 0
    /// Blobs the database already had.
    public var present = 0
    /// gzip copies made again from their checked originals.
    public var gzipCopies = 0
    /// Files refused: their bytes do not hash to their names (or, for a manifest, to its pack's row).
    public var refused: [BlobDamage] = []
}

extension PostgresBlobStore {
    /// Copies every blob of the data folder `folder` into the database, checking each one's
    /// SHA-256 against its name first (a manifest's against its pack's row; a signature carries
    /// no hash of its own and is copied as it is). gzip copies are not copied but made again
    /// from the checked files. Blobs already in the database are left as they are, so a second
    /// run imports nothing new.
    public func importFolder(_ folder: FolderBlobStore) async throws -> BlobImport {
        var result = BlobImport()
        var gzipWanted: Set<String> = []
        for name in Self.names(in: folder.url("gzip")) where name.hasSuffix(".gz") {
            gzipWanted.insert(String(name.dropLast(3)))
        }
        for (path, expected) in try await expectedHashes(folder) {
            let url = folder.url(path)
            if try await exists(path) {
                result.present += 1
            } else {
                do {
                    try await storeFile(url, at: path, expected: expected)
                } catch let damage as BlobDamage {
                    result.refused.append(damage)
                    continue
                }
                result.imported += 1
                result.bytes += Int64(FileBlobSource(url: url, fileIO: folder.fileIO)?.size ?? 0)
            }
            let sha = try expected ?? Digest.file(at: url).sha256
            if gzipWanted.remove(sha) != nil, !(try await exists(BlobStores.gzipPath(sha256: sha))) {
                try await storeGzip(of: try Data(contentsOf: url), sha256: sha)
                result.gzipCopies += 1
            }
        }
        return result
    }

    /// Each blob of `folder` and the SHA-256 its bytes must have (nil for signatures).
    func expectedHashes(_ folder: FolderBlobStore) async throws -> [(String, String?)] {
        var blobs: [(String, String?)] = []
        for name in Self.names(in: folder.url("v1/files")) where ChannelPointer.isSHA256Hex(name) {
            blobs.append(("v1/files/\(name)", name))
        }
        for name in Self.names(in: folder.url("v1/packs")) {
            let path = "v1/packs/\(name)"
            if name.hasSuffix(".gamepack"), ChannelPointer.isSHA256Hex(String(name.dropLast(9))) {
                blobs.append((path, String(name.dropLast(9))))
            } else if name.hasSuffix(".gamepack.minisig") {
                blobs.append((path, nil))
            } else if name.hasSuffix(".manifest.json") {
                let pack = String(name.dropLast(".manifest.json".count))
                let expected = try await database.pack(sha256: pack)?.manifestSHA256
                let sha = try expected ?? Digest.file(at: folder.url(path)).sha256
                blobs.append((path, sha))
            }
        }
        return blobs
    }

    static func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}
