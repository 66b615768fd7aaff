import Foundation
import GamePackFormat
import HTTPTypes
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
            return (
                nil, "the pack on \(head.project)/\(channel) has no \(GohikeLayout.name) target (\(GohikeLayout.contentPath))"
            )
        }
        return (
            LegacyContent(
                version: version, sha256: sha, size: size, pingUpToDate: ByteBuffer(string: #"{"status":"ok"}"#),
                pingUpdate: ByteBuffer(string: #"{"status":"update","size":\#(size)}"#)), ""
        )
    }
}
