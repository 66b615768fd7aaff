import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore

/// What the legacy API serves: the gohike `content.json` of the pack a channel points at.
struct LegacyContent: Sendable, Equatable {
    /// The gohike content version (MD5 of the compact `profiles` JSON).
    var version: String
    /// `content.json`'s SHA-256 (its blob address) and size in bytes.
    var sha256: String
    var size: Int64
    /// The exact ping answers, prepared once.
    var pingUpToDate: ByteBuffer
    var pingUpdate: ByteBuffer
}

/// The legacy channel's content, cached for `maxAge` seconds so that the ping path (thousands
/// of requests a second) does not read the database each time; this process's own channel
/// writes invalidate it at once.
final class LegacyContentCache: Sendable {
    let store: any MetadataStore
    let project: String?
    let channel: String
    let maxAge: Double
    let state = NIOLockedValueBox<(content: LegacyContent?, problem: String, loaded: UInt64)?>(nil)

    init(store: any MetadataStore, project: String?, channel: String, maxAge: Double) {
        self.store = store
        self.project = project
        self.channel = channel
        self.maxAge = maxAge
    }

    func invalidate() { state.withLockedValue { $0 = nil } }

    /// The content, or a ServerError saying why there is none.
    func current() async throws -> LegacyContent {
        let now = DispatchTime.now().uptimeNanoseconds
        if let cached = state.withLockedValue({ $0 }), Double(now - cached.loaded) / 1e9 < maxAge {
            guard let content = cached.content else { throw Self.unavailable(cached.problem) }
            return content
        }
        let (content, problem) = try await load()
        state.withLockedValue { $0 = (content, problem, now) }
        guard let content else { throw Self.unavailable(problem) }
        return content
    }

    static func unavailable(_ problem: String) -> ServerError {
        ServerError(.serviceUnavailable, "no_legacy_content", problem)
    }

    func load() async throws -> (LegacyContent?, String) {
        let heads = try await store.heads().filter { $0.channel == channel && (project == nil || $0.project == project) }
        guard let head = heads.first else {
            return (nil, "no pack is published on channel \(project.map { "\($0)/" } ?? "")\(channel) yet")
        }
        guard heads.count == 1 else {
            return (
                nil,
                "several projects have a \(channel) channel (\(heads.map(\.project).joined(separator: ", "))); start the server with --legacy-project"
            )
        }
        guard let pack = try await store.pack(sha256: head.pack), let sha = pack.legacySHA256, let size = pack.legacySize,
            let version = pack.legacyVersion
        else {
            return (nil, "the pack on \(head.project)/\(channel) has no gohike target (gohike/content.json)")
        }
        return (
            LegacyContent(
                version: version, sha256: sha, size: size, pingUpToDate: ByteBuffer(string: #"{"status":"ok"}"#),
                pingUpdate: ByteBuffer(string: #"{"status":"update","size":\#(size)}"#)), ""
        )
    }
}

/// A check-in request body, as the Go Take a Hike! apps send it.
struct CheckinRequest: Decodable {
    struct Item: Decodable {
        var locationID: Int64
        var routeID: Int64
        var timestamp: String

        enum CodingKeys: String, CodingKey {
            case locationID = "location_id"
            case routeID = "route_id"
            case timestamp
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            locationID = try Self.integer(container, .locationID)
            routeID = try Self.integer(container, .routeID)
            timestamp = (try? container.decode(String.self, forKey: .timestamp)) ?? ""
        }

        /// An id as a JSON number or a string of digits (iOS sent strings).
        static func integer(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Int64 {
            if let value = try? container.decode(Int64.self, forKey: key) { return value }
            if let text = try? container.decode(String.self, forKey: key), let value = Int64(text) { return value }
            throw DecodingError.typeMismatch(
                Int64.self, .init(codingPath: container.codingPath + [key], debugDescription: "not an integer id"))
        }
    }

    var identifier: String
    var checkins: [Item]
}

extension ContentServer {
    /// `POST /api/ping` with `version` (JSON from Android, form-encoded from iOS, or in the
    /// query): `{"status":"ok"}` when it is the current version, else
    /// `{"status":"update","size":N}` with N the bytes of `content.json`.
    func legacyPing(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let body = try await Self.collect(request, limit: 16 << 10)
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
            let key = parts[0].replacingOccurrences(of: "+", with: " ").removingPercentEncoding
            if key == name { return parts[1].replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
        }
        return nil
    }

    /// `GET /api/content`: the whole `content.json` with `Content-Version`; conditional GET,
    /// ranges and gzip work as for any blob, but it is never cached as immutable (the URL stays,
    /// the content changes).
    func legacyContent(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let content = try await legacy.current()
        var headers: HTTPFields = [:]
        headers[HTTPField.Name("Content-Version")!] = content.version
        return try await ImmutableFile(
            url: blobs.url(PublishLayout.file(sha256: content.sha256)), tag: content.sha256,
            contentType: "application/json; charset=utf-8", gzipURL: blobs.gzipURL(sha256: content.sha256),
            cacheControl: "no-cache", extraHeaders: headers
        ).response(for: request, context: context, fileIO: fileIO)
    }

    /// `POST /api/checkin` with `Take-A-Hike-Secret`: stores each (device, location, route) once.
    func legacyCheckin(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        guard let expected = configuration.checkinSecret, !expected.isEmpty,
            let given = request.headers[HTTPField.Name("Take-A-Hike-Secret")!],
            UploadTokens.constantTimeEqual(given, expected)
        else {
            throw ServerError(.unauthorized, "bad_secret", "check-ins need the app's Take-A-Hike-Secret header")
        }
        let body: CheckinRequest = try await Self.decodeJSON(request, limit: 1 << 20)
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
        return Self.json(#"{"status":"ok"}"#)
    }
}
