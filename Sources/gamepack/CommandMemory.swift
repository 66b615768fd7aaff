import CMallocTuning
import Foundation

/// How a command that reads its input, writes its output and exits (`lint`, `build`, `diff`,
/// …) asks glibc's malloc to grow its heaps: by `heapTopPad` bytes at a time.
///
/// Such a command allocates hundreds of thousands of small blocks on two or more threads. A
/// thread's heap otherwise grows by the page or two each allocation lacks, one `mprotect` call
/// each: 4,149 calls in a `diff` of two 8 MB content files, 19 with the pad (`strace -c`,
/// 2026-11-29), and 2 to 7% of the wall time of `lint`, `build` and `diff`
/// (`benchmarks/README.md`, "Heap growth"). Address space is reserved, not memory: a page is
/// touched only when a block uses it. The servers (`serve`, `preview`, `studio`) are
/// `LongRunningCommand`s and keep glibc's defaults or `ServerMemory`'s.
enum CommandMemory {
    static let heapTopPad = 32 << 20

    /// Sets the pad, unless `GLIBC_TUNABLES` in `environment` sets malloc's own (an operator's
    /// choice wins). Returns whether it was set; false off glibc, too.
    @discardableResult
    static func padHeapTops(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        if let tunables = environment["GLIBC_TUNABLES"], tunables.contains("glibc.malloc.") { return false }
        return gamepack_malloc_pad_heap_tops(heapTopPad) == 1
    }
}

/// A command that runs until it is stopped (a server), whose memory `CommandMemory` leaves alone.
protocol LongRunningCommand {}
