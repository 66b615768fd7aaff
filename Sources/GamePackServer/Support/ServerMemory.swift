import CMallocTuning
import Foundation
import GamePackFormat

/// How `gamepack serve` asks glibc's malloc to keep the buffers it serves bytes through.
///
/// A server sends each file through buffers of a megabyte or two (a file read from the folder
/// store, a chunk gathered from PostgreSQL). With glibc's default, sliding thresholds, such a
/// buffer is often a fresh mapping, or heap memory trimmed back to the kernel when freed, so every
/// one is faulted in and zeroed again: 100 to 150 page faults per MB served from the folder store
/// (`benchmarks/README.md`, "Pack bytes from PostgreSQL"). Fixed thresholds keep them: blocks
/// under `mmapThreshold` come from the heap, and up to `trimThreshold` bytes free at a heap's top
/// stay for the next buffer.
public enum ServerMemory {
    /// Blocks smaller than this come from the heap (a chunk row of 1 MiB gathers in 2 MiB).
    static let mmapThreshold = 4 << 20
    /// Free memory at the top of a heap kept for reuse rather than returned.
    static let trimThreshold = 32 << 20

    /// Sets the thresholds, unless `GLIBC_TUNABLES` in `environment` sets malloc's own (an
    /// operator's choice wins). Returns whether they were set; false off glibc, too.
    @discardableResult
    public static func keepLargeBuffers(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        if MallocTunables.setByOperator(in: environment) { return false }
        return gamepack_malloc_keep_large_buffers(mmapThreshold, trimThreshold) == 1
    }
}
