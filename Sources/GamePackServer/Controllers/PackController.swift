import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird
import NIOCore

/// Packs and their files by SHA-256:
///
/// - `GET /v1/packs/{sha256}.gamepack`, `….gamepack.minisig`, `….manifest.json`: a pack, its
///   signature, its manifest.
/// - `PUT /v1/packs/{sha256}.gamepack` (bearer token): uploads a pack with its signature in
///   `Gamepack-Signature` (base64 of the `.minisig` file); 201 when stored now, 200 when the
///   server had it.
/// - `GET /v1/files/{sha256}`: one file of a pack.
///
/// Every read is an immutable blob: conditional GET, byte ranges and gzip.
struct PackController {
    let store: any MetadataStore
    let blobs: any BlobStore
    let ingest: PackIngest
    let metrics: ServerMetrics

    /// The three kinds of file under `/v1/packs/`.
    enum PackFileKind { case pack, signature, manifest }

    var routes: RouteCollection<BasicRequestContext> {
        let routes = RouteCollection(context: BasicRequestContext.self)
        routes.get("/v1/packs/:file") { request, context in try await packFile(request, context) }
        routes.get("/v1/files/:sha256") { request, context in try await file(request, context) }
        routes.group()
            .add(middleware: BearerTokenAuthentication(store: store))
            .put("/v1/packs/:file") { request, context in try await putPack(request, context) }
        return routes
    }

    /// `<sha256>.gamepack`, `<sha256>.gamepack.minisig` or `<sha256>.manifest.json`.
    static func packAddress(_ file: String) -> (String, PackFileKind)? {
        let suffixes: [(String, PackFileKind)] = [
            (".\(PackFormat.fileExtension)", .pack), (".\(PackFormat.fileExtension).minisig", .signature),
            (".manifest.json", .manifest),
        ]
        for (suffix, kind) in suffixes where file.hasSuffix(suffix) {
            let sha = String(file.dropLast(suffix.count))
            if ChannelPointer.isSHA256Hex(sha) { return (sha, kind) }
        }
        return nil
    }

    func packFile(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let file = try context.parameters.require("file")
        guard let (sha, kind) = Self.packAddress(file) else { throw ServerError.notFound("no such pack: \(request.uri.path)") }
        switch kind {
        case .pack:
            return try await ImmutableFile(
                blobs: blobs, path: PublishLayout.pack(sha256: sha), tag: sha, contentType: "application/zip"
            ).response(for: request, context: context)
        case .signature:
            return try await ImmutableFile(
                blobs: blobs, path: PublishLayout.packSignature(sha256: sha), tag: sha + ".minisig",
                contentType: "text/plain; charset=utf-8"
            ).response(for: request, context: context)
        case .manifest:
            // The gzip copy is filed under the manifest's own SHA-256, which the pack row knows.
            let gzip = try await store.pack(sha256: sha)?.manifestSHA256
            return try await ImmutableFile(
                blobs: blobs, path: PublishLayout.manifest(packSHA256: sha), tag: sha + ".manifest",
                contentType: "application/json", gzipOf: gzip
            ).response(for: request, context: context)
        }
    }

    func file(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let sha = try context.parameters.require("sha256")
        guard ChannelPointer.isSHA256Hex(sha) else { throw ServerError.notFound("no such file: \(request.uri.path)") }
        return try await ImmutableFile(
            blobs: blobs, path: PublishLayout.file(sha256: sha), tag: sha, contentType: "application/octet-stream",
            gzipOf: sha
        ).response(for: request, context: context)
    }

    func putPack(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let file = try context.parameters.require("file")
        guard let (sha, kind) = Self.packAddress(file), kind == .pack else {
            throw ServerError.badRequest(
                "bad_path", "upload a pack to /v1/packs/<sha256>.gamepack, with its signature in the Gamepack-Signature header")
        }
        guard let header = request.headers[HTTPField.Name("Gamepack-Signature")!] else {
            throw ServerError.badRequest(
                "missing_signature", "the Gamepack-Signature header (base64 of the .minisig file) is missing")
        }
        guard let decoded = Data(base64Encoded: header.trimmingCharacters(in: .whitespaces)),
            let signatureText = String(data: decoded, encoding: .utf8)
        else {
            throw ServerError.badRequest("bad_signature_format", "Gamepack-Signature is not base64 of a .minisig file")
        }
        let signature = try PackIngest.parseSignature(signatureText)
        try await ProjectKeys(store: store, trustedKeys: ingest.trustedKeys).checkUploader(signature)
        if let existing = try await store.pack(sha256: sha), try await blobs.exists(PublishLayout.pack(sha256: sha)) {
            metrics.recordUpload(outcome: "exists", bytes: 0)
            return try Response.json(PackSummary(existing), status: .ok)
        }
        let declared = request.headers[.contentLength].flatMap { Int64($0) }
        do {
            let received = try await ingest.receive(request.body, declaredLength: declared)
            let (pack, isNew) = try await ingest.ingest(received, expectedSHA256: sha, signatureText: signatureText)
            metrics.recordUpload(outcome: isNew ? "stored" : "exists", bytes: received.size)
            context.logger.info(
                "pack stored",
                metadata: ["pack": "\(sha)", "project": "\(pack.project)", "version": "\(pack.version)", "bytes": "\(pack.size)"])
            return try Response.json(PackSummary(pack), status: isNew ? .created : .ok)
        } catch let error as ServerError {
            metrics.recordUpload(outcome: error.code, bytes: 0)
            context.logger.notice("pack refused", metadata: ["pack": "\(sha)", "code": "\(error.code)"])
            throw error
        }
    }
}
