import HTTPTypes
import Hummingbird
import NIOCore

/// The operator's routes: `GET /health` (`{"status":"ok"}` while the process answers: alive),
/// `GET /ready` (200 `{"ready":true,…}` when the database answers, its migrations are done and
/// the instance is not draining; else 503 with each failed check's reason) and `GET /metrics`
/// (Prometheus text format).
struct StatusController {
    let metrics: ServerMetrics
    let readiness: Readiness

    var routes: RouteCollection<BasicRequestContext> {
        let routes = RouteCollection(context: BasicRequestContext.self)
        routes.get("/health") { _, _ in Response.json(#"{"status":"ok"}"#) }
        routes.get("/ready") { _, _ -> Response in
            let report = await readiness.report()
            return try Response.json(report, status: report.ready ? .ok : .serviceUnavailable)
        }
        routes.get("/metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: metrics.render())))
        }
        return routes
    }
}
