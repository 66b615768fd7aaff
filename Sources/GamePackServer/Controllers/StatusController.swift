import HTTPTypes
import Hummingbird
import NIOCore

/// The operator's routes: `GET /health` (`{"status":"ok"}` while the server answers) and
/// `GET /metrics` (Prometheus text format).
struct StatusController {
    let metrics: ServerMetrics

    var routes: RouteCollection<BasicRequestContext> {
        let routes = RouteCollection(context: BasicRequestContext.self)
        routes.get("/health") { _, _ in Response.json(#"{"status":"ok"}"#) }
        routes.get("/metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: metrics.render())))
        }
        return routes
    }
}
