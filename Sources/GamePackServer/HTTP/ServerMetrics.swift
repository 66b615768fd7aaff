import Dispatch
import Foundation
import Hummingbird
import NIOConcurrencyHelpers

/// Counters for `GET /metrics` in Prometheus's text format (version 0.0.4): requests by route
/// and status, request time, uploads by outcome, check-ins. Kept by hand: a few counters under
/// one lock cost less per request than a metrics backend, and the ping path is hot.
public final class ServerMetrics: Sendable {
    struct RequestKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    struct State {
        var requests: [RequestKey: Int] = [:]
        var durationSum: Double = 0
        var durationCount = 0
        var uploads: [String: Int] = [:]
        var uploadBytes: Int64 = 0
        var channelWrites: [String: Int] = [:]
        var checkins = 0
    }

    let state = NIOLockedValueBox(State())
    let started = Date()

    public init() {}

    func recordRequest(route: String, method: String, status: Int, seconds: Double) {
        state.withLockedValue {
            $0.requests[RequestKey(route: route, method: method, status: status), default: 0] += 1
            $0.durationSum += seconds
            $0.durationCount += 1
        }
    }

    func recordUpload(outcome: String, bytes: Int64) {
        state.withLockedValue {
            $0.uploads[outcome, default: 0] += 1
            $0.uploadBytes += bytes
        }
    }

    func recordChannelWrite(outcome: String) {
        state.withLockedValue { $0.channelWrites[outcome, default: 0] += 1 }
    }

    func recordCheckins(_ count: Int) {
        state.withLockedValue { $0.checkins += count }
    }

    /// The exposition text.
    public func render() -> String {
        let snapshot = state.withLockedValue { $0 }
        var lines: [String] = []
        lines.append("# HELP gamepack_http_requests_total HTTP requests answered, by route pattern, method and status.")
        lines.append("# TYPE gamepack_http_requests_total counter")
        for (key, count) in snapshot.requests.sorted(by: {
            ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status)
        }) {
            lines.append(
                "gamepack_http_requests_total{route=\"\(Self.escape(key.route))\",method=\"\(key.method)\",status=\"\(key.status)\"} \(count)"
            )
        }
        lines.append("# HELP gamepack_http_request_duration_seconds Time to produce response heads.")
        lines.append("# TYPE gamepack_http_request_duration_seconds summary")
        lines.append("gamepack_http_request_duration_seconds_sum \(snapshot.durationSum)")
        lines.append("gamepack_http_request_duration_seconds_count \(snapshot.durationCount)")
        lines.append("# HELP gamepack_uploads_total Pack uploads, by outcome.")
        lines.append("# TYPE gamepack_uploads_total counter")
        for (outcome, count) in snapshot.uploads.sorted(by: { $0.key < $1.key }) {
            lines.append("gamepack_uploads_total{outcome=\"\(outcome)\"} \(count)")
        }
        lines.append("# HELP gamepack_upload_bytes_total Bytes received in pack uploads.")
        lines.append("# TYPE gamepack_upload_bytes_total counter")
        lines.append("gamepack_upload_bytes_total \(snapshot.uploadBytes)")
        lines.append("# HELP gamepack_channel_writes_total Channel pointer writes, by outcome.")
        lines.append("# TYPE gamepack_channel_writes_total counter")
        for (outcome, count) in snapshot.channelWrites.sorted(by: { $0.key < $1.key }) {
            lines.append("gamepack_channel_writes_total{outcome=\"\(outcome)\"} \(count)")
        }
        lines.append("# HELP gamepack_legacy_checkins_total New legacy check-ins stored.")
        lines.append("# TYPE gamepack_legacy_checkins_total counter")
        lines.append("gamepack_legacy_checkins_total \(snapshot.checkins)")
        lines.append("# HELP gamepack_uptime_seconds Seconds since the server started.")
        lines.append("# TYPE gamepack_uptime_seconds gauge")
        lines.append("gamepack_uptime_seconds \(Int(Date().timeIntervalSince(started)))")
        return lines.joined(separator: "\n") + "\n"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}

/// Counts every request by its route pattern (not its path: addresses would explode the label
/// set) and logs it at debug level.
struct MetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = DispatchTime.now().uptimeNanoseconds
        let response = try await next(request, context)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let route = context.endpointPath ?? "unmatched"
        metrics.recordRequest(route: route, method: request.method.rawValue, status: response.status.code, seconds: seconds)
        context.logger.debug(
            "request",
            metadata: [
                "method": "\(request.method)", "path": "\(request.uri.path)", "status": "\(response.status.code)",
                "seconds": "\(seconds)",
            ])
        return response
    }
}
