import Foundation
import GamePackContent
import GamePackFormat

/// Publishes a signed pack into a static tree (the layout of `docs/publishing.md`), for nginx, a
/// CDN or object storage to serve as files: `gamepack publish --to DIR`.
///
/// Everything is checked before anything is written: the pack's signature against the
/// publishing key's public half, every file against the manifest, safe project and channel
/// names, and a sequence above the channel's current one. Then the pack, its signature, its
/// manifest bytes and each of its files (content-addressed, `v1/files/<sha256>`, skipped when
/// already present) are written, each to a temporary file beside its destination and renamed
/// into place; the channel pointer comes last, its signatures first (one under the pointer's
/// SHA-256, immutable, and `<channel>.json.minisig`) and the pointer itself by the final rename,
/// so a reader never sees a pointer to something missing nor a half-written file, and always
/// finds the signature of the pointer it read. A failed publish leaves the tree as it was, apart from immutable content-addressed
/// files that nothing points at yet.
///
/// Publishes of one tree take turns: each holds an exclusive `flock` on `lockFile` from the
/// sequence check to the final rename, and reads the channel's sequence again just before that
/// rename, so a lower sequence never replaces a higher one.
public struct StaticPublisher {
    /// The root of the static tree (it holds `v1/`).
    public let root: URL

    /// - Parameter root: the folder served as the base URL; created when missing.
    public init(root: URL) {
        self.root = root
    }

    /// Publishes the pack at `packAt`, signed by `signatureAt`, to `channel` and returns the
    /// channel pointer written.
    ///
    /// The pointer's sequence is the pack manifest's `sequence`; it must be above the sequence of
    /// the channel's current pointer in the tree. Publishing the pack the channel already points
    /// at, with the same sequence, changes nothing and returns the existing pointer.
    /// - Parameters:
    ///   - key: signs the pointer; the pack's signature must verify with its public key.
    ///   - expires: after this instant clients refuse the pointer as frozen; nil for never.
    ///   - now: the pointer's `created` time.
    /// - Throws: `GamePackError.publishRefused` when the pack fails verification,
    ///   `.sequenceNotIncreasing`, `.io` when writing fails.
    public func publish(
        packAt: URL, signatureAt: URL, channel: String, key: MinisignSecretKey, expires: Date?, now: Date,
        rollout: Int? = nil
    ) throws -> ChannelPointer {
        let packName = packAt.lastPathComponent
        let refuse = { (reason: String) in GamePackError.publishRefused(pack: packName, reason: reason) }
        guard ChannelPointer.isSafeName(channel) else {
            throw refuse("channel \"\(channel)\" is not a safe name (1–64 of a-z A-Z 0-9 . _ -, not starting with . or -)")
        }
        let pack = try Self.verify(packAt: packAt, signatureAt: signatureAt, key: key, refuse: refuse)
        let manifest = pack.manifest

        // One publish of the tree at a time: the sequence check below and the final rename
        // happen under one lock, so a concurrent publish of a lower sequence cannot interleave.
        try createParent(of: url(Self.lockFile))
        let lock = try TreeLock.acquire(url(Self.lockFile))
        defer { lock.release() }

        // The channel's current pointer decides whether the sequence may be published.
        let pointerURL = url(PublishLayout.channelPointer(project: manifest.project, channel: channel))
        let current = try Self.currentPointer(at: pointerURL)
        let reference = ChannelPointer.reference(
            to: manifest, pack: pack.digest.sha256, size: pack.digest.size, manifestSHA256: Digest.sha256Hex(pack.manifestBytes))
        let created = ChannelPointer.formatTime(now), expiry = expires.map(ChannelPointer.formatTime)
        let pointer: ChannelPointer
        if let rollout {
            // A rollout starts over the channel's current pack, which the other installs keep.
            guard let current else {
                throw refuse("\(manifest.project)/\(channel) has no pack yet; publish its first pack without --rollout")
            }
            do {
                pointer = try current.startingRollout(
                    of: reference, percentage: rollout, sequence: manifest.sequence, created: created, expires: expiry)
            } catch let error as RolloutError {
                throw refuse(error.description)
            }
        } else {
            if let current {
                if current.pack == pack.digest.sha256, current.sequence == manifest.sequence,
                    current.manifest == reference.manifest, current.rollout == nil
                {
                    return current
                }
                try Self.requireAbove(current, sequence: manifest.sequence)
            }
            // It keeps, for apps too old for this pack, the newest pack each older content format reads.
            pointer = ChannelPointer(
                project: manifest.project, channel: channel, sequence: manifest.sequence, version: manifest.version,
                pack: reference.pack, size: reference.size, manifest: reference.manifest, created: created, expires: expiry,
                minimumClientFormat: reference.minimumClientFormat,
                compatible: ChannelPointer.compatible(for: reference, previous: current))
        }
        try writeContent(of: pack, packAt: packAt, refuse: refuse)

        // Then the pointer: signature first, the pointer itself by the last rename.
        try writePointer(pointer, key: key, to: pointerURL)
        return pointer
    }

    /// A pack that passed `verify`: its signature's text, manifest (parsed and as bytes) and digest.
    private struct VerifiedPack {
        var signatureText: String
        var manifest: PackManifest
        var manifestBytes: Data
        var digest: (sha256: String, size: Int64)
    }

    /// Verifies the pack at `packAt`: its signature by the publishing key, then every file
    /// against the manifest, and a safe project name.
    private static func verify(
        packAt: URL, signatureAt: URL, key: MinisignSecretKey, refuse: (String) -> GamePackError
    ) throws -> VerifiedPack {
        let signatureText: String
        do {
            signatureText = try String(contentsOf: signatureAt, encoding: .utf8)
        } catch {
            throw GamePackError.io(path: signatureAt.path, reason: "cannot read the signature (\(error.localizedDescription))")
        }
        do {
            let signature = try MinisignSignature(fileContents: signatureText)
            try Minisign.verify(fileAt: packAt, signature: signature, publicKey: key.publicKey)
        } catch let error as SignatureError {
            throw refuse("signature: \(error)")
        }
        let manifest: PackManifest
        let manifestBytes: Data
        do {
            manifest = try PackArchive.verifyContents(of: packAt)
            manifestBytes = try PackArchive.Reader(url: packAt).data(at: PackFormat.manifestPath, limit: 16 << 20)
        } catch let error as PackError {
            throw refuse("\(error)")
        }
        guard ChannelPointer.isSafeName(manifest.project) else {
            throw refuse("project \"\(manifest.project)\" is not a safe name")
        }
        return VerifiedPack(
            signatureText: signatureText, manifest: manifest, manifestBytes: manifestBytes, digest: try hash(packAt))
    }

    /// Writes the content, before any pointer: the pack, its signature, its manifest, its files
    /// (those not present yet).
    private func writeContent(of pack: VerifiedPack, packAt: URL, refuse: (String) -> GamePackError) throws {
        try copyIfMissing(packAt, to: url(PublishLayout.pack(sha256: pack.digest.sha256)))
        try write(Data(pack.signatureText.utf8), to: url(PublishLayout.packSignature(sha256: pack.digest.sha256)))
        try write(pack.manifestBytes, to: url(PublishLayout.manifest(packSHA256: pack.digest.sha256)))
        let reader: PackArchive.Reader
        do {
            reader = try PackArchive.Reader(url: packAt)
        } catch {
            throw refuse("\(error)")
        }
        for file in pack.manifest.files {
            let destination = url(PublishLayout.file(sha256: file.sha256))
            if FileManager.default.fileExists(atPath: destination.path) { continue }
            try extract(file, from: reader, to: destination, refuse: refuse)
        }
    }

    /// Signs `pointer` and writes its signatures, then the pointer itself by the last rename
    /// (checking the channel's sequence once more just before).
    func writePointer(_ pointer: ChannelPointer, key: MinisignSecretKey, to pointerURL: URL) throws {
        let pointerBytes = try pointer.encoded()
        let pointerSignature = try Minisign.sign(
            pointerBytes, with: key, trustedComment: Self.trustedComment(for: pointer))
        let signatureURL = url(PublishLayout.channelSignature(project: pointer.project, channel: pointer.channel))
        // The pointer's own signature by its hash first: whatever pointer a reader sees, or a
        // kill leaves, the signature that matches it can be found (a client falls back to it).
        try write(
            Data(pointerSignature.fileContents.utf8),
            to: url(PublishLayout.pointerSignature(project: pointer.project, pointerSHA256: Digest.sha256Hex(pointerBytes))))
        // Read the channel again just before it moves: a writer that does not take the lock (an
        // older gamepack, a sync into the tree) may have published meanwhile; never go below it.
        if let current = try Self.currentPointer(at: pointerURL) {
            try Self.requireAbove(current, sequence: pointer.sequence)
        }
        let previousSignature = try? Data(contentsOf: signatureURL)
        try write(Data(pointerSignature.fileContents.utf8), to: signatureURL)
        do {
            try write(pointerBytes, to: pointerURL)
        } catch {
            // Put the old signature back so the old pointer still verifies.
            if let previousSignature {
                try? write(previousSignature, to: signatureURL)
            } else {
                try? FileManager.default.removeItem(at: signatureURL)
            }
            throw error
        }
    }

    /// The trusted comment a pointer's signature carries:
    /// `gamepack channel pointer <project>/<channel> sequence <N>`.
    public static func trustedComment(for pointer: ChannelPointer) -> String {
        "gamepack channel pointer \(pointer.project)/\(pointer.channel) sequence \(pointer.sequence)"
    }

    /// The file `publish` locks with `flock`, at the root of the tree (an empty hidden file).
    public static let lockFile = ".gamepack-publish.lock"

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// The channel's pointer in the tree now; nil when the channel has none.
    static func currentPointer(at pointerURL: URL) throws -> ChannelPointer? {
        guard let data = try? Data(contentsOf: pointerURL) else { return nil }
        do {
            return try ChannelPointer.decode(data)
        } catch {
            throw GamePackError.io(path: pointerURL.path, reason: "the channel's current pointer is unreadable (\(error))")
        }
    }

    /// Refuses `sequence` unless it is above the channel's `current` one.
    static func requireAbove(_ current: ChannelPointer, sequence: Int64) throws {
        guard sequence > current.sequence else {
            throw GamePackError.sequenceNotIncreasing(
                channel: "\(current.project)/\(current.channel)", current: current.sequence, offered: sequence)
        }
    }

    private static func hash(_ url: URL) throws -> (sha256: String, size: Int64) {
        do {
            let digest = try Digest.file(at: url)
            return (digest.sha256, digest.size)
        } catch {
            throw GamePackError.io(path: url.path, reason: "cannot read (\(error.localizedDescription))")
        }
    }

    /// A temporary name beside `destination`, hidden, unique per call.
    private static func temporary(for destination: URL) -> URL {
        destination.deletingLastPathComponent().appendingPathComponent(
            ".\(destination.lastPathComponent).tmp-\(UUID().uuidString.prefix(8))")
    }

    func createParent(of destination: URL) throws {
        let folder = destination.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw GamePackError.io(path: folder.path, reason: "cannot create the folder (\(error.localizedDescription))")
        }
    }

    /// Writes `data` to a temporary file beside `destination`, then renames it over it.
    func write(_ data: Data, to destination: URL) throws {
        try createParent(of: destination)
        let temporary = Self.temporary(for: destination)
        do {
            try data.write(to: temporary)
            try replace(destination, with: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw GamePackError.io(path: destination.path, reason: "cannot write (\(error.localizedDescription))")
        }
    }

    /// Copies an immutable, content-addressed file unless it is already there.
    private func copyIfMissing(_ source: URL, to destination: URL) throws {
        if FileManager.default.fileExists(atPath: destination.path) { return }
        try createParent(of: destination)
        let temporary = Self.temporary(for: destination)
        do {
            try FileManager.default.copyItem(at: source, to: temporary)
            try replace(destination, with: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw GamePackError.io(path: destination.path, reason: "cannot write (\(error.localizedDescription))")
        }
    }

    /// Streams one file of the pack to `destination`, checking its SHA-256 and size again as
    /// it goes (the pack could change between verification and extraction).
    private func extract(
        _ file: PackManifest.File, from reader: PackArchive.Reader, to destination: URL,
        refuse: (String) -> GamePackError
    ) throws {
        try createParent(of: destination)
        let temporary = Self.temporary(for: destination)
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw GamePackError.io(path: temporary.path, reason: "cannot create")
        }
        defer { try? FileManager.default.removeItem(at: temporary) }
        var digest = Digest(md5: false)
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try reader.stream(file.path) { chunk in
                digest.update(chunk)
                try handle.write(contentsOf: chunk)
            }
        } catch let error as PackError {
            throw refuse("\(error)")
        } catch {
            throw GamePackError.io(path: destination.path, reason: "cannot write (\(error.localizedDescription))")
        }
        let (sha, _) = digest.finalize()
        guard sha == file.sha256, digest.byteCount == file.size else {
            throw refuse("\(file.path) changed while it was published")
        }
        do {
            try replace(destination, with: temporary)
        } catch {
            throw GamePackError.io(path: destination.path, reason: "cannot write (\(error.localizedDescription))")
        }
    }

    /// POSIX rename: atomically replaces `destination` (FileManager's move refuses to).
    private func replace(_ destination: URL, with source: URL) throws {
        guard rename(source.path, destination.path) == 0 else {
            throw GamePackError.io(path: destination.path, reason: String(cString: strerror(errno)))
        }
    }
}
