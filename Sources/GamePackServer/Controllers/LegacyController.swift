import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird
import NIOCore

/// The Go Take a Hike! v1 API, for the gohike apps already installed, over the pack the legacy
/// channel points at (its gohike `content.json`):
///
/// - `POST /api/ping`: whether the app's content version is current.
/// - `GET /api/content`: the whole `content.json` with `Content-Version`.
/// - `POST /api/checkin` (`Take-A-Hike-Secret`): records check-ins.
struct LegacyController {
    let store: any MetadataStore
    let blobs: any BlobStore
    let metrics: ServerMetrics
    /// The legacy channel's content, cached.
    let legacy: LegacyContentCache
    /// The secret the apps send with check-ins; nil refuses every check-in.
    let checkinSecret: String?

    /// The largest ping body, in bytes.
    static let pingLimit = 16 << 10
    /// The largest check-in body, in bytes.
    static let checkinLimit = 1 << 20

    var routes: RouteCollection<BasicRequestContext> {
        let routes = RouteCollection(context: BasicRequestContext.self)
        routes.post("/api/ping") { request, context in try await ping(request, context) }
        routes.get("/api/content") { request, context in try await content(request, context) }
        routes.post("/api/checkin") { request, context in try await checkin(request, context) }
        return routes
    }

    /// `POST /api/ping` with `version` (JSON from Android, form-encoded from iOS, or in the
    /// query): `{"status":"ok"}` when it is the current version, else
    /// `{"status":"update","size":N}` with N the bytes of `content.json`.
    func ping(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        var request = request
        let body = try await request.collectBody(limit: Self.pingLimit)
        let version = try Self.legacyVersion(request: request, body: body)
        let content = try await legacy.current()
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-cache"],
            body: .init(byteBuffer: version == content.version ? content.pingUpToDate : content.pingUpdate))
    }

    /// The `version` a ping carries; nil when it carries none (treated as out of date).
    static func legacyVersion(request: Request, body: ByteBuffer) throws -> String? {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        let bytes = Data(buffer: body)
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if contentType.contains("json") || (!contentType.contains("form") && text.hasPrefix("{")) {
            guard !text.isEmpty else { return nil }
            guard let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any] else {
                throw ServerError.badRequest("malformed_json", "the ping body is not a JSON object")
            }
            if let version = object["version"] as? String { return version }
            if object["version"] == nil || object["version"] is NSNull { return nil }
            throw ServerError.badRequest("malformed_json", "version must be a string")
        }
        if !text.isEmpty, let version = Self.formValue("version", in: text) { return version }
        if let query = request.uri.query, let version = Self.formValue("version", in: query) { return version }
        return nil
    }

    /// The value of `name` in `application/x-www-form-urlencoded` text.
    static func formValue(_ name: String, in text: String) -> String? {
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            let key = FormDecoding.decode(parts[0], plusAsSpace: true)
            if key == name { return FormDecoding.decode(parts[1], plusAsSpace: true) }
        }
        return nil
    }

    /// `GET /api/content`: the whole `content.json` with `Content-Version`; conditional GET,
    /// ranges and gzip work as for any blob, but it is never cached as immutable (the URL stays,
    /// the content changes).
    func content(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let content = try await legacy.current()
        var headers: HTTPFields = [:]
        headers[HTTPField.Name("Content-Version")!] = content.version
        return try await ImmutableFile(
            blobs: blobs, path: PublishLayout.file(sha256: content.sha256), tag: content.sha256,
            contentType: "application/json; charset=utf-8", gzipOf: content.sha256, cacheControl: "no-cache",
            extraHeaders: headers
        ).response(for: request, context: context)
    }

    /// `POST /api/checkin` with `Take-A-Hike-Secret`: stores each (device, location, route) once.
    func checkin(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        guard let expected = checkinSecret, !expected.isEmpty,
            let given = request.headers[HTTPField.Name("Take-A-Hike-Secret")!],
            UploadTokens.constantTimeEqual(given, expected)
        else {
            throw ServerError(.unauthorized, "bad_secret", "check-ins need the app's Take-A-Hike-Secret header")
        }
        var request = request
        let body = try await request.decodeJSON(as: CheckinRequest.self, limit: Self.checkinLimit)
        guard !body.identifier.isEmpty, body.identifier.utf8.count <= 256 else {
            throw ServerError.badRequest("bad_identifier", "identifier must be 1-256 bytes")
        }
        guard body.checkins.count <= 10_000 else {
            throw ServerError(.contentTooLarge, "too_large", "at most 10000 check-ins per request")
        }
        let added = try await store.recordCheckins(
            device: body.identifier,
            body.checkins.map { Checkin(locationID: $0.locationID, routeID: $0.routeID, timestamp: $0.timestamp) },
            received: ChannelPointerTime.now())
        metrics.recordCheckins(added)
        return Response.json(#"{"status":"ok"}"#)
    }
}
