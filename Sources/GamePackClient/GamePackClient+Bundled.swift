import Foundation
import GamePackFormat

/// Installing the pack the app ships with.
extension GamePackClient {
    var bundledSignatureURL: URL? {
        configuration.bundledSignature ?? configuration.bundledPack.map { URL(fileURLWithPath: $0.path + ".minisig") }
    }

    /// The bundled pack's manifest, unverified (to compare sequences).
    func bundledManifest() throws -> PackManifest? {
        guard let pack = configuration.bundledPack else { return nil }
        return try PackArchive.Reader(url: pack).manifest()
    }

    /// Verifies the bundled pack (signature by a key of the current key set, every file) and installs it as
    /// the current version.
    func installBundled() throws -> InstalledContent {
        guard let pack = configuration.bundledPack, let signatureURL = bundledSignatureURL else {
            throw GamePackClientError.noContent(reason: "no bundled pack is configured")
        }
        do {
            let text = try String(contentsOf: signatureURL, encoding: .utf8)
            let signature = try MinisignSignature(fileContents: text)
            try Minisign.verify(fileAt: pack, signature: signature, publicKey: try signingKey(for: signature))
        } catch let error as SignatureError {
            throw GamePackClientError.untrusted(what: "the bundled pack", reason: "\(error)")
        } catch let error as KeySetError {
            throw GamePackClientError.untrusted(what: "the bundled pack", reason: "\(error)")
        } catch {
            throw GamePackClientError.noContent(
                reason: "cannot read the bundled pack's signature (\(error.localizedDescription))")
        }
        let reader: PackArchive.Reader
        let manifestBytes: Data
        do {
            reader = try PackArchive.Reader(url: pack)
            manifestBytes = try reader.data(at: PackFormat.manifestPath, limit: 16 << 20)
        } catch {
            throw GamePackClientError.noContent(reason: "the bundled pack is unreadable (\(error))")
        }
        let manifest = try decodeManifest(manifestBytes)
        let paths = Set(try Self.packPaths(reader))
        for file in Self.distinctFiles(manifest) {
            guard paths.contains(file.path) else {
                throw GamePackClientError.integrity(what: "the bundled pack", reason: "\(file.path) is missing")
            }
            if verifiedObjects.contains(file.sha256), store.objectSize(file.sha256) == file.size { continue }
            let temporary = store.downloads.appendingPathComponent(".bundled-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: temporary) }
            do {
                guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                    throw GamePackClientError.io(path: temporary.path, reason: "cannot create")
                }
                let handle = try FileHandle(forWritingTo: temporary)
                defer { try? handle.close() }
                try reader.stream(file.path) { try handle.write(contentsOf: $0) }
            } catch let error as GamePackClientError {
                throw error
            } catch {
                throw GamePackClientError.io(path: temporary.path, reason: "\(error)")
            }
            let (sha, size) = try ContentStore.sha256(of: temporary)
            guard sha == file.sha256, size == file.size else {
                throw GamePackClientError.integrity(
                    what: "the bundled pack's \(file.path)", reason: "does not match the manifest")
            }
            try store.adopt(temporary, as: file.sha256)
            verifiedObjects.insert(file.sha256)
        }
        let manifestSHA = Digest.sha256Hex(manifestBytes)
        let record = ContentStore.VersionRecord(kind: "bundled", sequence: manifest.sequence, manifest: manifestSHA)
        let name = ContentStore.versionName(kind: record.kind, sequence: record.sequence, manifest: manifestSHA)
        if store.currentName() != name {
            try store.writeVersion(name: name, files: ["manifest.json": manifestBytes, "source.json": try Self.encode(record)])
            try store.switchCurrent(to: name)
        }
        let content = InstalledContent(
            manifest: manifest, manifestSHA256: manifestSHA, source: .bundled, sequence: manifest.sequence,
            objects: store.objects)
        store.clean(keepVersions: [name], keepObjects: Set(manifest.files.map(\.sha256)), keepPartials: partialNames())
        loaded = content
        return content
    }

    static func packPaths(_ reader: PackArchive.Reader) throws -> [String] {
        do {
            return try reader.paths()
        } catch {
            throw GamePackClientError.noContent(reason: "the bundled pack is unreadable (\(error))")
        }
    }
}
