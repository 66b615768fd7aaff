import Testing

/// The fleet suites, one test at a time: each starts three `gamepack serve` processes, nginx and
/// often `wrk`, which two cores run fairly only alone. `scripts/test.sh` runs them after the
/// other suites (`--filter FleetTests`). Their waits go through `offPool`, so run beside other
/// suites they cannot starve those suites' in-process servers either.
@Suite("A fleet of gamepack serve instances on one PostgreSQL, behind nginx", .serialized)
enum FleetTests {}
