import Crypto
import Foundation
import GamePackFormat
import Hummingbird
import NIOCore
import NIOPosix

/// Receives a pack upload and stores it only when everything checks out: size limit, SHA-256
/// against the address, a minisign signature by a trusted key, every file against the
/// manifest. The body is streamed to a temporary file (hashed on the way, never held whole);
/// on any failure the temporary file is removed and nothing is stored.
struct PackIngest: Sendable {
    let blobs: any BlobStore
    let store: any MetadataStore
    let trustedKeys: [MinisignPublicKey]
    /// The largest pack accepted, in bytes.
    let uploadLimit: Int64

    /// What arrived: the temporary file and the digests computed while writing it.
    struct Received {
        var url: URL
        var size: Int64
        var sha256: String
        /// BLAKE2b-512 of the bytes: minisign's prehash.
        var blake2b: [UInt8]
    }

    /// Streams `body` to a temporary file. Throws 413 past `uploadLimit`, 400 when fewer bytes
    /// than `Content-Length` arrive.
    func receive<Body: AsyncSequence>(_ body: Body, declaredLength: Int64?) async throws -> Received
    where Body.Element == ByteBuffer {
        if let declaredLength, declaredLength > uploadLimit {
            throw ServerError(
                .contentTooLarge, "too_large", "the pack is \(declaredLength) bytes; this server accepts at most \(uploadLimit)")
        }
        let url = blobs.temporaryURL()
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw ServerError(.internalServerError, "storage", "cannot create a temporary file for the upload")
        }
        var closed = false
        var keep = false
        defer {
            if !closed { close(fd) }
            if !keep { unlink(url.path) }
        }
        var sha = SHA256()
        var blake = BLAKE2b(outputByteCount: 64)
        var size: Int64 = 0
        do {
            for try await buffer in body {
                size += Int64(buffer.readableBytes)
                if size > uploadLimit {
                    throw ServerError(
                        .contentTooLarge, "too_large", "the upload exceeds this server's limit of \(uploadLimit) bytes")
                }
                try buffer.withUnsafeReadableBytes { bytes in
                    sha.update(bufferPointer: bytes)
                    blake.update(bytes)
                    do {
                        try Interruptible.writeAll(fd, bytes)
                    } catch {
                        throw ServerError(HTTPResponse.Status(code: 507), "storage", "cannot write the upload to disk")
                    }
                }
            }
        } catch let error as ServerError {
            throw error
        } catch {
            throw ServerError.badRequest("truncated_upload", "the upload ended early (\(error)); nothing was stored")
        }
        if let declaredLength, declaredLength != size {
            throw ServerError.badRequest(
                "truncated_upload", "received \(size) of \(declaredLength) bytes; nothing was stored")
        }
        guard close(fd) == 0 else {
            closed = true
            throw ServerError(HTTPResponse.Status(code: 507), "storage", "cannot write the upload to disk")
        }
        closed = true
        keep = true
        return Received(url: url, size: size, sha256: hex(sha.finalize()), blake2b: blake.finalize())
    }

    /// Checks a received pack and stores it under `sha256`. Returns the pack and whether it is new.
    /// Removes the temporary file in every case.
    func ingest(_ received: Received, expectedSHA256: String, signatureText: String) async throws -> (StoredPack, Bool) {
        defer { try? FileManager.default.removeItem(at: received.url) }
        guard received.sha256 == expectedSHA256 else {
            throw ServerError.badRequest(
                "hash_mismatch",
                "the upload's SHA-256 is \(received.sha256), not \(expectedSHA256) as addressed (truncated or altered in transit)"
            )
        }
        let signature = try Self.parseSignature(signatureText)
        let (key, project) = try await signingKey(for: signature, packAt: received.url)
        if signature.algorithm == .prehashed {
            guard key.ed25519Key.isValidSignature(signature.signature, for: received.blake2b) else {
                throw ServerError.unprocessable("bad_signature", "the pack's signature does not match its bytes (tampered?)")
            }
            guard
                key.ed25519Key.isValidSignature(
                    signature.globalSignature, for: signature.signature + Array(signature.trustedComment.utf8))
            else {
                throw ServerError.unprocessable("bad_signature", "the signature's trusted comment was altered")
            }
        } else {
            do {
                try Minisign.verify(fileAt: received.url, signature: signature, publicKey: key)
            } catch {
                throw ServerError.unprocessable("bad_signature", "the pack's signature does not verify: \(error)")
            }
        }
        // Reading and checking the archive is blocking work: it runs on NIO's thread pool, not on
        // the cooperative pool that answers requests.
        let (reader, manifest, manifestData) = try await NIOThreadPool.singleton.runIfActive {
            try Self.check(received: received, signature: signature)
        }
        if let project, manifest.project != project {
            throw ServerError.unprocessable("invalid_pack", "the pack's manifest names two projects")
        }
        let legacy = manifest.files.first { $0.path == GohikeLayout.contentPath }
        let pack = StoredPack(
            sha256: received.sha256, project: manifest.project, version: manifest.version, sequence: manifest.sequence,
            size: received.size, manifestSHA256: Digest.sha256Hex(manifestData), keyID: key.keyIDHex,
            legacySHA256: legacy?.sha256, legacySize: legacy?.size, legacyVersion: manifest.versions[GohikeLayout.name],
            uploaded: ChannelPointerTime.now())
        return try await blobs.whileUploading { () async throws -> (StoredPack, Bool) in
            try await extract(manifest, from: reader)
            try await blobs.store(Data(signatureText.utf8), at: PublishLayout.packSignature(sha256: received.sha256))
            try await blobs.store(manifestData, at: PublishLayout.manifest(packSHA256: received.sha256))
            try await blobs.storeGzip(of: manifestData, sha256: pack.manifestSHA256)
            try await blobs.commit(received.url, to: PublishLayout.pack(sha256: received.sha256))
            // The row last: it is what says the pack is complete. Its time is now, not when the
            // upload began: `gc` keeps a pack's blobs for its retention from this time, while the
            // publisher has yet to point a channel at it.
            var pack = pack
            pack.uploaded = ChannelPointerTime.now()
            let inserted = try await store.insertPack(pack)
            if !inserted, let existing = try await store.pack(sha256: pack.sha256) { return (existing, false) }
            return (pack, inserted)
        }
    }

    /// The key that may have signed the pack at `url`: one of its project's key set (the
    /// project read from the manifest before the signature is checked; the signature then
    /// vouches for it), else a trusted key when the manifest cannot be read (the checks after
    /// the signature say what is wrong with the pack). Returns the project it was read for.
    func signingKey(for signature: MinisignSignature, packAt url: URL) async throws -> (MinisignPublicKey, String?) {
        let project = try? await NIOThreadPool.singleton.runIfActive { try PackArchive.Reader(url: url).manifest().project }
        guard let project, ChannelPointer.isSafeName(project) else {
            return (try Self.trustedKey(for: signature, in: trustedKeys), nil)
        }
        return (try await ProjectKeys(store: store, trustedKeys: trustedKeys).key(for: signature, project: project), project)
    }

    static func parseSignature(_ text: String) throws -> MinisignSignature {
        do {
            return try MinisignSignature(fileContents: text)
        } catch {
            throw ServerError.badRequest("bad_signature_format", "not a minisign signature: \(error)")
        }
    }

    static func trustedKey(for signature: MinisignSignature, in keys: [MinisignPublicKey]) throws -> MinisignPublicKey {
        guard let key = keys.first(where: { $0.keyID == signature.keyID }) else {
            throw ServerError(
                .forbidden, "unknown_key",
                "signed by key \(signature.keyIDHex), which this server does not trust (start it with --trusted-key)")
        }
        return key
    }

    /// Verifies the archive against its manifest and the signature's trusted comment. Runs on a
    /// thread-pool thread.
    static func check(received: Received, signature: MinisignSignature) throws -> (PackArchive.Reader, PackManifest, Data) {
        let manifest: PackManifest
        let reader: PackArchive.Reader
        let manifestData: Data
        do {
            manifest = try PackArchive.verifyContents(of: received.url)
            reader = try PackArchive.Reader(url: received.url)
            manifestData = try reader.data(at: PackFormat.manifestPath, limit: 16 << 20)
        } catch {
            throw ServerError.unprocessable("invalid_pack", "\(error)")
        }
        guard ChannelPointer.isSafeName(manifest.project) else {
            throw ServerError.unprocessable("invalid_pack", "project \"\(manifest.project)\" is not a safe name")
        }
        let comment = signature.trustedComment
        if comment.hasPrefix("gamepack "),
            !comment.contains(" project=\(manifest.project) ") || !comment.contains(" version=\(manifest.version) ")
        {
            throw ServerError.unprocessable("bad_signature", "the signature was made for another pack (\(comment))")
        }
        return (reader, manifest, manifestData)
    }

    /// Stores every file of the pack as `v1/files/<sha256>` (and gzip copies of compressible
    /// ones), reading the archive on the thread pool.
    func extract(_ manifest: PackManifest, from reader: PackArchive.Reader) async throws {
        for file in manifest.files {
            let layoutPath = PublishLayout.file(sha256: file.sha256)
            let compressible = Self.isCompressible(file.path) && file.size <= 32 << 20
            if try await blobs.exists(layoutPath) && !compressible { continue }
            do {
                if compressible {
                    let data = try await NIOThreadPool.singleton.runIfActive { try reader.data(at: file.path, limit: 32 << 20) }
                    try await blobs.store(data, at: layoutPath, name: file.path)
                    try await blobs.storeGzip(of: data, sha256: file.sha256)
                } else {
                    let temporary = blobs.temporaryURL("file")
                    try await NIOThreadPool.singleton.runIfActive { try Self.extractFile(file.path, of: reader, to: temporary) }
                    try await blobs.commit(temporary, to: layoutPath)
                }
            } catch let error as ServerError {
                throw error
            } catch let error as PackError {
                throw ServerError.unprocessable("invalid_pack", "cannot extract \(file.path): \(error)")
            } catch {
                // Anything else failed while writing the file out (a full disk): the pack is fine.
                throw ServerError.storage(error, writing: file.path)
            }
        }
    }

    /// Extracts the archive's `path` to the new file `temporary`; on failure removes it.
    static func extractFile(_ path: String, of reader: PackArchive.Reader, to temporary: URL) throws {
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: temporary)
        else {
            throw ServerError(
                HTTPResponse.Status(code: 507), "storage",
                "the server cannot create a temporary file for \(path) in its data directory")
        }
        do {
            try reader.stream(path) { try handle.write(contentsOf: $0) }
            try handle.close()
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Text formats worth gzipping on the wire.
    static func isCompressible(_ path: String) -> Bool {
        let lower = path.lowercased()
        return [".json", ".txt", ".xml", ".xliff", ".csv", ".yaml", ".yml", ".svg", ".html", ".wav"].contains {
            lower.hasSuffix($0)
        }
    }
}
