import Logging
import ServiceLifecycle

/// The first service to hear SIGTERM (a service group stops its services in reverse order, and
/// this one is last): it turns `/ready` to 503 and waits `delay` while the server still serves,
/// so a load balancer takes the instance out before the listener closes; then the server stops
/// accepting connections and lets requests in flight finish.
struct DrainService: Service {
    let readiness: Readiness
    let delay: Duration
    let logger: Logger

    func run() async throws {
        do {
            try await gracefulShutdown()
        } catch {
            return
        }
        readiness.startDraining()
        logger.info("draining: /ready answers 503 until the listener closes", metadata: ["delay": "\(delay)"])
        try? await Task.sleep(for: delay)
    }
}
