import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird
import NIOCore

/// Each project's key sets, the chain of signing keys clients follow from the key they ship with:
///
/// - `GET /v1/keys/{project}/{N}.json` and `….json.minisig`: key set N and its signature (404
///   when the project has no set N: clients read that as "no newer set").
/// - `PUT /v1/keys/{project}/{N}.json` (bearer token): a `KeySetUpload`; stored (201) when it
///   follows the project's chain (`KeyChain.apply`: signed by an unexpired key of set N−1, or
///   for set 1 by a trusted key, and re-adding no removed key), 200 for the same bytes again,
///   409 for other bytes under a stored version, 422 when the chain refuses it. From then on
///   the project's packs and pointers must be signed by a key of its newest set (`ProjectKeys`).
struct KeySetController {
    let store: any MetadataStore
    let trustedKeys: [MinisignPublicKey]

    /// The largest key set upload body, in bytes.
    static let uploadLimit = 256 << 10

    var routes: RouteCollection<BasicRequestContext> {
        let routes = RouteCollection(context: BasicRequestContext.self)
        routes.get("/v1/keys/:project/:file") { request, context in try await keySetFile(request, context) }
        routes.group()
            .add(middleware: BearerTokenAuthentication(store: store))
            .put("/v1/keys/:project/:file") { request, context in try await putKeySet(request, context) }
        return routes
    }

    /// `<N>.json` or `<N>.json.minisig`: the version and whether the signature is wanted.
    static func keySetAddress(_ file: String) -> (Int, Bool)? {
        for (suffix, isSignature) in [(".json.minisig", true), (".json", false)] where file.hasSuffix(suffix) {
            let digits = file.dropLast(suffix.count)
            guard (1...9).contains(digits.count), digits.allSatisfy(\.isASCII), let version = Int(digits), version >= 1,
                String(version) == digits
            else { return nil }
            return (version, isSignature)
        }
        return nil
    }

    func keySetFile(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let project = try context.parameters.require("project")
        let file = try context.parameters.require("file")
        guard ChannelPointer.isSafeName(project), let (version, isSignature) = Self.keySetAddress(file) else {
            throw ServerError.notFound("no such key set: \(request.uri.path)")
        }
        guard let stored = try await store.keySets(project: project).first(where: { $0.version == version }) else {
            throw ServerError.notFound("\(project) has no key set \(version)")
        }
        let headers: HTTPFields = [
            .contentType: isSignature ? "text/plain; charset=utf-8" : "application/json", .cacheControl: "no-cache",
        ]
        let body = isSignature ? stored.signature : stored.document
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    func putKeySet(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let project = try context.parameters.require("project")
        let file = try context.parameters.require("file")
        guard ChannelPointer.isSafeName(project), let (version, isSignature) = Self.keySetAddress(file), !isSignature else {
            throw ServerError.badRequest("bad_path", "write a key set at /v1/keys/<project>/<version>.json")
        }
        var request = request
        let upload = try await request.decodeJSON(as: KeySetUpload.self, limit: Self.uploadLimit)
        let (signed, isNew) = try await writeKeySet(project: project, version: version, upload: upload)
        if isNew {
            context.logger.info(
                "key set stored",
                metadata: [
                    "project": "\(project)", "version": "\(version)",
                    "keys": "\(signed.set.keyIDs.joined(separator: ","))",
                ])
        }
        return try Response.json(signed.set, status: isNew ? .created : .ok)
    }

    /// Checks an uploaded set against the project's chain and stores it. Returns the set and
    /// whether it is new.
    func writeKeySet(project: String, version: Int, upload: KeySetUpload) async throws -> (SignedKeySet, Bool) {
        guard let bytes = Data(base64Encoded: upload.keySet) else {
            throw ServerError.badRequest("invalid_key_set", "keySet is not base64")
        }
        let signed: SignedKeySet
        do {
            signed = try SignedKeySet(bytes: bytes, signature: upload.signature)
        } catch {
            throw ServerError.badRequest("invalid_key_set", "\(error)")
        }
        guard signed.set.project == project, signed.set.version == version else {
            throw ServerError.badRequest(
                "path_mismatch",
                "the key set is version \(signed.set.version) of \(signed.set.project), not version \(version) of \(project)")
        }
        if let unchanged = try await existing(signed) { return (unchanged, false) }
        var chain = try await ProjectKeys(store: store, trustedKeys: trustedKeys).chain(project: project)
        do {
            try chain.apply(signed, now: Date())
        } catch {
            throw ServerError.unprocessable("key_set_refused", "\(error)")
        }
        let row = StoredKeySet(
            project: project, version: version, document: String(decoding: bytes, as: UTF8.self),
            signature: upload.signature, recorded: ChannelPointerTime.now())
        if try await store.insertKeySet(row) { return (signed, true) }
        // Another upload of this version won the race.
        if let unchanged = try await existing(signed) { return (unchanged, false) }
        throw conflict(signed)
    }

    /// `signed` when the store already has these exact bytes; throws 409 when it has other ones.
    func existing(_ signed: SignedKeySet) async throws -> SignedKeySet? {
        let stored = try await store.keySets(project: signed.set.project)
        guard let row = stored.first(where: { $0.version == signed.set.version }) else { return nil }
        guard row.document == String(decoding: signed.bytes, as: UTF8.self) else { throw conflict(signed) }
        return signed
    }

    func conflict(_ signed: SignedKeySet) -> ServerError {
        ServerError(
            .conflict, "key_set_exists",
            "\(signed.set.project) already has a different key set \(signed.set.version); a stored key set never "
                + "changes: fetch the sets the server has (GET /v1/keys/\(signed.set.project)/<N>.json) into your "
                + "keys folder and rotate again from the newest")
    }
}
