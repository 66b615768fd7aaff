import Foundation
import GamePackFormat

/// Talks to a `gamepack serve` over HTTP or HTTPS for `publish`, `promote`, `rollback` and
/// `history`, through AsyncHTTPClient (`ContentServerClient+Transport.swift`), streaming an
/// upload from its file.
public struct ContentServerClient: Sendable {
    /// The server's base URL (`http://host:port`, optionally with a path prefix).
    public let baseURL: URL
    /// The bearer token for writes.
    public let token: String?
    /// The environment the proxy settings are read from (`ContentServerClient+Proxy`).
    let environment: [String: String]

    /// A client of the server at `baseURL`, sending `token` (if any) with every request, through
    /// the proxy `environment` names, if any (`https_proxy`, `http_proxy`, `no_proxy`, as curl).
    public init(baseURL: URL, token: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.baseURL = baseURL
        self.token = token
        self.environment = environment
    }

    func url(_ path: String) -> URL {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + "/" + path)!
    }

    func request(_ path: String, method: String) -> ServerRequest {
        var request = ServerRequest(url: url(path), method: method)
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        return request
    }

    /// Throws the server's JSON error for a non-2xx status.
    func check(_ status: Int, _ data: Data) throws {
        guard !(200..<300).contains(status) else { return }
        if let body = try? JSONDecoder().decode(APIErrorBody.self, from: data) {
            throw Failure(status: status, code: body.error.code, message: body.error.message)
        }
        throw Failure(status: status, code: "http_\(status)", message: String(decoding: data.prefix(300), as: UTF8.self))
    }

    /// Uploads a pack (streamed from its file). Returns true when the server stored it now,
    /// false when it already had it.
    @discardableResult
    public func uploadPack(at file: URL, sha256: String, signature: String) async throws -> Bool {
        var request = self.request(PublishLayout.pack(sha256: sha256), method: "PUT")
        request.setValue(Data(signature.utf8).base64EncodedString(), forHTTPHeaderField: "Gamepack-Signature")
        request.setValue("application/zip", forHTTPHeaderField: "Content-Type")
        let (status, data) = try await perform(request, uploadFrom: file)
        try check(status, data)
        return status == 201
    }

    /// Makes `signed` the head of its channel. Returns the entry the server recorded.
    @discardableResult
    public func putPointer(_ signed: SignedPointer, action: String) async throws -> ChannelHistoryEntry {
        var request = self.request(
            PublishLayout.channelPointer(project: signed.pointer.project, channel: signed.pointer.channel), method: "PUT")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let body = try encoder.encode(PointerUpload(signed, action: action))
        let (status, data) = try await perform(request, body: body)
        try check(status, data)
        return try JSONDecoder().decode(ChannelHistoryEntry.self, from: data)
    }

    /// The channel's current pointer, or nil when the channel has none.
    public func pointer(project: String, channel: String) async throws -> ChannelPointer? {
        let (status, data) = try await perform(
            request(PublishLayout.channelPointer(project: project, channel: channel), method: "GET"))
        if status == 404 { return nil }
        try check(status, data)
        do {
            return try ChannelPointer.decode(data)
        } catch {
            throw Failure(status: status, code: "invalid_pointer", message: "the server sent an invalid pointer: \(error)")
        }
    }

    /// The manifest of the pack with SHA-256 `pack`, as the server serves it to clients.
    public func manifest(pack: String) async throws -> PackManifest {
        let (status, data) = try await perform(request(PublishLayout.manifest(packSHA256: pack), method: "GET"))
        try check(status, data)
        do {
            return try PackManifest.decode(data)
        } catch {
            throw Failure(status: status, code: "invalid_manifest", message: "the server sent an invalid manifest: \(error)")
        }
    }

    /// The channel's history, newest first (empty when the channel does not exist).
    public func history(project: String, channel: String) async throws -> [ChannelHistoryEntry] {
        let (status, data) = try await perform(
            request("\(PublishLayout.prefix)/channels/\(project)/\(channel)/history?limit=10000", method: "GET"))
        if status == 404 { return [] }
        try check(status, data)
        return try JSONDecoder().decode(ChannelHistory.self, from: data).entries
    }

    /// Every project and its channels.
    public func projects() async throws -> [ProjectSummary] {
        let (status, data) = try await perform(request("\(PublishLayout.prefix)/projects", method: "GET"))
        try check(status, data)
        return try JSONDecoder().decode(ProjectList.self, from: data).projects
    }
}
