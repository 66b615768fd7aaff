import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle

/// The gamepack content server: the modern `v1/` API of `docs/publishing.md` (signed channel
/// pointers, packs and files by SHA-256, uploads and channel writes), the legacy Go Take a Hike!
/// v1 API (`/api/ping`, `/api/content`, `/api/checkin`), `/health` and `/metrics`.
///
/// The server holds no secret key: it accepts packs and channel pointers signed by its trusted
/// keys and serves them as they were signed.
public final class ContentServer: Sendable {
    public let configuration: ServerConfiguration
    public let store: any MetadataStore
    public let metrics = ServerMetrics()
    let blobs: BlobStore
    let logger: Logger
    let fileIO = FileIO()
    let legacy: LegacyContentCache
    /// Channels' content for the query and Kinvey routes.
    let content: ContentCatalog

    /// A server over an opened, migrated store. Creates the data directory's folders.
    public init(configuration: ServerConfiguration, store: any MetadataStore, logger: Logger) throws {
        self.configuration = configuration
        self.store = store
        self.logger = logger
        blobs = BlobStore(root: configuration.dataDirectory)
        try blobs.prepare()
        legacy = LegacyContentCache(
            store: store, project: configuration.legacyProject, channel: configuration.legacyChannel,
            maxAge: configuration.legacyCacheSeconds)
        content = ContentCatalog(store: store, blobs: blobs, maxAge: configuration.legacyCacheSeconds, logger: logger)
    }

    var ingest: PackIngest {
        PackIngest(blobs: blobs, store: store, trustedKeys: configuration.trustedKeys, uploadLimit: configuration.uploadLimit)
    }

    /// The routes, with the error and metrics middleware.
    public func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        router.middlewares.add(MetricsMiddleware(metrics: metrics))
        router.middlewares.add(ErrorMiddleware())

        router.get("/health") { _, _ in
            Self.json(#"{"status":"ok"}"#)
        }
        router.get("/metrics") { [metrics] _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: metrics.render())))
        }
        router.get("/v1/projects") { [self] _, _ in try await projects() }
        router.get("/v1/channels/:project/:file") { [self] request, context in
            try await channelFile(request, context)
        }
        router.put("/v1/channels/:project/:file") { [self] request, context in
            try await putPointer(request, context)
        }
        // The channel name shares the `file` parameter: the router needs one name per position.
        router.get("/v1/channels/:project/:file/history") { [self] request, context in
            try await history(request, context)
        }
        router.get("/v1/packs/:file") { [self] request, context in try await packFile(request, context) }
        router.put("/v1/packs/:file") { [self] request, context in try await putPack(request, context) }
        router.get("/v1/files/:sha256") { [self] request, context in
            let sha = try context.parameters.require("sha256")
            guard ChannelPointer.isSHA256Hex(sha) else { throw ServerError.notFound("no such file: \(request.uri.path)") }
            return try await ImmutableFile(
                url: blobs.url(PublishLayout.file(sha256: sha)), tag: sha, contentType: "application/octet-stream",
                gzipURL: blobs.gzipURL(sha256: sha)
            ).response(for: request, context: context, fileIO: fileIO)
        }

        router.post("/api/ping") { [self] request, context in try await legacyPing(request, context) }
        router.get("/api/content") { [self] request, context in try await legacyContent(request, context) }
        router.post("/api/checkin") { [self] request, context in try await legacyCheckin(request, context) }
        router.addRoutes(ContentQueryController(catalog: content).routes)
        router.addRoutes(KinveyController(catalog: content, apps: configuration.kinveyApps).routes)
        return router
    }

    /// Runs until SIGTERM or SIGINT, then stops accepting connections, lets requests in flight
    /// finish (an upload cut off is discarded whole) and closes the store.
    /// - Parameters:
    ///   - connectionLimits: header, read and idle timeouts and the most connections open at once.
    ///   - shutdownDeadline: how long requests in flight may go on after SIGTERM.
    public func run(
        connectionLimits: ConnectionGuard.Limits = .standard, shutdownDeadline: Duration = .seconds(10),
        onListening: @escaping @Sendable (_ host: String, _ port: Int) -> Void = { _, _ in }
    ) async throws {
        let connections = ConnectionGuard(limits: connectionLimits)
        let app = Application(
            router: makeRouter(),
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [connections.handler()], idleTimeout: connectionLimits.idleTimeout)),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "gamepack"),
            onServerRunning: { channel in
                onListening(channel.localAddress?.ipAddress ?? "?", channel.localAddress?.port ?? 0)
            },
            logger: logger)
        logger.info(
            "starting",
            metadata: [
                "data": "\(configuration.dataDirectory.path)", "database": "\(configuration.store)",
                "trusted_keys": "\(configuration.trustedKeys.map(\.keyIDHex).joined(separator: ","))",
            ])
        do {
            // After SIGTERM, requests in flight get `shutdownDeadline`; then they are cancelled
            // (a stalled upload does not keep the server running).
            var group = ServiceGroupConfiguration(
                services: [.init(service: app)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
            group.maximumGracefulShutdownDuration = shutdownDeadline
            group.maximumCancellationDuration = .seconds(5)
            try await ServiceGroup(configuration: group).run()
        } catch {
            await store.close()
            if let io = error as? IOError, io.errnoCode == EADDRINUSE {
                throw AddressInUse(host: configuration.host, port: configuration.port)
            }
            throw error
        }
        await store.close()
        logger.info("stopped")
    }

    /// The server could not listen: another process already holds `host`:`port`.
    public struct AddressInUse: Error, CustomStringConvertible {
        /// The address the server was to listen on.
        public var host: String
        /// The TCP port the server was to listen on.
        public var port: Int

        public var description: String { "\(host):\(port) is already in use" }
    }

    // MARK: - Authentication

    /// Requires `Authorization: Bearer <token>` naming an active token.
    func authorize(_ request: Request) async throws {
        var error = ServerError(.unauthorized, "missing_token", "writes need Authorization: Bearer <token> (gamepack serve token create)")
        error.headers[.wwwAuthenticate] = "Bearer"
        guard let header = request.headers[.authorization] else { throw error }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { throw error }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        guard try await store.isActiveToken(hash: UploadTokens.hash(token)) else {
            error.code = "bad_token"
            error.message = "the token is unknown or revoked"
            throw error
        }
    }

    // MARK: - Modern API: packs

    func packFile(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let file = try context.parameters.require("file")
        guard let (sha, kind) = Self.packAddress(file) else { throw ServerError.notFound("no such pack: \(request.uri.path)") }
        switch kind {
        case .pack:
            return try await ImmutableFile(
                url: blobs.url(PublishLayout.pack(sha256: sha)), tag: sha, contentType: "application/zip"
            ).response(for: request, context: context, fileIO: fileIO)
        case .signature:
            return try await ImmutableFile(
                url: blobs.url(PublishLayout.packSignature(sha256: sha)), tag: sha + ".minisig",
                contentType: "text/plain; charset=utf-8"
            ).response(for: request, context: context, fileIO: fileIO)
        case .manifest:
            let manifestURL = blobs.url(PublishLayout.manifest(packSHA256: sha))
            // The gzip copy is filed under the manifest's own SHA-256, which the pack row knows.
            let gzip = try await store.pack(sha256: sha).map { blobs.gzipURL(sha256: $0.manifestSHA256) }
            return try await ImmutableFile(
                url: manifestURL, tag: sha + ".manifest", contentType: "application/json", gzipURL: gzip
            ).response(for: request, context: context, fileIO: fileIO)
        }
    }

    enum PackFileKind { case pack, signature, manifest }

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

    func putPack(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let file = try context.parameters.require("file")
        guard let (sha, kind) = Self.packAddress(file), kind == .pack else {
            throw ServerError.badRequest(
                "bad_path", "upload a pack to /v1/packs/<sha256>.gamepack, with its signature in the Gamepack-Signature header")
        }
        try await authorize(request)
        guard let header = request.headers[HTTPField.Name("Gamepack-Signature")!] else {
            throw ServerError.badRequest("missing_signature", "the Gamepack-Signature header (base64 of the .minisig file) is missing")
        }
        guard let decoded = Data(base64Encoded: header.trimmingCharacters(in: .whitespaces)),
            let signatureText = String(data: decoded, encoding: .utf8)
        else {
            throw ServerError.badRequest("bad_signature_format", "Gamepack-Signature is not base64 of a .minisig file")
        }
        let signature = try PackIngest.parseSignature(signatureText)
        _ = try PackIngest.trustedKey(for: signature, in: configuration.trustedKeys)
        if let existing = try await store.pack(sha256: sha), blobs.exists(PublishLayout.pack(sha256: sha)) {
            metrics.recordUpload(outcome: "exists", bytes: 0)
            return try Self.json(PackJSON(existing), status: .ok)
        }
        let declared = request.headers[.contentLength].flatMap { Int64($0) }
        let ingest = self.ingest
        do {
            let received = try await ingest.receive(request.body, declaredLength: declared)
            let (pack, isNew) = try await ingest.ingest(received, expectedSHA256: sha, signatureText: signatureText)
            metrics.recordUpload(outcome: isNew ? "stored" : "exists", bytes: received.size)
            context.logger.info(
                "pack stored",
                metadata: ["pack": "\(sha)", "project": "\(pack.project)", "version": "\(pack.version)", "bytes": "\(pack.size)"])
            return try Self.json(PackJSON(pack), status: isNew ? .created : .ok)
        } catch let error as ServerError {
            metrics.recordUpload(outcome: error.code, bytes: 0)
            context.logger.notice("pack refused", metadata: ["pack": "\(sha)", "code": "\(error.code)"])
            throw error
        }
    }

    // MARK: - Modern API: channels

    /// `<channel>.json` or `<channel>.json.minisig`: the channel and whether the signature is wanted.
    static func channelAddress(_ file: String) -> (String, Bool)? {
        for (suffix, isSignature) in [(".json.minisig", true), (".json", false)] where file.hasSuffix(suffix) {
            let channel = String(file.dropLast(suffix.count))
            if ChannelPointer.isSafeName(channel) { return (channel, isSignature) }
        }
        return nil
    }

    func channelFile(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let project = try context.parameters.require("project")
        let file = try context.parameters.require("file")
        guard ChannelPointer.isSafeName(project), let (channel, isSignature) = Self.channelAddress(file) else {
            throw ServerError.notFound("no such channel: \(request.uri.path)")
        }
        guard let head = try await store.head(project: project, channel: channel) else {
            throw ServerError.notFound("\(project)/\(channel) has no pointer yet")
        }
        let body = isSignature ? head.signature : head.pointer
        let etag = "\"\(Digest.sha256Hex(Data(body.utf8)))\""
        var headers: HTTPFields = [
            .contentType: isSignature ? "text/plain; charset=utf-8" : "application/json", .cacheControl: "no-cache",
            .eTag: etag,
        ]
        headers[HTTPField.Name("Gamepack-Sequence")!] = "\(head.sequence)"
        if let match = request.headers[.ifNoneMatch], match.split(separator: ",").contains(where: {
            $0.trimmingCharacters(in: .whitespaces) == etag || $0.trimmingCharacters(in: .whitespaces) == "*"
        }) {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    /// The body of `PUT /v1/channels/<project>/<channel>.json`.
    struct PointerUpload: Decodable {
        var pointer: String
        var signature: String
        var action: String?
    }

    func putPointer(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let project = try context.parameters.require("project")
        let file = try context.parameters.require("file")
        guard ChannelPointer.isSafeName(project), let (channel, isSignature) = Self.channelAddress(file), !isSignature else {
            throw ServerError.badRequest("bad_path", "write a channel at /v1/channels/<project>/<channel>.json")
        }
        try await authorize(request)
        let upload: PointerUpload = try await Self.decodeJSON(request, limit: 64 << 10)
        let result = try await writePointer(project: project, channel: channel, upload: upload)
        metrics.recordChannelWrite(outcome: result.1 ? "written" : "unchanged")
        if result.1 {
            legacy.invalidate()
            await content.channelMoved(result.0)
            context.logger.info(
                "channel moved",
                metadata: [
                    "project": "\(project)", "channel": "\(channel)", "sequence": "\(result.0.sequence)",
                    "pack": "\(result.0.pack)", "action": "\(result.0.action.rawValue)",
                ])
        }
        return try Self.json(EntryJSON(result.0), status: result.1 ? .created : .ok)
    }

    /// Checks a signed pointer and makes it the channel's head. Returns the entry and whether it is new.
    func writePointer(project: String, channel: String, upload: PointerUpload) async throws -> (ChannelEntry, Bool) {
        let action: ChannelAction
        if let name = upload.action {
            guard let parsed = ChannelAction(rawValue: name) else {
                throw ServerError.badRequest("bad_action", "action must be publish, promote or rollback, not \"\(name)\"")
            }
            action = parsed
        } else {
            action = .publish
        }
        guard let pointerData = Data(base64Encoded: upload.pointer) else {
            throw ServerError.badRequest("invalid_pointer", "pointer is not base64")
        }
        let pointer: ChannelPointer
        do {
            pointer = try ChannelPointer.decode(pointerData)
        } catch {
            throw ServerError.badRequest("invalid_pointer", "\(error)")
        }
        guard pointer.project == project, pointer.channel == channel else {
            throw ServerError.badRequest(
                "path_mismatch", "the pointer is for \(pointer.project)/\(pointer.channel), not \(project)/\(channel)")
        }
        let signature = try PackIngest.parseSignature(upload.signature)
        let key = try PackIngest.trustedKey(for: signature, in: configuration.trustedKeys)
        do {
            try Minisign.verify(pointerData, signature: signature, publicKey: key)
        } catch {
            throw ServerError.unprocessable("bad_signature", "the pointer's signature does not verify: \(error)")
        }
        let expectedComment = "gamepack channel pointer \(project)/\(channel) sequence \(pointer.sequence)"
        guard signature.trustedComment == expectedComment else {
            throw ServerError.unprocessable(
                "bad_signature", "the signature's trusted comment is \"\(signature.trustedComment)\", expected \"\(expectedComment)\"")
        }
        if pointer.isExpired() {
            throw ServerError.unprocessable("pointer_expired", "the pointer expired at \(pointer.expires ?? "?"); sign a new one")
        }
        guard let pack = try await store.pack(sha256: pointer.pack) else {
            throw ServerError.unprocessable("pack_missing", "pack \(pointer.pack) is not on this server; upload it first")
        }
        guard pack.project == project, pack.manifestSHA256 == pointer.manifest, pack.size == pointer.size,
            pack.version == pointer.version
        else {
            throw ServerError.unprocessable(
                "pointer_mismatch",
                "the pointer does not describe pack \(pack.sha256) (project \(pack.project), version \(pack.version), \(pack.size) bytes)")
        }
        let pointerText = String(decoding: pointerData, as: UTF8.self)
        if let head = try await store.head(project: project, channel: channel), head.pointer == pointerText {
            return (head, false)  // a retry of the write that made the head
        }
        let entry = ChannelEntry(
            project: project, channel: channel, sequence: pointer.sequence, pack: pointer.pack, version: pointer.version,
            size: pointer.size, manifest: pointer.manifest, created: pointer.created, expires: pointer.expires,
            action: action, pointer: pointerText, signature: upload.signature, recorded: ChannelPointerTime.now())
        do {
            try await store.append(entry)
        } catch let error as StoreError {
            if case .sequenceNotIncreasing(_, _, let current, _) = error {
                metrics.recordChannelWrite(outcome: "sequence_not_increasing")
                throw ServerError(
                    .conflict, "sequence_not_increasing",
                    "\(error); build the pack again with a higher sequence: from a newer commit, with a later "
                        + "SOURCE_DATE_EPOCH, or with `gamepack build --sequence N` (N above \(current))")
            }
            throw error
        }
        return (entry, true)
    }

    func history(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let project = try context.parameters.require("project")
        let channel = try context.parameters.require("file")
        guard ChannelPointer.isSafeName(project), ChannelPointer.isSafeName(channel) else {
            throw ServerError.notFound("no such channel: \(request.uri.path)")
        }
        let limit = request.uri.queryParameters["limit"].flatMap { Int($0) }.map { min(max($0, 1), 10_000) } ?? 1_000
        let entries = try await store.history(project: project, channel: channel, limit: limit)
        guard !entries.isEmpty else { throw ServerError.notFound("\(project)/\(channel) has no history") }
        struct History: Encodable {
            var project: String
            var channel: String
            var entries: [EntryJSON]
        }
        return try Self.json(History(project: project, channel: channel, entries: entries.map(EntryJSON.init)))
    }

    func projects() async throws -> Response {
        struct Channel: Encodable {
            var channel: String
            var sequence: Int64
            var version: String
            var pack: String
            var created: String
            var expires: String?
        }
        struct Project: Encodable {
            var project: String
            var channels: [Channel]
        }
        struct Projects: Encodable { var projects: [Project] }
        var projects: [Project] = []
        for head in try await store.heads() {
            let channel = Channel(
                channel: head.channel, sequence: head.sequence, version: head.version, pack: head.pack,
                created: head.created, expires: head.expires)
            if projects.last?.project == head.project {
                projects[projects.count - 1].channels.append(channel)
            } else {
                projects.append(Project(project: head.project, channels: [channel]))
            }
        }
        return try Self.json(Projects(projects: projects))
    }

    // MARK: - JSON helpers

    /// A pack as the API shows it.
    struct PackJSON: Encodable {
        var pack: String
        var project: String
        var version: String
        var sequence: Int64
        var size: Int64
        var manifest: String
        var key: String
        var uploaded: String

        init(_ pack: StoredPack) {
            self.pack = pack.sha256
            project = pack.project
            version = pack.version
            sequence = pack.sequence
            size = pack.size
            manifest = pack.manifestSHA256
            key = pack.keyID
            uploaded = pack.uploaded
        }
    }

    /// A channel history entry as the API shows it.
    struct EntryJSON: Encodable {
        var sequence: Int64
        var version: String
        var pack: String
        var size: Int64
        var manifest: String
        var created: String
        var expires: String?
        var action: String
        var recorded: String

        init(_ entry: ChannelEntry) {
            sequence = entry.sequence
            version = entry.version
            pack = entry.pack
            size = entry.size
            manifest = entry.manifest
            created = entry.created
            expires = entry.expires
            action = entry.action.rawValue
            recorded = entry.recorded
        }
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(0x0A)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Collects at most `limit` bytes of body and decodes them; 413 past the limit, 400 for
    /// anything that is not the expected JSON.
    static func decodeJSON<T: Decodable>(_ request: Request, limit: Int) async throws -> T {
        let body = try await collect(request, limit: limit)
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer: body))
        } catch {
            throw ServerError.badRequest("malformed_json", "the body is not the expected JSON (\(Self.describe(error)))")
        }
    }

    static func collect(_ request: Request, limit: Int) async throws -> ByteBuffer {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw ServerError(.contentTooLarge, "too_large", "the body is \(length) bytes; at most \(limit) are accepted here")
        }
        var collected = ByteBuffer()
        for try await chunk in request.body {
            guard collected.readableBytes + chunk.readableBytes <= limit else {
                throw ServerError(.contentTooLarge, "too_large", "the body is over the \(limit)-byte limit")
            }
            var chunk = chunk
            collected.writeBuffer(&chunk)
        }
        return collected
    }

    /// A short description of a decoding error, without Swift's type dump.
    static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.dataCorrupted: "not valid JSON"
        default: "\(error)"
        }
    }
}
