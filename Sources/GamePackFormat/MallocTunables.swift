import Foundation

/// glibc's malloc tunables as an operator sets them (`GLIBC_TUNABLES`), which gamepack's own
/// malloc settings (`CommandMemory`, `ServerMemory`) give way to.
public enum MallocTunables {
    /// Whether `environment` sets any of malloc's tunables (`glibc.malloc.…`).
    public static func setByOperator(in environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["GLIBC_TUNABLES"]?.contains("glibc.malloc.") == true
    }
}
