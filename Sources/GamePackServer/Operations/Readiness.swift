import NIOConcurrencyHelpers

/// One named condition `/ready` checks: `database`, `migrations`, `blobs`. `check` answers nil
/// when the condition holds, else the reason it does not; it must answer at once (read a state
/// kept up to date elsewhere). An advisory check is reported but leaves `ready` alone: it is
/// for what every instance of a fleet shares (a damaged blob in the one database), where
/// turning `/ready` false would take the whole fleet out of its load balancer.
public struct ReadinessCheck: Sendable {
    /// A short stable name, shown in `/ready`'s answer.
    public var name: String
    /// Reported only: a failure does not turn `ready` false.
    public var advisory: Bool
    /// nil when the condition holds; else why not, for the operator.
    public var check: @Sendable () async -> String?

    /// A check named `name`.
    public init(name: String, advisory: Bool = false, check: @escaping @Sendable () async -> String?) {
        self.name = name
        self.advisory = advisory
        self.check = check
    }
}

/// Whether this instance should get traffic: every check holds and it is not draining. At
/// SIGTERM the instance starts draining (`/ready` answers 503) while it still serves, so a load
/// balancer takes it out before its listener closes.
public final class Readiness: Sendable {
    private let state = NIOLockedValueBox<(draining: Bool, checks: [ReadinessCheck])>((false, []))

    /// An instance with no checks yet, not draining.
    public init() {}

    /// Adds a check; `/ready` runs every check in the order added.
    public func add(_ check: ReadinessCheck) {
        state.withLockedValue { $0.checks.append(check) }
    }

    /// From now on `/ready` answers 503 (`draining`).
    func startDraining() {
        state.withLockedValue { $0.draining = true }
    }

    /// Whether SIGTERM has started the drain.
    var isDraining: Bool { state.withLockedValue { $0.draining } }

    /// Runs every check.
    func report() async -> ReadinessReport {
        let (draining, checks) = state.withLockedValue { ($0.draining, $0.checks) }
        var results: [ReadinessReport.Check] = []
        for check in checks {
            let problem = await check.check()
            results.append(
                .init(name: check.name, ok: problem == nil, advisory: check.advisory ? true : nil, problem: problem))
        }
        return ReadinessReport(
            ready: !draining && results.allSatisfy { $0.ok || $0.advisory == true }, draining: draining,
            checks: results)
    }
}

/// `/ready`'s answer: `{"checks":[{"name":"database","ok":true},…],"draining":false,"ready":true}`.
struct ReadinessReport: Encodable, Sendable {
    /// One check's outcome; `advisory` only on advisory checks, `problem` only when it failed.
    struct Check: Encodable, Sendable {
        var name: String
        var ok: Bool
        var advisory: Bool?
        var problem: String?
    }

    var ready: Bool
    var draining: Bool
    var checks: [Check]
}
