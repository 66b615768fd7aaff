import Crypto
import Foundation
import GamePackFormat

/// A pack `diff` opened, handed to the targets' content readers
/// (`BuildTargetKind.contentReader`).
package struct PackContentSource: Sendable {
    /// How the pack is named in reports.
    let label: String
    /// The pack's manifest: its targets, locales and files with their hashes.
    let manifest: PackManifest
    /// Reads the pack's files (and, through `AssetStore`, its assets).
    let reader: PackArchive.Reader

    package init(label: String, manifest: PackManifest, reader: PackArchive.Reader) {
        self.label = label
        self.manifest = manifest
        self.reader = reader
    }

    /// The pack's default locale: its manifest's first.
    var defaultLocale: String { manifest.locales.first ?? "en" }

    /// The bytes of one of the pack's files, checked against the manifest's SHA-256.
    func data(_ file: PackManifest.File) throws -> Data {
        do {
            let data = try reader.data(at: file.path, limit: 1 << 30)
            let sha = Digest.sha256Hex(data)
            guard sha == file.sha256 else {
                throw PackError.hashMismatch(path: file.path, expected: file.sha256, actual: sha)
            }
            return data
        } catch {
            throw DiffError.unreadablePack(path: label, reason: "\(error)")
        }
    }
}
