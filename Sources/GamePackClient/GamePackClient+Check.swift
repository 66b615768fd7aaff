import Foundation
import GamePackFormat

/// Asking the server whether a newer pack is offered, and verifying its pointer and manifest.
extension GamePackClient {
    /// A pointer fetched and verified, with its manifest once fetched.
    struct Offer {
        var pointer: ChannelPointer
        /// The pack of the pointer this install takes (`ChannelPointer.target`).
        var target: PackReference
        var pointerBytes: Data
        var signature: String
    }

    /// Asks the channel whether it serves newer content than the installed one. Verifies the
    /// pointer (signature, project, channel, expiry, sequence) and fetches the manifest to
    /// count the bytes an update would download.
    /// - Throws: a `GamePackClientError` when the channel's pointer is refused.
    public func check() async throws -> UpdateCheck { try await reportingAdoption(checkChannel()) }

    func checkChannel() async throws -> UpdateCheck {
        report(.init(phase: .checking))
        try await followKeySets()
        let installed = try? await current
        guard let offer = try await fetchOffer(installed: installed) else {
            return .upToDate(sequence: installed?.sequence ?? 0)
        }
        let (manifest, _) = try await fetchManifest(offer.target)
        let missing = missingFiles(of: manifest)
        return .available(offer.pointer, downloadBytes: missing.reduce(0) { $0 + $1.size })
    }

    /// Fetches and verifies the channel pointer; nil when it names the installed content.
    func fetchOffer(installed: InstalledContent?) async throws -> Offer? {
        let project = configuration.project, channel = configuration.channel
        let pointerBytes = try await transport.data(
            PublishLayout.channelPointer(project: project, channel: channel), limit: 1 << 20)
        var signature = String(
            decoding: try await transport.data(
                PublishLayout.channelSignature(project: project, channel: channel), limit: 64 << 10),
            as: UTF8.self)
        var pointer: ChannelPointer
        do {
            pointer = try verifyPointer(pointerBytes, signature: signature)
        } catch GamePackClientError.untrusted(let what, let reason) {
            // Read while a publish renamed the pointer and its signature one after the other (or
            // after one was killed in between): the pointer's own signature, by its SHA-256.
            guard
                let own = try? await transport.data(
                    PublishLayout.pointerSignature(project: project, pointerSHA256: Digest.sha256Hex(pointerBytes)),
                    limit: 64 << 10)
            else { throw GamePackClientError.untrusted(what: what, reason: reason) }
            signature = String(decoding: own, as: UTF8.self)
            pointer = try verifyPointer(pointerBytes, signature: signature)
        }
        if pointer.isExpired(at: configuration.now()) {
            throw GamePackClientError.expired(what: "the channel pointer", expires: pointer.expires ?? "")
        }
        let installedSequence = max(installed?.sequence ?? 0, store.highestSequence())
        let target = try target(of: pointer, installed: installed)
        if let installed, target.manifest == installed.manifestSHA256 {
            // Already on the pack this install takes: a newer pointer that kept it for apps of
            // this content format installs nothing, but its sequence is remembered, so the
            // pointers before it stay refused.
            if pointer.sequence > installedSequence { try store.recordHighestSequence(pointer.sequence) }
            return nil
        }
        if installed == nil, pointer.sequence < installedSequence {
            throw GamePackClientError.sequenceNotIncreasing(installed: installedSequence, offered: pointer.sequence)
        }
        if installed != nil, pointer.sequence <= (installed?.sequence ?? 0) || pointer.sequence < installedSequence {
            throw GamePackClientError.sequenceNotIncreasing(installed: installedSequence, offered: pointer.sequence)
        }
        return Offer(pointer: pointer, target: target, pointerBytes: pointerBytes, signature: signature)
    }

    /// The pack of `pointer` this install takes: by its rollout bucket and content format.
    func target(of pointer: ChannelPointer, installed: InstalledContent?) throws -> PackReference {
        let format = configuration.contentFormat
        let installID = try pointer.rollout == nil ? nil : store.installID()
        guard
            let target = pointer.target(installID: installID, clientFormat: format, installedManifest: installed?.manifestSHA256)
        else {
            throw GamePackClientError.noCompatiblePack(
                clientFormat: format, needed: pointer.packs.map(\.clientFormat).min() ?? pointer.head.clientFormat)
        }
        return target
    }

    /// Verifies a pointer's signature by a key of the current key set (the pinned key until the
    /// first rotation), its trusted comment, project and channel.
    func verifyPointer(_ bytes: Data, signature text: String) throws -> ChannelPointer {
        let signature: MinisignSignature
        do {
            signature = try MinisignSignature(fileContents: text)
            try Minisign.verify(bytes, signature: signature, publicKey: try signingKey(for: signature))
        } catch {
            throw GamePackClientError.untrusted(what: "the channel pointer", reason: "\(error)")
        }
        let pointer: ChannelPointer
        do {
            pointer = try ChannelPointer.decode(bytes)
        } catch {
            throw GamePackClientError.invalid(what: "the channel pointer", reason: "\(error)")
        }
        guard pointer.project == configuration.project else {
            throw GamePackClientError.wrongProject(
                what: "the channel pointer", expected: configuration.project, actual: pointer.project)
        }
        guard pointer.channel == configuration.channel else {
            throw GamePackClientError.wrongProject(
                what: "the channel pointer", expected: "channel \(configuration.channel)", actual: "channel \(pointer.channel)")
        }
        let expected = "gamepack channel pointer \(pointer.project)/\(pointer.channel) sequence \(pointer.sequence)"
        guard signature.trustedComment == expected else {
            throw GamePackClientError.untrusted(
                what: "the channel pointer", reason: "its trusted comment is \"\(signature.trustedComment)\", not \"\(expected)\""
            )
        }
        return pointer
    }

    /// Fetches the manifest of a pack the pointer names and checks its SHA-256, project and expiry.
    func fetchManifest(_ target: PackReference) async throws -> (PackManifest, Data) {
        let bytes = try await transport.data(PublishLayout.manifest(packSHA256: target.pack), limit: 16 << 20)
        guard Digest.sha256Hex(bytes) == target.manifest else {
            throw GamePackClientError.integrity(
                what: "the manifest of pack \(target.pack)", reason: "its SHA-256 is not the one the signed pointer names")
        }
        let manifest = try decodeManifest(bytes)
        if let expires = manifest.expires, let limit = ChannelPointer.parseTime(expires), configuration.now() >= limit {
            throw GamePackClientError.expired(what: "the pack \(manifest.version)", expires: expires)
        }
        return (manifest, bytes)
    }

    func decodeManifest(_ bytes: Data) throws -> PackManifest {
        let manifest: PackManifest
        do {
            manifest = try PackManifest.decode(bytes)
        } catch {
            throw GamePackClientError.invalid(what: "manifest.json", reason: "\(error)")
        }
        guard manifest.project == configuration.project else {
            throw GamePackClientError.wrongProject(what: "the pack", expected: configuration.project, actual: manifest.project)
        }
        for file in manifest.files where !ChannelPointer.isSHA256Hex(file.sha256) || file.size < 0 {
            throw GamePackClientError.invalid(what: "manifest.json", reason: "\(file.path) has no valid SHA-256 and size")
        }
        return manifest
    }

    /// The manifest's files, one per distinct SHA-256.
    static func distinctFiles(_ manifest: PackManifest) -> [PackManifest.File] {
        var seen = Set<String>()
        return manifest.files.filter { seen.insert($0.sha256).inserted }
    }

    /// The distinct files of `manifest` not in the store.
    func missingFiles(of manifest: PackManifest) -> [PackManifest.File] {
        Self.distinctFiles(manifest).filter { store.objectSize($0.sha256) != $0.size }
    }
}
