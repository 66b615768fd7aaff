import Foundation

/// Runs `body` on a thread of its own and awaits its result: for the blocking waits of
/// end-to-end tests (a process to exit, a port to open, a poll with sleeps) inside async tests.
/// Blocking on the cooperative pool instead holds one of its threads (two on a two-core
/// machine); two such waits leave in-process servers of other suites no thread, and the run
/// hangs.
public func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
