import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird
import NIOCore

/// Channels and their signed pointers:
///
/// - `GET /v1/projects`: every project with its channels' heads (`ProjectList`).
/// - `GET /v1/channels/{project}/{channel}.json` and `….json.minisig`: the head pointer and its
///   signature, with `ETag` and `Gamepack-Sequence` (304 on `If-None-Match`).
/// - `PUT /v1/channels/{project}/{channel}.json` (bearer token): a `PointerUpload`; the pointer
///   becomes the head when its signature, sequence and pack check out (201, or 200 for a retry
///   of the write that made the head).
/// - `GET /v1/channels/{project}/{channel}/history?limit=N`: the entries newest first
///   (`ChannelHistory`).
struct ChannelController {
    let store: any MetadataStore
    /// The packs' stored manifests, read for the client format a pointer's packs need.
    let blobs: any BlobStore
    let trustedKeys: [MinisignPublicKey]
    let metrics: ServerMetrics
    /// Told when a channel moves, so the legacy API does not serve the old content.
    let legacy: LegacyContentCache
    /// Told when a channel moves, so the query and Kinvey routes read the new pack.
    let content: ContentCatalog

    /// The largest pointer upload body, in bytes.
    static let uploadLimit = 64 << 10

    var routes: RouteCollection<BasicRequestContext> {
        let routes = RouteCollection(context: BasicRequestContext.self)
        routes.get("/v1/projects") { _, _ in try await projects() }
        routes.get("/v1/channels/:project/:file") { request, context in try await channelFile(request, context) }
        // The channel name shares the `file` parameter: the router needs one name per position.
        routes.get("/v1/channels/:project/:file/history") { request, context in try await history(request, context) }
        routes.group()
            .add(middleware: BearerTokenAuthentication(store: store))
            .put("/v1/channels/:project/:file") { request, context in try await putPointer(request, context) }
        return routes
    }

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
        if let match = request.headers[.ifNoneMatch],
            match.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == etag || $0.trimmingCharacters(in: .whitespaces) == "*"
            })
        {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    func putPointer(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let project = try context.parameters.require("project")
        let file = try context.parameters.require("file")
        guard ChannelPointer.isSafeName(project), let (channel, isSignature) = Self.channelAddress(file), !isSignature else {
            throw ServerError.badRequest("bad_path", "write a channel at /v1/channels/<project>/<channel>.json")
        }
        var request = request
        let upload = try await request.decodeJSON(as: PointerUpload.self, limit: Self.uploadLimit)
        let (entry, isNew) = try await writePointer(project: project, channel: channel, upload: upload)
        metrics.recordChannelWrite(outcome: isNew ? "written" : "unchanged")
        if isNew {
            legacy.invalidate()
            await content.channelMoved(entry)
            context.logger.info(
                "channel moved",
                metadata: [
                    "project": "\(project)", "channel": "\(channel)", "sequence": "\(entry.sequence)",
                    "pack": "\(entry.pack)", "action": "\(entry.action.rawValue)",
                ])
        }
        return try Response.json(ChannelHistoryEntry(entry), status: isNew ? .created : .ok)
    }

    /// Checks a signed pointer and makes it the channel's head. Returns the entry and whether it is new.
    func writePointer(project: String, channel: String, upload: PointerUpload) async throws -> (ChannelEntry, Bool) {
        let action: ChannelAction
        if let name = upload.action {
            guard let parsed = ChannelAction(rawValue: name) else {
                throw ServerError.badRequest(
                    "bad_action", "action must be publish, promote, rollback or rollout, not \"\(name)\"")
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
        let key = try await ProjectKeys(store: store, trustedKeys: trustedKeys).key(for: signature, project: project)
        do {
            try Minisign.verify(pointerData, signature: signature, publicKey: key)
        } catch {
            throw ServerError.unprocessable("bad_signature", "the pointer's signature does not verify: \(error)")
        }
        let expectedComment = SignedPointer.trustedComment(project: project, channel: channel, sequence: pointer.sequence)
        guard signature.trustedComment == expectedComment else {
            throw ServerError.unprocessable(
                "bad_signature",
                "the signature's trusted comment is \"\(signature.trustedComment)\", expected \"\(expectedComment)\"")
        }
        if pointer.isExpired() {
            throw ServerError.unprocessable("pointer_expired", "the pointer expired at \(pointer.expires ?? "?"); sign a new one")
        }
        try await checkPacks(of: pointer, project: project)
        let pointerText = String(decoding: pointerData, as: UTF8.self)
        if let head = try await store.head(project: project, channel: channel) {
            if head.pointer == pointerText { return (head, false) }  // a retry of the write that made the head
            if let current = try? ChannelPointer.decode(Data(head.pointer.utf8)),
                let conflict = pointer.rolloutConflict(after: current)
            {
                throw ServerError(.conflict, "rollout_conflict", conflict)
            }
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

    /// Checks that every pack `pointer` names (its own, a rollout's, those kept for older apps)
    /// is on this server, for `project`, and is the pack the pointer describes: manifest, size,
    /// version and the client content format its stored manifest needs.
    func checkPacks(of pointer: ChannelPointer, project: String) async throws {
        var named: [(role: String, pack: PackReference)] = [("", pointer.head)]
        if let rollout = pointer.rollout { named.append(("the rollout's ", rollout.pack)) }
        for (index, pack) in (pointer.compatible ?? []).enumerated() {
            named.append(("compatible entry \(index + 1) (for apps of client format \(pack.clientFormat)): ", pack))
        }
        for (role, reference) in named {
            guard let pack = try await store.pack(sha256: reference.pack) else {
                throw ServerError.unprocessable(
                    "pack_missing",
                    "\(role)pack \(reference.pack) (version \(reference.version)) is not on this server; upload it first")
            }
            guard pack.project == project, pack.manifestSHA256 == reference.manifest, pack.size == reference.size,
                pack.version == reference.version
            else {
                throw ServerError.unprocessable(
                    "pointer_mismatch",
                    "the pointer does not describe \(role)pack \(pack.sha256) (project \(pack.project), version \(pack.version), "
                        + "\(pack.size) bytes)")
            }
            let needed = try await storedClientFormat(of: pack)
            guard needed == reference.clientFormat else {
                throw ServerError.unprocessable(
                    "client_format_mismatch",
                    "the pointer says \(role)pack \(pack.sha256) (version \(pack.version)) needs client format "
                        + "\(reference.clientFormat), its manifest says \(needed); sign the pointer with the manifest's "
                        + "minimumClientFormat (gamepack publish does)")
            }
        }
    }

    /// The client content format the stored manifest of `pack` needs (`PackManifest.clientFormat`).
    func storedClientFormat(of pack: StoredPack) async throws -> Int {
        let data = try? await blobs.data(PublishLayout.manifest(packSHA256: pack.sha256))
        guard let data, Digest.sha256Hex(data) == pack.manifestSHA256,
            let manifest = try? PackManifest.decode(data)
        else {
            throw ServerError(
                .internalServerError, "manifest_unreadable", "the stored manifest of pack \(pack.sha256) cannot be read")
        }
        return manifest.clientFormat
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
        return try Response.json(
            ChannelHistory(project: project, channel: channel, entries: entries.map(ChannelHistoryEntry.init)))
    }

    func projects() async throws -> Response {
        try Response.json(ProjectList(heads: try await store.heads()))
    }
}
