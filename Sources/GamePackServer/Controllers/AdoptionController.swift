import Foundation
import GamePackFormat
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers

/// Adoption figures: how many installs run which version of a channel, per day.
///
/// - `POST /v1/projects/{project}/channels/{channel}/adoption` (no token: installs are
///   anonymous): an `AdoptionReport`. The version must be one the channel has served (as its
///   pack, a rollout's or a compatible one), the bucket 0–99 or absent. Answers 204; the report
///   only adds one to a count per (project, channel, UTC day, version, bucket): nothing that
///   names an install or its address is stored or logged.
/// - `GET /v1/projects/{project}/channels/{channel}/adoption?days=N` (1–366, default 30): the
///   counts per version per day, newest day first (`AdoptionFigures`).
struct AdoptionController {
    let store: any MetadataStore
    let adoption: any AdoptionStore
    /// The versions each channel has served, by its head's sequence.
    let served = ServedVersions()
    /// Reports accepted per second, server-wide: a flood is answered 429 rather than written.
    let limiter = AdoptionRateLimit(perSecond: 1_000)
    /// The clock that decides a report's day.
    var now: @Sendable () -> Date = { Date() }

    /// The most days a figures request may ask for.
    static let maximumDays = 366

    var routes: RouteCollection<BasicRequestContext> {
        let routes = RouteCollection(context: BasicRequestContext.self)
        routes.post("/v1/projects/:project/channels/:channel/adoption") { request, context in
            try await report(request, context)
        }
        routes.get("/v1/projects/:project/channels/:channel/adoption") { request, context in
            try await figures(request, context)
        }
        return routes
    }

    /// The path's project and channel, 404 unless both are safe names.
    func address(_ request: Request, _ context: BasicRequestContext) throws -> (String, String) {
        let project = try context.parameters.require("project")
        let channel = try context.parameters.require("channel")
        guard ChannelPointer.isSafeName(project), ChannelPointer.isSafeName(channel) else {
            throw ServerError.notFound("no such channel: \(request.uri.path)")
        }
        return (project, channel)
    }

    func report(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let (project, channel) = try address(request, context)
        guard limiter.admit(at: now()) else {
            var error = ServerError(.tooManyRequests, "rate_limited", "too many adoption reports right now; try again later")
            error.headers[.retryAfter] = "1"
            throw error
        }
        var request = request
        let body = try await request.decodeJSON(as: AdoptionReport.self, limit: AdoptionReport.bodyLimit)
        try Self.validate(body)
        guard let versions = try await served.versions(project: project, channel: channel, store: store) else {
            throw ServerError.notFound("\(project)/\(channel) has no pointer yet")
        }
        guard versions.contains(body.version) else {
            throw ServerError.unprocessable(
                "unknown_version",
                "\(project)/\(channel) has never served version \"\(body.version)\"; report the installed pack's "
                    + "PackManifest.version")
        }
        try await adoption.recordAdoption(
            project: project, channel: channel, day: AdoptionReport.day(of: now()), version: body.version,
            bucket: body.bucket)
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }

    /// Refuses an empty or overlong version (400) and a bucket outside 0–99 (422).
    static func validate(_ report: AdoptionReport) throws {
        guard !report.version.isEmpty, report.version.utf8.count <= AdoptionReport.versionLimit else {
            throw ServerError.badRequest(
                "bad_version", "version must be the installed pack's version, 1–\(AdoptionReport.versionLimit) bytes")
        }
        if let bucket = report.bucket, !(0...99).contains(bucket) {
            throw ServerError.unprocessable(
                "bad_bucket", "bucket \(bucket) is not a rollout bucket: send 0–99, or no bucket when the channel has no rollout")
        }
    }

    func figures(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let (project, channel) = try address(request, context)
        var days = 30
        if let text = request.uri.queryParameters["days"] {
            guard let value = Int(String(text)), (1...Self.maximumDays).contains(value) else {
                throw ServerError.badRequest("bad_days", "days must be a whole number 1–\(Self.maximumDays), not \"\(text)\"")
            }
            days = value
        }
        guard try await store.head(project: project, channel: channel) != nil else {
            throw ServerError.notFound("\(project)/\(channel) has no pointer yet")
        }
        let since = AdoptionReport.day(of: now().addingTimeInterval(-Double(days - 1) * 86_400))
        let rows = try await adoption.adoption(project: project, channel: channel, since: since)
        return try Response.json(
            AdoptionFigures(project: project, channel: channel, days: days, figures: Self.group(rows)))
    }

    /// Rows into days, newest first; in each day the versions by installs (most first), then
    /// by version, each with its buckets ascending.
    static func group(_ rows: [AdoptionRow]) -> [AdoptionDay] {
        var days: [String: [String: [AdoptionRow]]] = [:]
        for row in rows { days[row.day, default: [:]][row.version, default: []].append(row) }
        return days.keys.sorted(by: >).map { day in
            let versions = days[day, default: [:]].map { version, rows in
                AdoptionVersionCount(
                    version: version, installs: rows.reduce(0) { $0 + $1.count },
                    buckets: rows.compactMap { row in row.bucket.map { AdoptionBucketCount(bucket: $0, installs: row.count) } }
                        .sorted { $0.bucket < $1.bucket })
            }
            return AdoptionDay(
                day: day,
                versions: versions.sorted { ($1.installs, $0.version) < ($0.installs, $1.version) })
        }
    }
}

/// The versions each channel has served: every history entry's pack and the rollout and
/// compatible packs its pointer names. Kept per channel until its head moves, so a report costs
/// one head lookup.
final class ServedVersions: Sendable {
    private let cache = NIOLockedValueBox<[String: (sequence: Int64, versions: Set<String>)]>([:])
    /// The most channels kept; past it the cache starts again.
    static let capacity = 1_024
    /// The most history entries read per channel.
    static let historyLimit = 10_000

    /// The channel's served versions, or nil when it has no pointer.
    func versions(project: String, channel: String, store: any MetadataStore) async throws -> Set<String>? {
        guard let head = try await store.head(project: project, channel: channel) else { return nil }
        let key = "\(project)/\(channel)"
        if let cached = cache.withLockedValue({ $0[key] }), cached.sequence == head.sequence { return cached.versions }
        var versions = Set<String>()
        for entry in try await store.history(project: project, channel: channel, limit: Self.historyLimit) {
            versions.insert(entry.version)
            if let pointer = try? ChannelPointer.decode(Data(entry.pointer.utf8)) {
                versions.formUnion(pointer.packs.map(\.version))
            }
        }
        cache.withLockedValue {
            if $0.count >= Self.capacity { $0.removeAll() }
            $0[key] = (head.sequence, versions)
        }
        return versions
    }
}

/// A server-wide cap on adoption reports per second (a fixed one-second window): reports are
/// anonymous, so nothing per client is kept to limit by.
final class AdoptionRateLimit: Sendable {
    let perSecond: Int
    private let window = NIOLockedValueBox<(second: Int64, count: Int)>((0, 0))

    init(perSecond: Int) {
        self.perSecond = perSecond
    }

    /// Whether one more report may be taken at `date`.
    func admit(at date: Date) -> Bool {
        let second = Int64(date.timeIntervalSince1970.rounded(.down))
        return window.withLockedValue { state in
            if state.second != second { state = (second, 0) }
            guard state.count < perSecond else { return false }
            state.count += 1
            return true
        }
    }
}
