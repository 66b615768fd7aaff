import Foundation
import GamePackFormat

/// Content that is installed, verified and safe to use: a manifest and, for each of its files,
/// an immutable file in the client's store named by its SHA-256.
public struct InstalledContent: Sendable {
    /// Where the content came from.
    public enum Source: Sendable, Equatable {
        /// Installed from the channel by an update, with the verified pointer that named it.
        case channel(ChannelPointer)
        /// Extracted from the pack shipped with the app.
        case bundled
    }

    /// The pack's manifest: project, version, locales, targets, files.
    public let manifest: PackManifest
    /// Lowercase hex SHA-256 of the manifest's bytes.
    public let manifestSHA256: String
    /// Where it came from.
    public let source: Source
    /// The sequence it was installed at (the pointer's; the manifest's for bundled content).
    public let sequence: Int64
    /// The folder holding the files by SHA-256.
    let objects: URL
    /// SHA-256 by pack path.
    private let index: [String: String]

    init(manifest: PackManifest, manifestSHA256: String, source: Source, sequence: Int64, objects: URL) {
        self.manifest = manifest
        self.manifestSHA256 = manifestSHA256
        self.source = source
        self.sequence = sequence
        self.objects = objects
        index = Dictionary(manifest.files.map { ($0.path, $0.sha256) }, uniquingKeysWith: { first, _ in first })
    }

    /// The pack's version (`PackManifest.version`).
    public var version: String { manifest.version }

    /// The on-disk file holding the pack file at `path` (`gohike/content.json`), or nil when
    /// the pack has no such file. The file is read-only for the game: never write to it.
    public func url(for path: String) -> URL? {
        index[path].map { objects.appendingPathComponent($0) }
    }

    /// The bytes of the pack file at `path`.
    /// - Throws: `GamePackClientError.noContent` when the pack has no such file, `.io` when it
    ///   cannot be read.
    public func data(at path: String) throws -> Data {
        guard let url = url(for: path) else {
            throw GamePackClientError.noContent(reason: "the installed pack has no file \(path)")
        }
        do {
            return try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw GamePackClientError.io(path: url.path, reason: error.localizedDescription)
        }
    }
}
